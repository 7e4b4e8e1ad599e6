package flows

import (
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// A flow file's YAML syntax errors as its author needs them: at the line
// at fault, with what to write instead (docs/flows.md "YAML errors").

// yamlParserErrors are the messages of yaml.v3's parser (the others come
// from its scanner).
var yamlParserErrors = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found undefined tag handle":             true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// yamlError records a syntax error of the file's YAML at the line at
// fault, with the fix where yamlFix knows one.
func (p *parser) yamlError(err error) {
	msg, line := yamlMessage(err)
	line = faultLine(p.lines, msg, line)
	line = max(1, min(line, len(p.lines)))
	col, text := 1, ""
	if line <= len(p.lines) {
		text = p.lines[line-1]
		col = len([]rune(text)) - len([]rune(strings.TrimLeft(text, " \t"))) + 1
	}
	if fix := yamlFix(msg, text); fix != "" {
		msg += "; " + fix
	}
	p.errorAt(Pos{File: p.file, Line: line, Col: col}, "YAML: %s", msg)
}

// yamlMessage is err's message without its prefix, and the line yaml.v3
// names (1 when it names none). yaml.v3 gives the 0-based line for parser
// (not scanner) errors.
func yamlMessage(err error) (string, int) {
	msg := err.Error()
	m := yamlLineRE.FindStringSubmatch(msg)
	if m == nil {
		return strings.TrimPrefix(msg, "yaml: "), 1
	}
	line, _ := strconv.Atoi(m[1])
	if yamlParserErrors[m[2]] {
		line++
	}
	return m[2], line
}

// faultLine is the line at fault for the error msg that yaml.v3 names at
// line: the last line of the shortest part of the file, from its start,
// that fails with the same error. yaml.v3 names the line where the
// construct it was reading starts, which may be lines above the fault (a
// step indented one space too far is named at the first step of its
// list, an alias to no anchor at line 1).
func faultLine(lines []string, msg string, line int) int {
	for k := max(line, 1); k <= len(lines); k++ {
		err := decodeAll(strings.Join(lines[:k], "\n"))
		if err == nil {
			continue
		}
		if m, l := yamlMessage(err); m == msg && l == line {
			return k
		}
	}
	return line
}

// decodeAll decodes every document of src, returning the first error.
func decodeAll(src string) error {
	dec := yaml.NewDecoder(strings.NewReader(src))
	for {
		var n yaml.Node
		switch err := decodeYAML(dec, &n); {
		case errors.Is(err, io.EOF):
			return nil
		case err != nil:
			return err
		}
	}
}

// yamlFix is what to write instead, for yaml.v3's commonest messages on
// text, the line at fault; "" for the others.
func yamlFix(msg, text string) string {
	quoteIt := func(why string) string {
		if q := quotedLine(text); q != "" {
			return why + "; put the value in quotes: " + q
		}
		return why + "; put the value in quotes"
	}
	switch {
	case msg == "mapping values are not allowed in this context":
		return quoteIt(`a plain value cannot hold ": " (a colon and a space)`)
	case msg == "mapping keys are not allowed in this context":
		return quoteIt(`a plain value cannot start with "? "`)
	case msg == "block sequence entries are not allowed in this context":
		return quoteIt(`a plain value cannot start with "- "`)
	case msg == "found character that cannot start any token", strings.HasPrefix(msg, "unknown anchor"):
		return quoteIt("a plain value cannot start with @, `, % or *")
	case strings.HasPrefix(msg, "found a tab character"):
		return "indent with spaces: YAML takes no tabs in indentation"
	case msg == "did not find expected '-' indicator":
		return `indent this line as the other "- " lines of its list are`
	case msg == "did not find expected key" && quotedThenMore(text):
		return quoteIt("a quoted value ends at its closing quote, and more text follows it")
	case msg == "did not find expected key":
		return "this line is not indented as the lines it belongs with are: line it up with the other keys of its map or \"- \" lines of its list"
	case msg == "could not find expected ':'":
		return `write "key: value" on this line, or put a value that goes on over lines in quotes`
	case msg == "found unexpected end of stream":
		return "a quote opened on this line is not closed; close it"
	case msg == "found unknown escape character":
		return `in double quotes a backslash starts an escape: write \\ for a backslash, or use single quotes`
	case msg == "did not find expected ',' or ']'":
		return `a value that starts with "[" is a list: end it with "]", or put the value in quotes`
	case msg == "did not find expected ',' or '}'":
		return `in "{ ... }" a value that holds ": " or "," needs quotes, and the map ends with "}"`
	}
	return ""
}

// keyValueRE splits a line into its indentation and list dash, key and
// plain value.
var keyValueRE = regexp.MustCompile(`^\s*((?:-\s+)?[^\s:'"#{}\[\]][^:#{}\[\]]*?):\s+(.*?)\s*$`)

// keyValue is text, a "key: value" line, as its key (with its
// indentation and list dash) and plain value; ok is false when text is
// no such line or its value is empty.
func keyValue(text string) (key, value string, ok bool) {
	m := keyValueRE.FindStringSubmatch(text)
	if m == nil || m[2] == "" {
		return "", "", false
	}
	return m[1], m[2], true
}

// quotedLine is text, a "key: value" line, with its value in quotes, ""
// when text is not such a line or its value is a map or list.
func quotedLine(text string) string {
	key, value, ok := keyValue(text)
	if !ok || strings.ContainsAny(value[:1], "{[") {
		return ""
	}
	return key + ": " + quoteYAML(value)
}

// quotedThenMore says the value of the "key: value" line text starts with
// a quote.
func quotedThenMore(text string) bool {
	_, value, ok := keyValue(text)
	return ok && strings.ContainsAny(value[:1], `"'`)
}

// quoteYAML quotes v for YAML: in double quotes unless it holds one and
// no single quote.
func quoteYAML(v string) string {
	if strings.Contains(v, `"`) && !strings.Contains(v, "'") {
		return "'" + v + "'"
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// localTags reports each scalar that YAML reads as tagged, since a plain
// value starting with "!" names a tag ("- click: !important" is the
// empty string tagged !important), and makes it the text it was meant to
// be.
func (p *parser) localTags(n *yaml.Node) {
	if n.Kind == yaml.ScalarNode && n.Tag != "" && !strings.HasPrefix(n.Tag, "!!") {
		text := strings.TrimSpace(n.Tag + " " + n.Value)
		p.errorf(n, "YAML reads %q as a tag, not text; put the value in quotes: %s", n.Tag, quoteYAML(text))
		n.Tag, n.Value = "!!str", text
	}
	for _, c := range n.Content {
		p.localTags(c)
	}
}
