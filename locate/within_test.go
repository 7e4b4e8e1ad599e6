package locate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// A target whose `within` container has no visible match fails on the
// container, as the container was given, not on what it looked for
// inside it (docs/targets.md "Resolution", 5).
func TestWithinContainerMatchedNothing(t *testing.T) {
	snap := tree(t, `
list Todos
  listitem Buy milk
    button Done
region Archive
  button Restore
region Trash (hidden)
  button Empty (hidden)
`)
	// no element matches the selector: what package browser answers
	noCSS := func(context.Context, string) (map[NodeKey]bool, error) { return map[NodeKey]bool{}, nil }
	cases := []struct {
		target, msg, phrase string
		why                 diagnostics.Reason
	}{
		{"{name: Done, within: {css: .todo-list}}", `the container css=".todo-list" matched nothing`, "", diagnostics.ReasonNotFound},
		{"{name: Done, within: {role: list, name: Chores}}", `the container role="list" name="Chores" matched nothing`, "Chores", diagnostics.ReasonNotFound},
		{"{name: Restore, within: Archived}", `the container "Archived" matched nothing`, "Archived", diagnostics.ReasonNotFound},
		{"{name: Done, within: {text: Groceries}}", `the container text="Groceries" matched nothing`, "Groceries", diagnostics.ReasonNotFound},
		{"{name: Done, within: {testid: todos}}", `the container testid="todos" matched nothing`, "", diagnostics.ReasonNotFound},
		// the innermost container that matched nothing is the one named
		{"{name: Done, within: {role: listitem, within: {css: .todo-list}}}", `the container css=".todo-list" matched nothing`, "", diagnostics.ReasonNotFound},
		{"{name: Empty, within: {role: region, name: Trash}}", `the container role="region" name="Trash" matched 1 element(s), none visible`, "Trash", diagnostics.ReasonHidden},
	}
	for _, c := range cases {
		tg, err := flows.ParseTargetYAML(c.target)
		if err != nil {
			t.Fatal(err)
		}
		r := Resolve(context.Background(), snap, nil, tg, noCSS)
		var ce *ContainerError
		if !errors.As(r.Err, &ce) {
			t.Errorf("%s: Resolve gave %v, want a ContainerError", c.target, r.Err)
			continue
		}
		if ce.Error() != c.msg || ce.Phrase != c.phrase || ReasonOf(r.Err) != c.why {
			t.Errorf("%s: got %q (phrase %q, %s), want %q (phrase %q, %s)", c.target, ce.Error(), ce.Phrase, ReasonOf(r.Err), c.msg, c.phrase, c.why)
		}
		// counting (expect count, visible, hidden) says the same
		if _, _, err := Count(context.Background(), snap, nil, tg, noCSS); !errors.As(err, &ce) || ce.Error() != c.msg {
			t.Errorf("%s: Count gave %v, want %q", c.target, err, c.msg)
		}
	}
	// a container that matches still scopes as before
	if got := pick(t, snap, "{name: Restore, within: {role: region, name: Archive}}"); got != "button Restore @1 in Archive" {
		t.Errorf("within a container that matches: got %s", got)
	}
}

// A css query the page could not parse is the target's fault: a
// not_found that names the selector. Any other failure of the query (the
// deadline cut the read short) is no read of the page, and keeps its
// cause, so that a poll knows the try for one cut short (docs/targets.md
// "When waiting ends").
func TestCSSQueryFailures(t *testing.T) {
	snap := tree(t, `
list Todos
  listitem Buy milk
    button Done
`)
	bad := func(context.Context, string) (map[NodeKey]bool, error) {
		return nil, fmt.Errorf("%w (DOM Error while querying)", ErrBadCSS)
	}
	cutShort := func(context.Context, string) (map[NodeKey]bool, error) { return nil, context.DeadlineExceeded }
	for _, target := range []string{"{css: 'li[['}", "{name: Done, within: {css: 'li[['}}"} {
		tg, err := flows.ParseTargetYAML(target)
		if err != nil {
			t.Fatal(err)
		}
		r := Resolve(context.Background(), snap, nil, tg, bad)
		var re *ResolveError
		if !errors.As(r.Err, &re) || ReasonOf(r.Err) != diagnostics.ReasonNotFound || !re.Final || !strings.Contains(re.Msg, `bad css selector "li[["`) {
			t.Errorf("%s, a selector the page cannot parse: got %v, want a final not_found naming the selector", target, r.Err)
		}
		if _, _, err := Count(context.Background(), snap, nil, tg, cutShort); errors.As(err, &re) || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s, a query the deadline cut short: got %T %v, want the deadline, not a verdict", target, err, err)
		}
	}
}
