package words

import "testing"

func TestCounts(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Count(1, "flow that passed is", "flows that passed are"), "1 flow that passed is"},
		{Count(0, "flow", "flows"), "0 flows"},
		{Count(2, "match", "matches"), "2 matches"},
		{Counted(1, "button"), "1 button"},
		{Counted(3, "button"), "3 buttons"},
		{Counted(2, "searchbox"), "2 searchboxes"},
		{Counted(2, "match"), "2 matches"},
		{Counted(5, "more control"), "5 more controls"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
