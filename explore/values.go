package explore

import (
	"regexp"
	"strconv"
)

// fieldFacts are what the walk reads of a form field to choose a value.
type fieldFacts struct {
	Type         string // the input's type: text, email, number, …; "" for a textarea or an editable host
	Name         string // its name attribute
	Label        string // its accessible name
	Autocomplete string
	Min, Max     string
}

// valueRule is one rule of plausibleValue: a field whose type is one of
// types, or whose name, label or autocomplete matches words, gets value.
type valueRule struct {
	types []string
	words *regexp.Regexp
	value string
}

// valueRules are tried in order (docs/explore.md "Forms"): the input type
// first, then the words of the field's name, label and autocomplete.
var valueRules = []valueRule{
	{types: []string{"email"}, words: regexp.MustCompile(`(?i)e-?mail`), value: "qa@example.com"},
	{types: []string{"password"}, words: regexp.MustCompile(`(?i)pass(word|phrase)?|\bpin\b`), value: "Sm0keflow-pass!"},
	{types: []string{"tel"}, words: regexp.MustCompile(`(?i)phone|mobile|\btel`), value: "+1 555 0100"},
	{types: []string{"url"}, words: regexp.MustCompile(`(?i)\burl\b|website|homepage|\blink\b`), value: "https://example.com"},
	{types: []string{"date"}, value: "2024-05-17"},
	{types: []string{"datetime-local"}, value: "2024-05-17T10:30"},
	{types: []string{"time"}, value: "10:30"},
	{types: []string{"month"}, value: "2024-05"},
	{types: []string{"week"}, value: "2024-W20"},
	{types: []string{"search"}, words: regexp.MustCompile(`(?i)search|query|\bq\b|find`), value: "test"},
	{words: regexp.MustCompile(`(?i)birth|\bdob\b|\bdate\b`), value: "1990-05-17"},
	{words: regexp.MustCompile(`(?i)first.?name|given.?name|\bfname\b`), value: "Ada"},
	{words: regexp.MustCompile(`(?i)last.?name|family.?name|surname|\blname\b`), value: "Lovelace"},
	{words: regexp.MustCompile(`(?i)user.?name|login|handle`), value: "ada_lovelace"},
	{words: regexp.MustCompile(`(?i)company|organi[sz]ation`), value: "Analytical Engines Ltd"},
	{words: regexp.MustCompile(`(?i)zip|postal|post.?code`), value: "94103"},
	{words: regexp.MustCompile(`(?i)city|town`), value: "London"},
	{words: regexp.MustCompile(`(?i)country`), value: "United Kingdom"},
	{words: regexp.MustCompile(`(?i)address|street`), value: "12 Analytical Street"},
	{words: regexp.MustCompile(`(?i)\bage\b`), value: "30"},
	{words: regexp.MustCompile(`(?i)qty|quantity|amount|count|number`), value: "2"},
	{words: regexp.MustCompile(`(?i)\bname\b`), value: "Ada Lovelace"},
	{words: regexp.MustCompile(`(?i)message|comment|feedback|description|note|bio|about`), value: "Hello from smokeflow explore."},
	{words: regexp.MustCompile(`(?i)subject|title`), value: "Hello"},
}

// plausibleValue is the value a first-time user would type into a field
// (docs/explore.md "Forms").
func plausibleValue(f fieldFacts) string {
	for _, r := range valueRules {
		for _, t := range r.types {
			if f.Type == t {
				return r.value
			}
		}
	}
	if f.Type == "number" || f.Type == "range" {
		return numberIn(f.Min, f.Max)
	}
	for _, r := range valueRules {
		if r.words == nil {
			continue
		}
		for _, s := range []string{f.Name, f.Label, f.Autocomplete} {
			if s != "" && r.words.MatchString(s) {
				return r.value
			}
		}
	}
	return "Test"
}

// numberIn is 3, or the nearest to it within [min, max].
func numberIn(min, max string) string {
	v := 3.0
	if lo, err := strconv.ParseFloat(min, 64); err == nil && v < lo {
		v = lo
	}
	if hi, err := strconv.ParseFloat(max, 64); err == nil && v > hi {
		v = hi
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
