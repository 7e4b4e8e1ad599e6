package session

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// logBlocked puts the requests the allowed domains stopped since the last
// look in the step's log (docs/security.md "Allowed domains").
func (ss *Session) logBlocked(rec *results.Step) {
	all := ss.bctx.Blocked()
	for _, b := range all[min(ss.pg.blocked, len(all)):] {
		rec.Log = append(rec.Log, ss.mask.Mask(b.String()))
	}
	ss.pg.blocked = len(all)
}

// blockedOpen is the failure of an open step whose page the allowed
// domains blocked (it, or a redirect on the way), with reason policy; nil
// for any other navigation error.
func (ss *Session) blockedOpen(ne *browser.NavigateError) error {
	d := ss.bctx.AllowedDomains()
	if d == nil || !strings.Contains(ne.Text, "ERR_BLOCKED_BY_CLIENT") {
		return nil
	}
	what := ne.URL
	all := ss.bctx.Blocked()
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].Type == "Document" {
			what = all[i].URL
			break
		}
	}
	msg := fmt.Sprintf("cannot open %s: blocked: %s is %s (%s)", ne.URL, hostOf(what), why(d.Check(what)), d)
	if what != ne.URL {
		msg = fmt.Sprintf("cannot open %s: it goes on to %s, which is blocked: %s is %s (%s)", ne.URL, what, hostOf(what), why(d.Check(what)), d)
	}
	return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonPolicy, Message: msg,
		Hints: []string{"add the host to the flow's allowed_domains (and the run's allowed domains) if the flow may go there"}}}
}

// hostOf is the host of a URL, or the URL when it has none.
func hostOf(u string) string {
	if p, err := url.Parse(u); err == nil && p.Host != "" {
		return p.Host
	}
	return u
}

// why says why an allowlist blocks a URL.
func why(v flows.Verdict) string {
	if v == flows.NotWeb {
		return "not a web address"
	}
	return "not in the allowed domains"
}

// requestAllowed fails a request step's call (or a redirect of it) to a
// host the context's allowed domains block: smokeflow's own HTTP calls
// keep to them as the browser's do.
func (ss *Session) requestAllowed(u string) error {
	d := ss.bctx.AllowedDomains()
	v := d.Check(u)
	if v == flows.Allowed {
		return nil
	}
	msg := fmt.Sprintf("request %s: blocked: %s is %s (%s)", u, hostOf(u), why(v), d)
	return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonPolicy, Message: msg,
		Hints: []string{"add the host to the flow's allowed_domains (and the run's allowed domains) if the flow may call it"}}}
}
