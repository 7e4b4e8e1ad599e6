package explore

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

// formPlan is a form the walk fills and submits: its submit button, the
// steps that fill its fields (required ones first), and the controls of
// the form it leaves to those steps (docs/explore.md "Forms").
type formPlan struct {
	submit   *locate.Node
	submitT  *flows.Target
	label    string // `form "Sign up"`
	fields   []*reproStep
	held     map[*locate.Node]bool
	required int // fields marked required
	planned  bool
}

// holds reports a control the form's plan takes care of.
func (fp *formPlan) holds(n *locate.Node) bool { return n == fp.submit || fp.held[n] }

var (
	// consent are the checkboxes a user ticks to go ahead.
	consent = regexp.MustCompile(`(?i)agree|terms|accept|consent|confirm|privacy`)
	// marked is a label that says its field is required.
	marked = regexp.MustCompile(`(?i)\*\s*$|\(required\)|\brequired\b`)
	// placeholderOption is an option that asks to choose.
	placeholderOption = regexp.MustCompile(`(?i)^(choose|select|pick|please|--|—|-)`)
	// fieldRoles take a value in a form.
	fieldRoles = map[string]bool{"textbox": true, "searchbox": true, "spinbutton": true, "combobox": true,
		"checkbox": true, "radio": true, "switch": true, "slider": true}
	// noFill are input types the walk leaves as they are.
	noFill = map[string]bool{"file": true, "color": true, "range": true, "hidden": true, "image": true}
)

// formPlan plans the form f once per page: nil when it has no submit
// button, or one the walk must not press.
func (w *walker) formPlan(ctx context.Context, v *visit, f *locate.Node) *formPlan {
	if fp, ok := v.forms[f]; ok {
		return fp
	}
	v.forms[f] = nil
	fp := &formPlan{held: map[*locate.Node]bool{}}
	var fields []*locate.Node
	for _, n := range v.snap.All {
		if n.Ref == "" || !n.Within(f) || !n.Visible || n.Disabled {
			continue
		}
		if n.Role == "button" {
			w.formButton(ctx, v, fp, n)
		} else if fieldRoles[n.Role] || n.Editable() {
			fields = append(fields, n)
		}
	}
	if fp.submit == nil {
		return nil
	}
	name := locate.Normalize(f.Name)
	if name == "" {
		name = locate.Normalize(fp.submit.Name)
	}
	fp.label = fmt.Sprintf("form %q", clip(name, 60))
	if p := w.avoid.match(fp.submit.Name, name); p != "" {
		w.skip(v.url, fp.label, "matches the avoid pattern "+p)
		return nil
	}
	t, err := locate.TargetFor(v.snap, fp.submit)
	if err != nil {
		w.skip(v.url, fp.label, "no target finds its submit button again: "+err.Error())
		return nil
	}
	fp.submitT = t
	w.planFields(ctx, v, fp, fields)
	v.forms[f] = fp
	return fp
}

// formButton sorts a button of a form: the first submit button is the
// form's; other submit and reset buttons are left alone; the others are
// clicked as any button.
func (w *walker) formButton(ctx context.Context, v *visit, fp *formPlan, n *locate.Node) {
	typ, err := v.s.Attr(ctx, n, "type")
	if err != nil {
		return
	}
	switch strings.ToLower(typ) {
	case "submit", "image":
		if fp.submit == nil {
			fp.submit = n
			return
		}
		w.skip(v.url, nodeLabel(n), "another submit button of its form")
	case "reset":
		w.skip(v.url, nodeLabel(n), "it resets its form")
	default:
		return
	}
	fp.held[n] = true
}

// planFields makes the steps that fill the fields: a plausible value in
// each text field, the consent checkboxes and required ones ticked, the
// first radio button of each group, the first real option of each
// select; required fields first, in document order.
func (w *walker) planFields(ctx context.Context, v *visit, fp *formPlan, fields []*locate.Node) {
	type planned struct {
		step     *reproStep
		required bool
	}
	var out []planned
	groups := map[string]bool{}
	for _, n := range fields {
		fp.held[n] = true
		required := n.Required || marked.MatchString(n.Name)
		if required {
			fp.required++
		}
		facts := w.facts(ctx, v, n)
		st := w.fieldStep(v, n, facts, required, groups)
		if st != nil {
			out = append(out, planned{st, required})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].required && !out[j].required })
	for _, p := range out {
		fp.fields = append(fp.fields, p.step)
	}
}

// facts reads what chooses a field's value.
func (w *walker) facts(ctx context.Context, v *visit, n *locate.Node) fieldFacts {
	f := fieldFacts{Label: locate.Normalize(n.Name)}
	for _, a := range []struct {
		name string
		to   *string
	}{{"type", &f.Type}, {"name", &f.Name}, {"autocomplete", &f.Autocomplete}, {"min", &f.Min}, {"max", &f.Max}} {
		if val, err := v.s.Attr(ctx, n, a.name); err == nil {
			*a.to = strings.ToLower(val)
		}
	}
	if n.Tag != "input" {
		f.Type = ""
	}
	return f
}

// fieldStep is the step that fills one field, or nil to leave it.
func (w *walker) fieldStep(v *visit, n *locate.Node, f fieldFacts, required bool, groups map[string]bool) *reproStep {
	t, err := locate.TargetFor(v.snap, n)
	if err != nil {
		w.skip(v.url, nodeLabel(n), "no target finds it again: "+err.Error())
		return nil
	}
	label := nodeLabel(n)
	switch {
	case n.Role == "checkbox" || n.Role == "switch":
		if required || consent.MatchString(n.Name) {
			return &reproStep{step: &flows.Step{Action: &flows.Check{Act: flows.ActionCheck, Target: t}}, say: "Tick the " + label}
		}
	case n.Role == "radio":
		if !groups[f.Name] {
			groups[f.Name] = true
			return &reproStep{step: &flows.Step{Action: &flows.Check{Act: flows.ActionCheck, Target: t}}, say: "Choose the " + label}
		}
	case n.Tag == "select":
		for _, o := range n.Children {
			if opt := locate.Normalize(o.Name); o.Role == "option" && opt != "" && !placeholderOption.MatchString(opt) {
				return &reproStep{step: &flows.Step{Action: &flows.Select{Target: t, Options: []string{opt}}},
					say: fmt.Sprintf("Choose %q in the %s", opt, label)}
			}
		}
	case n.Editable() && !noFill[f.Type]:
		val := plausibleValue(f)
		return &reproStep{step: &flows.Step{Action: &flows.Fill{Target: t, Value: val}}, say: fmt.Sprintf("Fill the %s with %q", label, val)}
	}
	return nil
}

// submitForm submits a form twice, each time on the page as it opened:
// filled with plausible values, then empty.
func (w *walker) submitForm(ctx context.Context, v *visit, a *action) error {
	for _, filled := range []bool{true, false} {
		if w.budget() != "" {
			return nil
		}
		if err := w.formAttempt(ctx, v, a, filled); err != nil {
			return err
		}
	}
	return nil
}

// formAttempt fills (or not) and submits the form, and reports what went
// wrong: a server error, console errors, failed requests, slowness, and,
// for the empty submission, a form that goes ahead without its required
// fields.
func (w *walker) formAttempt(ctx context.Context, v *visit, a *action, filled bool) error {
	fp := a.form
	doing, how := "fill and submit", "filled in"
	if !filled {
		doing, how = "submit empty", "empty"
	}
	s, err := w.begin(ctx, v, a, doing)
	if s == nil {
		return err
	}
	v.dirty = true
	repro := []*reproStep{openStep(w.start, v.url)}
	if filled {
		for _, st := range fp.fields {
			if _, err := s.Do(ctx, st.step); err != nil {
				if fatal(ctx, err) {
					return err
				}
				w.skip(v.url, fp.label, "a field could not be filled: "+firstLine(err.Error()))
				continue
			}
			repro = append(repro, st)
		}
		if len(repro) > 1 {
			// leave the last field as a person does, so that a list of
			// suggestions or a picker it opened closes (docs/explore.md "Forms")
			leave := &reproStep{step: &flows.Step{Action: &flows.Press{Key: "Tab"}}}
			if _, err := s.Do(ctx, leave.step); err == nil {
				repro = append(repro, leave)
			} else if fatal(ctx, err) {
				return err
			}
		}
	}
	c := measure(ctx, s)
	t0 := time.Now()
	if _, err := s.Do(ctx, &flows.Step{Action: &flows.Pointer{Target: fp.submitT}}); err != nil {
		if fatal(ctx, err) {
			return err
		}
		if filled && covered(err) {
			// what the filling opened, not the page: the empty attempt
			// clicks the button on the page as it opened
			w.skip(v.url, fp.label, "its button was covered once the fields were filled: "+firstLine(err.Error()))
			return nil
		}
		return w.clickFailed(ctx, v, s, a, err)
	}
	repro = append(repro, clickStep(fp.submitT, nodeLabel(fp.submit)))
	e, err := w.observe(ctx, s, c, t0)
	if err != nil {
		return err
	}
	cause := fmt.Sprintf("after submitting the %s %s on %s", fp.label, how, relative(w.start, v.url))
	var fs []*Finding
	fs = w.keep(fs, w.serverError(v, a, &e, repro, filled, typed(repro)))
	fs = append(fs, w.judge(ctx, v, s, a, e, repro, cause)...)
	if !filled {
		fs = w.keep(fs, w.acceptsEmpty(ctx, v, s, a, e, repro))
	}
	w.shoot(ctx, s, fmt.Sprintf("p%02d-a%02d", v.n, v.action), fs)
	return nil
}

// typed are the values the steps fill in, of three characters or more.
func typed(repro []*reproStep) []string {
	var out []string
	for _, s := range repro {
		if f, ok := s.step.Action.(*flows.Fill); ok && len(f.Value) >= 3 {
			out = append(out, f.Value)
		}
	}
	return out
}

// holdsAny reports a URL that holds one of the values, as typed or
// escaped: a request the page made of what the walk typed (a URL typed
// into a URL box), whose failure is the walk's guess, not the app's bug.
func holdsAny(raw string, values []string) bool {
	dec, err := url.QueryUnescape(raw)
	if err != nil {
		dec = raw
	}
	for _, v := range values {
		if strings.Contains(raw, v) || strings.Contains(dec, v) {
			return true
		}
	}
	return false
}

// refused are the statuses of a server that turns down what was sent:
// not a bug of the app's, whose values the walk guessed.
var refused = map[int]bool{400: true, 401: true, 403: true, 409: true, 422: true}

// serverError takes the 5xx answers and network errors out of e.failed
// and makes them one finding; it also takes out (and logs) the statuses
// of a refusal.
func (w *walker) serverError(v *visit, a *action, e *effects, repro []*reproStep, filled bool, values []string) *Finding {
	var bad, rest []results.Request
	for _, r := range e.failed {
		switch {
		case r.Status == 0 || r.Status >= 500:
			bad = append(bad, r)
		case refused[r.Status]:
			w.skip(v.url, a.form.label, fmt.Sprintf("the server refused it: %s %s %d", r.Method, r.URL, r.Status))
		case holdsAny(r.URL, values):
			w.skip(v.url, a.form.label, fmt.Sprintf("a request made of the walk's own value failed: %s %s %d", r.Method, r.URL, r.Status))
		default:
			rest = append(rest, r)
		}
	}
	e.failed = rest
	if len(bad) == 0 {
		return nil
	}
	how, key := "a filled-in", "filled"
	if !filled {
		how, key = "an empty", "empty"
	}
	what := bad[0].Error
	if bad[0].Status != 0 {
		what = statusText(bad[0].Status)
	}
	f := newFinding(KindFormServer, a.key+"|"+key, fmt.Sprintf("The %s on %s answers %s to %s submission",
		a.form.label, relative(w.start, v.url), what, how), v.url)
	f.Requests = bad
	f.Expected = "the server answers the submission"
	f.Actual = bad[0].Method + " " + bad[0].URL + " " + what
	f.repro = steps(repro, []*reproStep{waitStep(evidenceWait(e.last)), expectStep(flows.ExpectNoFailedRequests)})
	return f
}

// errorWords are what a page says when it refuses a form.
var errorWords = regexp.MustCompile(`(?i)\b(required|invalid|error|please|must|missing|not valid|can(no|')t be (blank|empty))\b`)

// acceptsEmpty reports a form that went ahead with its required fields
// empty: it sent something or went to another page, was not refused, and
// shows no error; what it showed instead is what the repro expects to be
// hidden.
func (w *walker) acceptsEmpty(ctx context.Context, v *visit, s *session.Session, a *action, e effects, repro []*reproStep) *Finding {
	fp := a.form
	if fp.required == 0 || !e.changed || len(e.failed) > 0 || e.newDoc == "" && !e.requested || s.Status() >= 400 {
		return nil
	}
	after, err := s.Snapshot(ctx)
	if err != nil {
		return nil
	}
	had := map[string]bool{}
	for _, n := range v.snap.All {
		had[locate.Normalize(n.Name)] = true
	}
	for _, n := range after.All {
		t := locate.Normalize(n.Name)
		if n.Visible && !had[t] && (n.Role == "alert" || n.Role == "alertdialog" || errorWords.MatchString(t)) {
			return nil
		}
	}
	text := newText(v.snap, after)
	if text == "" {
		w.skip(v.url, fp.label, "went ahead when submitted empty, but shows no new text to expect")
		return nil
	}
	f := newFinding(KindFormEmpty, a.key, fmt.Sprintf("The %s on %s goes ahead with its required fields empty",
		fp.label, relative(w.start, v.url)), v.url)
	f.Expected = fmt.Sprintf("the form refuses an empty submission (%s marked required)", words.Counted(fp.required, "field"))
	f.Actual = fmt.Sprintf("it went ahead and shows %q", text)
	f.repro = steps(repro, []*reproStep{waitStep(evidenceWait(e.took.took)), {step: &flows.Step{Action: &flows.Expect{
		Kind: flows.ExpectHidden, Target: &flows.Target{Text: text}}, Timeout: checkTimeout}}})
	return f
}
