package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// Artifacts are named after the flow and the step, never after counters,
// so that a run's screenshot can serve as the next run's baseline
// (docs/session.md "Artifact names").

var slugRe = regexp.MustCompile(`[^a-z0-9]+`)

// slug is s in lower case, each run of other characters than a-z and 0-9
// a dash, cut to max characters; "" when nothing is left.
func slug(s string, max int) string {
	s = strings.Trim(slugRe.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > max {
		s = s[:max]
	}
	return s
}

// FlowSlug is the name of a flow's artifacts folder: its name as a slug
// of at most 60 characters, or "flow".
func FlowSlug(name string) string {
	if s := slug(name, 60); s != "" {
		return s
	}
	return "flow"
}

// stepKey is what a step's artifacts are named after: the name its
// screenshot, snapshot or baseline gives, else the step's name, else its
// action and target as written, as a slug of at most 50 characters
// ("step" for a step without an action).
func stepKey(s *flows.Step) string {
	action := actionName(s)
	for _, k := range []string{s.ArtifactName(), s.Name, action + " " + s.Subject()} {
		if k = strings.TrimRight(slug(k, 50), "-"); k != "" {
			return k
		}
	}
	if action == "" {
		return "step"
	}
	return action
}

// names hands out the artifact keys of the steps a session runs: a key
// taken by an earlier step gets the first free suffix, -2, -3, ...
type names struct {
	used map[string]bool
}

func (n *names) claim(base string) string {
	k := base
	for i := 2; n.used[k]; i++ {
		k = fmt.Sprintf("%s-%d", base, i)
	}
	n.used[k] = true
	return k
}

// artifact writes a file into the session's folder and records it.
func (ss *Session) artifact(kind, name string, data []byte) (string, error) {
	rel := filepath.ToSlash(filepath.Join(ss.opts.Dir, name))
	full := filepath.Join(ss.opts.ArtifactsDir, ss.opts.Dir, name)
	if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
		return "", failWith(diagnostics.ReasonFile, fmt.Errorf("cannot write artifact: %w", err))
	}
	if err := os.WriteFile(full, data, 0o644); err != nil {
		return "", failWith(diagnostics.ReasonFile, fmt.Errorf("cannot write artifact: %w", err))
	}
	ss.artifacts = append(ss.artifacts, results.Artifact{Kind: kind, Name: name, Path: rel})
	return rel, nil
}

// pageEvents is what the session's tabs reported, tab by tab.
type pageEvents struct {
	console []browser.ConsoleEntry
	failed  []browser.FailedRequest
	dialogs []browser.Dialog
	navs    []browser.Navigation
	blocked []browser.Blocked
}

// events reads what the tabs reported so far, or what they had reported
// when the session closed.
func (ss *Session) events() *pageEvents {
	if ss.ended != nil {
		return ss.ended
	}
	ev := &pageEvents{}
	for _, p := range ss.tabs() {
		ev.console = append(ev.console, p.Console()...)
		ev.failed = append(ev.failed, p.FailedRequests()...)
		ev.dialogs = append(ev.dialogs, p.Dialogs()...)
		ev.navs = append(ev.navs, p.Navigations()...)
	}
	ev.blocked = ss.bctx.Blocked()
	return ev
}

// Console is what every tab logged (errors, warnings, uncaught
// exceptions), tab by tab, secrets masked.
func (ss *Session) Console() []results.Console {
	var out []results.Console
	for _, c := range ss.events().console {
		out = append(out, results.Console{Type: c.Type, Text: ss.mask.Mask(c.Text), URL: c.URL, Time: c.Time})
	}
	return out
}

// FailedRequests are every tab's failed requests (network errors, 4xx and
// 5xx), tab by tab, secrets masked.
func (ss *Session) FailedRequests() []results.Request {
	var out []results.Request
	for _, r := range ss.events().failed {
		out = append(out, results.Request{Method: r.Method, URL: ss.mask.Mask(r.URL), Status: r.Status, Error: r.Error, Time: r.Time})
	}
	return out
}

// Dialogs are the native dialogs every tab opened and how they were
// answered, tab by tab, secrets masked.
func (ss *Session) Dialogs() []results.Dialog {
	var out []results.Dialog
	for _, d := range ss.events().dialogs {
		out = append(out, results.Dialog{Type: string(d.Type), Message: ss.mask.Mask(d.Message),
			URL: ss.mask.Mask(d.URL), Accepted: d.Accepted, Text: ss.mask.Mask(d.Text), Time: d.Time})
	}
	return out
}

// Blocked are the requests the context's allowed domains stopped, in
// order, secrets masked (docs/security.md "Allowed domains").
func (ss *Session) Blocked() []results.Blocked {
	var out []results.Blocked
	for _, b := range ss.events().blocked {
		out = append(out, results.Blocked{URL: ss.mask.Mask(b.URL), Type: b.Type, Why: b.Why, Time: b.Time})
	}
	return out
}

// Navigations are the navigations of every tab's main frame, tab by tab,
// secrets masked.
func (ss *Session) Navigations() []browser.Navigation {
	var out []browser.Navigation
	for _, n := range ss.events().navs {
		n.URL = ss.mask.Mask(n.URL)
		out = append(out, n)
	}
	return out
}

// Close ends the session (docs/session.md "Closing"): it writes
// console.log and network.log when there is something to write, keeps the
// downloads that completed, and closes the first tab. The accessors then
// answer with what the tabs had reported. The browser context stays
// open: it is the caller's.
func (ss *Session) Close() error {
	if ss.ended != nil {
		return nil
	}
	ev := ss.events()
	ss.ended = ev
	var errs []error
	var cl strings.Builder
	for _, c := range ev.console {
		fmt.Fprintf(&cl, "%s [%s] %s\n", c.Time.Format(time.RFC3339Nano), c.Type, ss.mask.Mask(c.Text))
	}
	if cl.Len() > 0 {
		_, err := ss.artifact(results.ArtifactConsole, "console.log", []byte(cl.String()))
		errs = append(errs, err)
	}
	var nl strings.Builder
	for _, r := range ev.failed {
		fmt.Fprintf(&nl, "%s %s\n", r.Time.Format(time.RFC3339Nano), ss.mask.Mask(r.String()))
	}
	for _, b := range ev.blocked {
		fmt.Fprintf(&nl, "%s %s\n", b.Time.Format(time.RFC3339Nano), ss.mask.Mask(b.String()))
	}
	if nl.Len() > 0 {
		_, err := ss.artifact(results.ArtifactNetwork, "network.log", []byte(nl.String()))
		errs = append(errs, err)
	}
	ss.saveDownloads(nil, nil)
	if first := ss.pg.all[0]; !first.Closed() { // an agent may have closed it (`tab close 0`)
		errs = append(errs, first.Close())
	}
	return errors.Join(errs...)
}
