package flows

import (
	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/diagnostics"
)

// DateLayout is how `quarantine: {until:}` writes its date.
const DateLayout = "2006-01-02"

// Quarantine is `quarantine:`: the flow runs and is reported, but its
// failure does not fail the run until the day after Until (docs/flows.md
// "Quarantine").
type Quarantine struct {
	Owner  string
	Until  time.Time // a date, midnight UTC
	Reason string
	Pos    Pos // of the quarantine key
}

// Active says whether the quarantine still holds on the day of now, in
// now's time zone: it holds through the whole of its until day.
func (q *Quarantine) Active(now time.Time) bool {
	if q == nil {
		return false
	}
	today, _ := time.Parse(DateLayout, now.Format(DateLayout))
	return !today.After(q.Until)
}

// UntilText is the until date as written.
func (q *Quarantine) UntilText() string { return q.Until.Format(DateLayout) }

// Retries is `retries:`: how often a failed flow runs again, after which
// failures, and how long it waits first (docs/flows.md "Retries").
type Retries struct {
	Count int
	// On are the failure reasons worth a retry (empty: any).
	On []diagnostics.Reason
	// Backoff is the wait before the first retry, doubled before each
	// next one (0: none).
	Backoff time.Duration
	Pos     Pos
}

// RetriesOn reports whether a failure of this reason is worth a retry.
func (r *Retries) RetriesOn(reason diagnostics.Reason) bool {
	if r == nil || len(r.On) == 0 {
		return true
	}
	for _, o := range r.On {
		if o == reason {
			return true
		}
	}
	return false
}

// Wait is the backoff before retry number n (1: the first retry).
func (r *Retries) Wait(n int) time.Duration {
	if r == nil || r.Backoff <= 0 || n < 1 {
		return 0
	}
	d := r.Backoff
	for i := 1; i < n && d < time.Hour; i++ {
		d *= 2
	}
	return d
}

// failureClasses are the words `retries: {on:}` accepts: the failure
// reasons (docs/results.md "Reasons").
func failureClasses() []string {
	rs := diagnostics.Reasons()
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = string(r)
	}
	return out
}

// classHints name the reason a word users bring from other tools is
// (Checkly's "network error" is a navigation failure here).
var classHints = map[string]diagnostics.Reason{"network": diagnostics.ReasonNavigation}

// quarantineField reads `quarantine: {owner, until, reason}`, all three
// required.
func (p *parser) quarantineField(o *obj) {
	e, ok := o.get("quarantine")
	if !ok {
		return
	}
	m := p.mapping(e.v, "quarantine")
	if m == nil {
		return
	}
	p.unknownKeys(m, "quarantine", keysOf(quarantineFields), nil)
	q := &Quarantine{Pos: p.pos(e.k)}
	complete := true
	for _, k := range keysOf(quarantineFields) {
		v := m.val(k)
		if v == nil {
			p.errorf(m.node, "quarantine needs %s: %s", k, quarantineExample)
			complete = false
			continue
		}
		s := strings.TrimSpace(p.text(v, "quarantine "+k))
		if s == "" {
			p.errorf(p.resolve(v), "quarantine %s must not be empty: %s", k, quarantineExample)
			complete = false
			continue
		}
		switch k {
		case "owner":
			q.Owner = s
		case "reason":
			q.Reason = s
		case "until":
			d, err := time.Parse(DateLayout, s)
			if err != nil {
				p.errorf(p.resolve(v), "quarantine until must be a date YYYY-MM-DD such as 2026-12-31, not %q", s)
				complete = false
			}
			q.Until = d
		}
	}
	if complete {
		p.flow.Quarantine = q
	}
}

const quarantineExample = "quarantine: {owner: alice, until: 2026-12-31, reason: TICKET-12 the search index lags}"

// retriesField reads `retries:`, a whole number or {count, on, backoff}.
func (p *parser) retriesField(o *obj) {
	e, ok := o.get("retries")
	if !ok {
		return
	}
	r := &Retries{Pos: p.pos(e.k)}
	n := p.resolve(e.v)
	if n == nil {
		return
	}
	if n.Kind != yaml.MappingNode {
		c, ok := p.integer(n, "retries", 0)
		if !ok {
			return
		}
		r.Count = c
		p.flow.Retries = r
		return
	}
	m := p.mapping(n, "retries")
	p.unknownKeys(m, "retries", keysOf(retriesFields), nil)
	v := m.val("count")
	if v == nil {
		p.errorf(n, "retries needs count: how often a failed flow runs again, retries: {count: 2, on: [navigation, browser], backoff: 2s}")
		return
	}
	c, ok := p.integer(v, "retries count", 0)
	if !ok {
		return
	}
	r.Count = c
	if v := m.val("on"); v != nil {
		r.On = p.failureClasses(v)
	}
	if v := m.val("backoff"); v != nil {
		r.Backoff, _ = p.duration(v, "retries backoff", true)
	}
	p.flow.Retries = r
}

// failureClasses reads `retries: {on:}`: failure reasons, each known.
func (p *parser) failureClasses(n *yaml.Node) []diagnostics.Reason {
	words, nodes := p.strList(n, "retries on", false)
	known := failureClasses()
	var out []diagnostics.Reason
	for i, w := range words {
		if contains(known, w) {
			out = append(out, diagnostics.Reason(w))
			continue
		}
		hint := didYouMean(w, known)
		if r, ok := classHints[w]; ok {
			hint = fmt.Sprintf("; %s failures are %q here", w, r)
		}
		p.errorf(nodes[i], "retries on: unknown failure class %q%s; known: %s", w, hint, strings.Join(known, ", "))
	}
	return out
}
