package session

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
)

// hiddenMatches turns "not found" into "hidden" when the page holds
// matching elements it does not render, and says what hides them.
func (ss *Session) hiddenMatches(ctx context.Context, d *diagnostics.Diagnostics, phrase string) {
	r, err := ss.page.EvalOwn(ctx, browser.Invoke(browser.HiddenJS(), phrase))
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
