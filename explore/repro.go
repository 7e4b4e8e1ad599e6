package explore

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// checkTimeout bounds a repro flow's check that is retried (a count, a
// hidden text, a click): while the bug is there it fails after this long
// instead of the default step timeout.
const checkTimeout = time.Second

// openStep opens a page: its path when it is on the start URL's origin
// (the flow's base_url), else its whole URL.
func openStep(base *url.URL, page string) *reproStep {
	return &reproStep{step: &flows.Step{Action: &flows.Open{URL: relative(base, page)}}, say: "Open " + page}
}

// expectStep is a check of the no_console_errors or no_failed_requests
// kind.
func expectStep(kind string) *reproStep {
	return &reproStep{step: &flows.Step{Action: &flows.Expect{Kind: kind}}}
}

// clickStep clicks a target.
func clickStep(t *flows.Target, label string) *reproStep {
	return &reproStep{step: &flows.Step{Action: &flows.Pointer{Target: t}}, say: "Click the " + label}
}

// waitStep lets what an action started happen before a check that reads
// what happened so far (docs/explore.md "Repro flows"); nil for none.
func waitStep(d time.Duration) *reproStep {
	if d <= 0 {
		return nil
	}
	return &reproStep{step: &flows.Step{Action: &flows.Wait{Duration: d}}}
}

// steps joins repro steps, leaving out the nil ones.
func steps(parts ...[]*reproStep) []*reproStep {
	var out []*reproStep
	for _, p := range parts {
		for _, s := range p {
			if s != nil {
				out = append(out, s)
			}
		}
	}
	return out
}

// consoleFinding is a console error or an uncaught exception; cause says
// when it came (`on /dashboard`, `after clicking the button "Save" on
// /settings`). The repro replays the steps, waits, and checks the
// console.
func consoleFinding(c results.Console, page, cause string, repro []*reproStep, wait time.Duration) *Finding {
	k, word := KindConsoleError, "Console error"
	if c.Type == "exception" {
		k, word = KindException, "Uncaught exception"
	}
	text := firstLine(c.Text)
	f := newFinding(k, c.Text, fmt.Sprintf("%s %s: %s", word, cause, clip(text, 100)), page)
	f.Console = []results.Console{c}
	f.Expected, f.Actual = "no console error", c.Type+": "+text
	f.repro = steps(repro, []*reproStep{waitStep(wait), expectStep(flows.ExpectNoConsoleErrors)})
	return f
}

// requestFindings are the failed requests, one finding per host and
// failure (a 404 of one host, a network error of another): twelve images
// of a host that is down are one bug.
func requestFindings(base *url.URL, rs []results.Request, page, cause string, repro []*reproStep, wait time.Duration) []*Finding {
	var fs []*Finding
	by := map[string]*Finding{}
	for _, r := range rs {
		what := r.Error
		if r.Status != 0 {
			what = statusText(r.Status)
		}
		k := urlOf(r.URL).Host + " " + what
		if f := by[k]; f != nil {
			f.Requests = append(f.Requests, r)
			f.Title = fmt.Sprintf("%d requests to %s fail %s: %s", len(f.Requests), urlOf(r.URL).Host, cause, what)
			f.Actual += "; " + r.Method + " " + r.URL + " " + what
			continue
		}
		f := newFinding(KindFailedRequest, k, fmt.Sprintf("Request %s %s fails %s: %s",
			r.Method, clip(relative(base, r.URL), 80), cause, what), page)
		f.Requests = []results.Request{r}
		f.Expected, f.Actual = "every request succeeds", r.Method+" "+r.URL+" "+what
		f.repro = steps(repro, []*reproStep{waitStep(wait), expectStep(flows.ExpectNoFailedRequests)})
		by[k] = f
		fs = append(fs, f)
	}
	for _, f := range fs {
		// the same requests failing on another page are the same bug
		urls := make([]string, len(f.Requests))
		for i, r := range f.Requests {
			urls[i] = r.Method + " " + r.URL
		}
		sort.Strings(urls)
		f.key += "|" + strings.Join(urls, ",")
	}
	return fs
}

// statusText is "404 Not Found".
func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return strconv.Itoa(code) + " " + t
	}
	return strconv.Itoa(code)
}

// nodeLabel names a control as the report does: `button "Save"`.
func nodeLabel(n *locate.Node) string {
	role := n.Role
	if role == "generic" || role == "none" || role == "" {
		role = "element"
		if n.Tag != "" {
			role = n.Tag + " element"
		}
	}
	if name := locate.Normalize(n.Name); name != "" {
		return fmt.Sprintf("%s %q", role, clip(name, 60))
	}
	return role + " with no name"
}

// firstLine is the first line of s.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return strings.TrimSpace(s)
}

// clip cuts s to n runes with an ellipsis.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// round writes a duration to the tenth of a second.
func round(d time.Duration) string { return d.Round(100 * time.Millisecond).String() }

// urlOf parses a URL the walk made itself; an empty URL if it does not
// parse.
func urlOf(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		return &url.URL{}
	}
	return u
}

// jsString writes s as a JavaScript string literal for an `eval` step,
// with `${` escaped from interpolation (docs/flows.md "eval").
func jsString(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		return `""`
	}
	return strings.ReplaceAll(string(b), "${", "$${")
}

// evidenceWait is how long a repro flow waits after its action before a
// check of what happened so far: twice as long as the bug took to show
// in the walk, in tenths of a second, from 300 ms to 5 s; none when it
// showed at once (docs/explore.md "Repro flows").
func evidenceWait(last time.Duration) time.Duration {
	if last <= 50*time.Millisecond {
		return 0
	}
	d := (2*last + 99*time.Millisecond).Truncate(100 * time.Millisecond)
	return min(max(d, 300*time.Millisecond), 5*time.Second)
}
