package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/smokeflow/smokeflow/diagnostics"
)

// hiddenJS finds elements named like the phrase that the page does not
// render (display:none, visibility:hidden, [hidden], no size): the
// accessibility tree leaves them out, so only the DOM can tell.
const hiddenJS = `(phrase) => {
  const norm = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const want = norm(phrase).toLowerCase();
  const out = [];
  const why = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const d = e === el ? '' : ' (on ' + e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ')';
      if (cs.display === 'none') return 'display:none' + d;
      if (e.hidden) return 'hidden attribute' + d;
    }
    if (getComputedStyle(el).visibility === 'hidden') return 'visibility:hidden';
    return 'no size';
  };
  const visit = (root) => {
    for (const el of root.querySelectorAll('button,a,input,select,textarea,summary,label,[role],[aria-label],[placeholder],[onclick]')) {
      if (out.length >= 10) return;
      if (el.shadowRoot) visit(el.shadowRoot);
      if (el.checkVisibility({visibilityProperty: true})) continue;
      const name = norm(el.getAttribute('aria-label') || el.getAttribute('placeholder') || el.innerText || el.textContent || el.value);
      if (!name.toLowerCase().includes(want)) continue;
      out.push({role: el.getAttribute('role') || el.tagName.toLowerCase(), name: name.slice(0, 80), why: why(el)});
    }
  };
  visit(document);
  return out;
}`

// hiddenMatches turns "not found" into "hidden" when the page holds
// matching elements it does not render, and says what hides them.
func (ss *Session) hiddenMatches(ctx context.Context, d *diagnostics.Diagnostics, phrase string) {
	b, _ := json.Marshal(phrase)
	r, err := ss.page.EvalOwn(ctx, "("+hiddenJS+")("+string(b)+")")
	if err != nil {
		return
	}
	var found []struct{ Role, Name, Why string }
	if json.Unmarshal([]byte(r.Value.JSON("", "")), &found) != nil || len(found) == 0 {
		return
	}
	d.Reason = diagnostics.ReasonHidden
	d.Message = fmt.Sprintf("no visible element matches %q; %d hidden one(s) do", phrase, len(found))
	for _, f := range found {
		d.Candidates = append(d.Candidates, diagnostics.Candidate{Role: f.Role, Name: f.Name, CoveredBy: "", Visible: false, Enabled: true})
		d.Hints = append(d.Hints, fmt.Sprintf("%s %q is hidden by %s", f.Role, f.Name, f.Why))
	}
}
