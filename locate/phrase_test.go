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
