package session

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// Recording is what Record saw a person do, as a flow (docs/session.md
// "Recording a flow").
type Recording struct {
	Flow *flows.RecordedFlow
	// Secrets are the values typed into password fields, by the names
	// the flow gives them: for checking the flow, never written.
	Secrets map[string]string
	// Closed: the person closed the window (not: the context ended).
	Closed bool
}

// recorder turns the recorder's calls into steps.
type recorder struct {
	ss       *Session
	rf       *flows.RecordedFlow
	targets  map[elemKey]*flows.Target // by element, what TargetFor found for it
	fillKey  elemKey                   // the field the last step, a fill, filled
	secretOf map[elemKey]string        // the secret of each password field
	values   map[string]string         // the secrets' values, by name
	onStep   func(*flows.Step)
	last     *locate.Snapshot // the page's latest read
	paths    map[string]int64 // where its elements are, read with it
	doc      float64          // its document's performance.timeOrigin
	shown    int              // the steps handed to onStep
}

// elemKey is an element of a recorder's call: its document and number.
type elemKey struct {
	doc int64
	id  int
}

// Record opens url on the session's page with the recorder in it and
// records what the person does there until the page closes (the person
// closed the window) or ctx ends (docs/session.md "Recording a flow").
// onStep gets each step once it is settled (a fill once the person left
// its field), as the flow writes it: secrets as ${secrets.NAME}. An
// error before the first step is a page that could not be opened.
func (ss *Session) Record(ctx context.Context, url string, onStep func(*flows.Step)) (*Recording, error) {
	calls, err := ss.page.Record(ctx)
	if err != nil {
		return nil, err
	}
	open := &flows.Step{Action: &flows.Open{URL: url}}
	if _, err := ss.Do(ctx, open); err != nil {
		return nil, err
	}
	r := &recorder{ss: ss, targets: map[elemKey]*flows.Target{}, secretOf: map[elemKey]string{}, values: map[string]string{}, onStep: onStep,
		rf: &flows.RecordedFlow{Base: origin(ss.pageURL()), Secrets: map[string]string{}}}
	r.add(open, "")
	closed := r.loop(ctx, calls)
	if n := len(r.rf.Steps); n > 0 {
		r.rf.Steps[n-1].To = ss.pageURL()
	}
	r.show(len(r.rf.Steps))
	return &Recording{Flow: r.rf, Secrets: r.values, Closed: closed}, nil
}

// loop handles the recorder's calls until the page closes (true) or ctx
// ends (false). Between calls, a page that changed is read again, so
// that the latest read holds what the person is about to act on even when
// the action takes the page away before its call is handled. The calls
// that came before the page closed are handled too, after it: the
// page's events arrive in order, so they are in calls already, and what
// the person did just before closing the window is kept, its element
// found in the latest read.
func (r *recorder) loop(ctx context.Context, calls <-chan browser.RecordCall) bool {
	defer func() {
		for {
			select {
			case c := <-calls:
				r.handle(ctx, c)
			default:
				return
			}
		}
	}()
	stale, changed := true, r.ss.page.Changed()
	for !r.ss.page.Closed() {
		select {
		case c := <-calls:
			r.handle(ctx, c)
			continue
		default:
		}
		if stale {
			// what changes during the read is read again
			changed = r.ss.page.Changed()
			if r.read(ctx) {
				r.ss.page.RecordReady(ctx)
			}
			stale = false
			continue
		}
		select {
		case <-ctx.Done():
			return false
		case c := <-calls:
			r.handle(ctx, c)
		case <-changed:
			stale = true
		}
	}
	return true
}

// origin is a URL's scheme and host.
func origin(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		if j := strings.IndexByte(u[i+3:], '/'); j >= 0 {
			return u[:i+3+j]
		}
	}
	return u
}

// pageURL is the URL the current tab's main frame last navigated to.
func (ss *Session) pageURL() string {
	navs := ss.page.Navigations()
	if len(navs) == 0 {
		return ""
	}
	return navs[len(navs)-1].URL
}

// handle turns one call into a step, or into a target kept for the
// element's next step (point: the person pressed on it, before the
// page reacts).
func (r *recorder) handle(ctx context.Context, c browser.RecordCall) {
	key := elemKey{c.Document(), c.ID}
	t := r.target(ctx, c, c.ID)
	if c.Kind == "point" || (t == nil && c.Kind != "press") {
		return
	}
	var a flows.Action
	switch c.Kind {
	case "click", "dblclick":
		act := flows.ActionClick
		if c.Kind == "dblclick" {
			act = flows.ActionDblClick
		}
		a = &flows.Pointer{Act: act, Target: t}
	case "fill":
		r.fill(c, key, t)
		return
	case "select":
		a = &flows.Select{Target: t, Options: c.Options}
	case "check", "uncheck":
		a = &flows.Check{Act: flows.ActionName(c.Kind), Target: t}
	case "press":
		a = &flows.Press{Target: t, Key: c.Key}
	case "drag":
		to := r.target(ctx, c, c.To)
		if to == nil {
			return
		}
		a = &flows.Drag{From: t, To: to}
	case "expect":
		a = expectOf(c, t)
	}
	if a != nil {
		r.add(&flows.Step{Action: a}, r.from(c))
	}
}

// expectOf is the expectation the toolbar added on element t
// (docs/session.md "Recording a flow"): visible, its text (contains), its
// value (equals).
func expectOf(c browser.RecordCall, t *flows.Target) flows.Action {
	switch c.What {
	case flows.ExpectText:
		return &flows.Expect{Kind: flows.ExpectText, Target: t, Match: &flows.Match{Contains: &c.Text}}
	case flows.ExpectValue:
		return &flows.Expect{Kind: flows.ExpectValue, Target: t, Match: &flows.Match{Equals: &c.Value}}
	}
	return &flows.Expect{Kind: flows.ExpectVisible, Target: t}
}

// fill records one fill per field: a fill of the field the last step
// filled changes that step's value. A password field's value is a
// secret, named after the field (docs/session.md "Recording a flow").
func (r *recorder) fill(c browser.RecordCall, key elemKey, t *flows.Target) {
	if c.Secret {
		// written as the reference, never as the value: a short password
		// is in no other string (docs/session.md "Recording a flow")
		name := r.secretName(c.Name, key)
		r.rf.Secrets[name], r.values[name] = "", c.Value
		c.Value = "${secrets." + name + "}"
	}
	if n := len(r.rf.Steps); n > 0 && r.fillKey == key {
		if f, ok := r.rf.Steps[n-1].Step.Action.(*flows.Fill); ok {
			f.Value = c.Value
			return
		}
	}
	r.add(&flows.Step{Action: &flows.Fill{Target: t, Value: c.Value}}, r.from(c))
	r.fillKey = key
}

// secretName is the secret of a password field: its name in upper snake
// case (PASSWORD when it has none), and _2, _3… for another field of
// that name; a field keeps the name it got.
func (r *recorder) secretName(field string, key elemKey) string {
	if n, ok := r.secretOf[key]; ok {
		return n
	}
	name := upperSnake(field)
	if name == "" || !unicode.IsLetter(rune(name[0])) {
		name = "PASSWORD"
	}
	base := name
	for i := 2; ; i++ {
		if _, taken := r.rf.Secrets[name]; !taken {
			r.secretOf[key] = name
			return name
		}
		name = base + "_" + strconv.Itoa(i)
	}
}

// upperSnake is s in upper snake case: letters and digits, runs of
// anything else one underscore.
func upperSnake(s string) string {
	var b strings.Builder
	under := false
	for _, c := range s {
		switch {
		case c < 128 && (unicode.IsLetter(c) || unicode.IsDigit(c)):
			if under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = false
			b.WriteRune(unicode.ToUpper(c))
		default:
			under = true
		}
	}
	return b.String()
}

// from is the URL of the page a call came from: the page the person
// acted on, which the page may have left already.
func (r *recorder) from(c browser.RecordCall) string {
	if c.URL != "" {
		return c.URL
	}
	return r.ss.pageURL()
}

// add appends a step done on the page at from: the step before it ended
// there. The steps before it are settled.
func (r *recorder) add(st *flows.Step, from string) {
	if n := len(r.rf.Steps); n > 0 {
		r.rf.Steps[n-1].To = from
	}
	r.show(len(r.rf.Steps))
	r.rf.Steps = append(r.rf.Steps, flows.Recorded{Step: st, From: from, To: from})
	r.fillKey = elemKey{}
}

// show hands the steps before n, not yet shown, to onStep, as the flow
// writes them.
func (r *recorder) show(n int) {
	for ; r.shown < n; r.shown++ {
		if r.onStep != nil {
			r.onStep(r.rf.Exported(r.shown))
		}
	}
}

// target is the target a person writes for element id of call c
// (locate.TargetFor over a snapshot that holds it), kept for the
// element's next calls; nil when the element cannot be found.
func (r *recorder) target(ctx context.Context, c browser.RecordCall, id int) *flows.Target {
	if id == 0 {
		return nil
	}
	key := elemKey{c.Document(), id}
	if t := r.targets[key]; t != nil {
		return t
	}
	backend, err := r.ss.page.RecordedNode(ctx, c, id)
	if err != nil {
		return r.targetAt(c, id)
	}
	// the latest read when it is of the call's document, else a fresh
	// read, else the path in the latest: the element may be gone already
	snap, n := r.find(ctx, c, backend)
	if n == nil {
		return r.targetAt(c, id)
	}
	t := targetFor(snap, n)
	if t != nil {
		r.targets[key] = t
	}
	return t
}

// targetAt is target for an element whose document is gone: found by its
// path in the latest read.
func (r *recorder) targetAt(c browser.RecordCall, id int) *flows.Target {
	path := c.Path
	if id == c.To && c.Kind == "drag" {
		path = c.ToPath
	}
	backend, ok := r.paths[path]
	if !ok || r.last == nil || c.Doc != r.doc {
		return nil
	}
	if n := nodeOf(r.last, backend); n != nil {
		return targetFor(r.last, n)
	}
	return nil
}

// read reads the page, and where its elements are (for targetAt); false
// when the page changed documents meanwhile.
func (r *recorder) read(ctx context.Context) bool {
	doc, err := r.ss.page.DocumentOrigin(ctx)
	if err != nil {
		return false
	}
	paths, err := r.ss.page.DocumentPaths(ctx)
	if err != nil {
		return false
	}
	snap, err := r.ss.page.Snapshot(ctx)
	if err != nil {
		return false
	}
	// all three of one document
	if again, err := r.ss.page.DocumentOrigin(ctx); err != nil || again != doc {
		return false
	}
	r.last, r.paths, r.doc = snap, paths, doc
	return true
}

// targetFor is locate.TargetFor, or the node's role and name when no
// target picks it alone (it is hidden), as export does.
func targetFor(snap *locate.Snapshot, n *locate.Node) *flows.Target {
	t, err := locate.TargetFor(snap, n)
	var re *locate.ResolveError
	if err != nil && errors.As(err, &re) {
		t = &flows.Target{Role: n.Role, Name: n.Name}
	}
	return t
}

// find finds the element of backend node id backend in the latest read,
// when it is of the call's document, or else in a fresh read.
func (r *recorder) find(ctx context.Context, c browser.RecordCall, backend int64) (*locate.Snapshot, *locate.Node) {
	if r.last != nil && c.Doc == r.doc {
		if n := nodeOf(r.last, backend); n != nil {
			return r.last, n
		}
	}
	snap, err := r.ss.page.Snapshot(ctx)
	if err != nil {
		return nil, nil
	}
	if n := nodeOf(snap, backend); n != nil {
		return snap, n
	}
	return nil, nil
}

// nodeOf is the node of snap with backend node id backend, or nil.
func nodeOf(snap *locate.Snapshot, backend int64) *locate.Node {
	for _, n := range snap.All {
		if n.Backend == backend {
			return n
		}
	}
	return nil
}
