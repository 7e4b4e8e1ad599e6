package session

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// The action policy in a session (docs/security.md "Action policy"): each
// step is checked before it acts. A step that acts on an element is
// checked on the element it resolved, so that `click: @e5` meets the
// rules about the name of e5; the others on what they are written with.

// ConfirmMode is what a rule's confirm does in a session.
type ConfirmMode int

const (
	// ConfirmDenies: a step to confirm fails, with reason policy (a flow
	// run that was not told to confirm steps).
	ConfirmDenies ConfirmMode = iota
	// ConfirmAllows: a step to confirm runs (a run told to confirm).
	ConfirmAllows
	// ConfirmAsks: a step to confirm does not run; Do returns a
	// *ConfirmRequired whose token Confirm takes, once (a session driven
	// by an agent or a person, docs/security.md "Confirmations").
	ConfirmAsks
)

// ConfirmRequired is a step that a confirm rule holds back until
// Session.Confirm is given its token.
type ConfirmRequired struct {
	Token string
	// Decision is the rule that asks for the confirmation.
	Decision flows.Decision
	// What is the action and what it acts on: `click "Pay now"`.
	What string
}

func (e *ConfirmRequired) Error() string {
	return fmt.Sprintf("%s needs a confirmation (%s): not done; confirm it with the token %s", e.What, e.Decision, e.Token)
}

// maxPending bounds the confirmations a session keeps waiting.
const maxPending = 16

// pendingStep is a step held back by a confirm rule.
type pendingStep struct {
	token string
	step  *flows.Step
}

// Confirm runs the step that the token was given for, as Do runs it,
// with its confirm rule taken as answered; deny rules still apply. A
// token works once: an unknown or used one is an error, and nothing runs.
func (ss *Session) Confirm(ctx context.Context, token string) (*results.Step, error) {
	for i, p := range ss.pending {
		if p.token != token {
			continue
		}
		ss.pending = append(ss.pending[:i], ss.pending[i+1:]...)
		ss.confirmed = p.step
		defer func() { ss.confirmed = nil }()
		return ss.Do(ctx, p.step)
	}
	return nil, fmt.Errorf("no step waits for a confirmation with the token %q (a token works once)", token)
}

// checkPolicy decides a step before it runs: at once when it does not act
// on an element, else on the element it resolves (through the context
// the step acts under, which it returns). A step that activates an element
// meets the rules on click about that element too (docs/security.md "What
// a rule on click covers"): the element it resolves; the one its key
// activates on it, or on the focused element when it has no target.
func (ss *Session) checkPolicy(c *stepCall) (context.Context, error) {
	pol := ss.opts.Policy
	if pol == nil {
		return c.sctx, nil
	}
	kind := string(c.s.Action.Name())
	subject := ss.subjectOf(c)
	act := c.s.Activation(c.sc)
	if !pol.Covers(string(flows.ActionClick)) {
		act = flows.Activation{} // no rule on click to meet
	}
	if !c.s.ActsOnElement() {
		var activated *browser.Activated
		if act.By == flows.ActivatesByKey {
			a, err := ss.page.FocusActivates(c.sctx, act.Key)
			if err != nil {
				return c.sctx, unknownActivation(kind, subject, err)
			}
			activated = a
		}
		return c.sctx, ss.decide(c, kind, subject, activated)
	}
	guard := func(n *locate.Node) error {
		s := subject
		s.Texts = append([]string{n.Name}, s.Texts...)
		var activated *browser.Activated
		switch act.By {
		case flows.ActivatesTarget:
			activated = &browser.Activated{Role: n.Role, Name: n.Name, Self: true}
		case flows.ActivatesByKey:
			a, err := ss.page.Activates(c.sctx, n, act.Key)
			if err != nil {
				// a look that failed is no decision: tried again in the
				// step's time (docs/security.md "What a rule on click covers")
				return &browser.GuardUndecided{Err: unknownActivation(kind, s, err)}
			}
			activated = a
		}
		return ss.decide(c, kind, s, activated)
	}
	return browser.WithActGuard(c.sctx, guard), nil
}

// unknownActivation fails a step whose activated element could not be
// found: the policy cannot clear it, so it is not done.
func unknownActivation(kind string, s flows.Subject, err error) error {
	msg := fmt.Sprintf("%s is not done: the policy could not tell which element it activates (%v)", describe(kind, s), err)
	return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonPolicy, Message: msg}}
}

// subjectOf is what a step acts on, as the policy's patterns see it.
func (ss *Session) subjectOf(c *stepCall) flows.Subject {
	var s flows.Subject
	str := func(v string) string {
		if out, err := flows.Interpolate(v, c.sc); err == nil {
			return out
		}
		return v
	}
	u, text := c.s.PolicySubject()
	if u != "" {
		s.URL = str(u)
		if u, err := flows.JoinURL(ss.base, s.URL); err == nil {
			s.URL = u
		}
	}
	if text != "" {
		s.Texts = append(s.Texts, str(text))
	}
	s.Texts = append(s.Texts, targetTexts(c.t)...)
	return s
}

// targetTexts are a target as written, as the policy's patterns see it.
func targetTexts(t *flows.Target) []string {
	var out []string
	if t == nil {
		return nil
	}
	for _, v := range []string{t.Phrase, t.Name, t.Label, t.Placeholder, t.Text, t.TestID, t.HasText} {
		if v != "" {
			out = append(out, v)
		}
	}
	if t.Ref != "" {
		out = append(out, "@"+t.Ref)
	}
	return out
}

// clickSubject is the element a step activates as the rules on click see
// it: its accessible name, and the target as written when it is the
// step's own element (docs/security.md "What a rule on click covers").
func clickSubject(a *browser.Activated, t *flows.Target) *flows.Subject {
	if a == nil {
		return nil
	}
	s := &flows.Subject{Texts: []string{a.Name}}
	if a.Self {
		s.Texts = append(s.Texts, targetTexts(t)...)
	}
	return s
}

// decide applies the policy's decision on the step of c, of that kind,
// acting on s, which activates the element activated (nil: none). Its failure says
// the rule that decided and how to let the step through.
func (ss *Session) decide(c *stepCall, kind string, s flows.Subject, activated *browser.Activated) error {
	step := c.s
	d := ss.opts.Policy.DecideStep(kind, s, clickSubject(activated, c.t))
	what := describe(kind, s)
	if d.Activation && !activated.Self {
		what += " (it activates " + activated.String() + ")"
	}
	switch {
	case d.Effect == flows.Allow:
		return nil
	case d.Effect == flows.Confirm && (ss.confirmed == step || ss.opts.Confirm == ConfirmAllows):
		return nil
	case d.Effect == flows.Confirm && ss.opts.Confirm == ConfirmAsks:
		cr := &ConfirmRequired{Token: newToken(), Decision: d, What: what}
		ss.pending = append(ss.pending, pendingStep{token: cr.Token, step: step})
		if len(ss.pending) > maxPending {
			ss.pending = ss.pending[1:]
		}
		return &stepFailure{err: cr, diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonPolicy, Message: cr.Error()}}
	}
	msg := fmt.Sprintf("%s is denied by the policy: %s", what, d)
	if d.Effect == flows.Confirm {
		msg = fmt.Sprintf("%s needs a confirmation (%s), and the run does not confirm steps", what, d)
	} else if d.Rule == "" {
		msg += ", as no rule allows it"
	}
	if d.Activation {
		msg += ": a rule on click covers every action that activates an element"
	}
	msg += "; to allow it, " + allowHint(kind, s, d)
	return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonPolicy, Message: msg}}
}

// allowHint says how to let a step through that d holds back
// (docs/security.md "Action policy").
func allowHint(kind string, s flows.Subject, d flows.Decision) string {
	switch {
	case d.Rule == "":
		return fmt.Sprintf("add an allow rule such as %q to the policy", s.RuleFor(kind))
	case d.Effect == flows.Confirm:
		return fmt.Sprintf("confirm it (--yes on run), or narrow the confirm rule %q (%s) so that it leaves it out", d.Rule, d.Pos)
	}
	return fmt.Sprintf("narrow the deny rule %q (%s) so that it leaves it out, or remove it: no allow rule can override a deny rule", d.Rule, d.Pos)
}

// describe is the action and its subject for a message: `click "Pay"`.
func describe(kind string, s flows.Subject) string {
	switch {
	case s.URL != "":
		return kind + " " + s.URL
	case len(s.Texts) > 0:
		return fmt.Sprintf("%s %q", kind, s.Texts[0])
	}
	return kind
}

// newToken is a one-time token: 8 random bytes, in hex.
func newToken() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return hex.EncodeToString(b)
}

// policyFailure reports a failure the policy decided: it is not
// diagnosed as a target that could not be acted on.
func policyFailure(err error) bool {
	var sf *stepFailure
	return errors.As(err, &sf) && sf.diag != nil && sf.diag.Reason == diagnostics.ReasonPolicy
}
