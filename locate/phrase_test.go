package locate

import (
	"reflect"
	"testing"
)

// docs/targets.md "Resolution", 3: a quoted part is looked for alone only
// when it is the one quoted part and the words around it describe it.
func TestPhraseCandidates(t *testing.T) {
	cases := map[string][]string{
		`the button labeled "Place order"`: {"Place order", `the button labeled "Place order"`},
		`“Place order” button`:             {"Place order", `“Place order” button`},
		`labeled "Sign in"`:                {"Sign in", `labeled "Sign in"`},
		`"Save"`:                           {"Save", `"Save"`},
		`"name": "Nobody"`:                 {`"name": "Nobody"`},
		`"id": 1`:                          {`"id": 1`},
		`{"id": 1}`:                        {`{"id": 1}`},
		`Say "hi" to Ada`:                  {`Say "hi" to Ada`},
		`the "Save" and "Cancel" buttons`:  {`the "Save" and "Cancel" buttons`},
		`"type": "button"`:                 {`"type": "button"`},
		`Save button`:                      {"Save button", "save"},
		`Place order`:                      {"Place order"},
	}
	for in, want := range cases {
		var got []string
		for _, c := range phraseCandidates(in) {
			got = append(got, c.text)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("phraseCandidates(%q) = %q, want %q", in, got, want)
		}
	}
}

// docs/targets.md "Resolution", 3: the step's own verb opening a phrase is
// filler around a quoted name, as the, button and labeled are; only a
// leading one, so a role word that looks like a verb still hints.
func TestPhraseCandidatesStepVerbs(t *testing.T) {
	cases := []struct {
		in    string
		first string   // the first candidate
		roles []string // its role hint
	}{
		{`click the button labeled "Place order"`, "Place order", []string{"button"}},
		{`Click "Place order"`, "Place order", nil},
		{`press the "Place order" button`, "Place order", []string{"button"}},
		{`tap "Place order"`, "Place order", nil},
		{`choose the option "Express"`, "Express", []string{"option"}},
		{`select "Express"`, "Express", nil}, // a verb here, not a dropdown
		{`select the dropdown "Country"`, "Country", []string{"combobox", "listbox"}},
		{`check the check box "I agree"`, "I agree", []string{"checkbox"}},
		{`check "I agree"`, "I agree", nil},
		{`fill the field labeled "Email"`, "Email", []string{"textbox", "searchbox", "combobox", "spinbutton"}},
		{`type into "Search"`, `type into "Search"`, nil}, // into is no filler: matched whole
		{`type "Search"`, "Search", nil},
		{`open the link "Pricing"`, "Pricing", []string{"link"}},
		{`go to the link named "Pricing"`, "Pricing", []string{"link"}},
		{`go to "Settings"`, "Settings", nil},
		// not leading: the words are part of what was written
		{`the button click "Place order"`, `the button click "Place order"`, nil},
		{`clicking "Place order"`, `clicking "Place order"`, nil},
	}
	for _, c := range cases {
		got := phraseCandidates(c.in)
		if got[0].text != c.first || !reflect.DeepEqual(got[0].roles, c.roles) {
			t.Errorf("phraseCandidates(%q)[0] = %q %q, want %q %q", c.in, got[0].text, got[0].roles, c.first, c.roles)
		}
		if got[0].text != c.in && got[1].text != c.in {
			t.Errorf("phraseCandidates(%q): the whole phrase is not the second candidate: %q", c.in, got)
		}
	}
}
