package browser

import (
	"context"
	"testing"
)

// stampOf is the main document's stamp now (watch.js).
func stampOf(t *testing.T, p *Page) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	stamps, all := p.stamps(ctx, p.notedWorlds())
	if !all || len(stamps) != 1 {
		t.Fatalf("one stamp, of the main document: %v (all given: %v)", stamps, all)
	}
	for _, s := range stamps {
		return s
	}
	return ""
}

// The stamp counts what a script sets on a form control with no event and
// no DOM change (docs/targets.md "Reusing a read"): a read that shows the
// control may not stand once it moved. A password field counts by its
// length alone.
func TestAStampCountsWhatAScriptSetsOnAFormControl(t *testing.T) {
	p := openURL(t, sharedBrowser(t), serveHTML(t, `<!doctype html><title>Form</title>
<input id=name><input id=pw type=password value=abc><input id=sub type=checkbox>
<select id=size><option>S<option>M<option>L</select><textarea id=notes></textarea><div id=host></div>
<script>document.getElementById('host').attachShadow({mode: 'open'}).innerHTML = '<input id=inner>';</script>`).URL)
	for _, c := range []struct {
		what, js string
		moves    bool
	}{
		{"a value", `document.getElementById('name').value = 'by a script'`, true},
		{"a box checked", `document.getElementById('sub').checked = true`, true},
		{"a box indeterminate", `document.getElementById('sub').indeterminate = true`, true},
		{"an option selected", `document.getElementById('size').selectedIndex = 2`, true},
		{"a text area's value", `document.getElementById('notes').value = 'notes'`, true},
		{"a value in an open shadow root", `document.getElementById('host').shadowRoot.getElementById('inner').value = 'inner'`, true},
		{"a password of the same length", `document.getElementById('pw').value = 'xyz'`, false},
		{"a password of another length", `document.getElementById('pw').value = 'longer'`, true},
	} {
		before := stampOf(t, p)
		ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
		_, err := p.Eval(ctx, c.js)
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if after := stampOf(t, p); (after != before) != c.moves {
			t.Errorf("%s: the stamp moved %v, want %v (%q, then %q)", c.what, after != before, c.moves, before, after)
		}
	}
}
