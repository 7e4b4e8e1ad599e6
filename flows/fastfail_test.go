package flows

import (
	"testing"
)

// TestWaitsWholeTimeout: only a wait step waits its whole timeout under a
// front end's rest bound (docs/targets.md "When waiting ends").
func TestWaitsWholeTimeout(t *testing.T) {
	if !(&Step{Action: &Wait{}}).WaitsWholeTimeout() {
		t.Error("a wait step must wait its whole timeout")
	}
	if (&Step{Action: &Assert{}}).WaitsWholeTimeout() {
		t.Error("an assert step must not wait its whole timeout")
	}
}

// TestExprSettled: an expression that reads only what no change of the
// page can move (vars, env, response, and status once answered) is
// settled (docs/targets.md "When waiting ends").
func TestExprSettled(t *testing.T) {
	answered, unanswered := &ExprEnv{Status: 404}, &ExprEnv{}
	for _, c := range []struct {
		src  string
		env  *ExprEnv
		want bool
	}{
		{"vars.x == 'a' && env.HOME != ''", unanswered, true},
		{"response.status == 201", unanswered, true},
		{"status == 200", answered, true},
		{"status == 200", unanswered, false},
		{`status == 200 && visible("Save")`, answered, false},
		{"url contains '/done'", answered, false},
		{"(", answered, false},
	} {
		if got := (&Expr{Source: c.src}).Settled(c.env); got != c.want {
			t.Errorf("%q (status %d): Settled = %v, want %v", c.src, c.env.Status, got, c.want)
		}
	}
}

// TestNeededRole: the role an action needs its target to have, whose
// family its near misses are of (docs/targets.md "Near misses").
func TestNeededRole(t *testing.T) {
	for _, c := range []struct {
		a    Action
		want string
	}{
		{&Check{}, "checkbox"}, {&Fill{}, "textbox"}, {&TypeText{}, "textbox"},
		{&Select{}, "combobox"}, {&Pointer{}, ""}, {&Wait{}, ""},
	} {
		if got := (&Step{Action: c.a}).NeededRole(); got != c.want {
			t.Errorf("%T: NeededRole = %q, want %q", c.a, got, c.want)
		}
	}
}
