package textdist

import "testing"

func TestLevenshtein(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{{"", "", 0}, {"click", "clik", 1}, {"kitten", "sitting", 3}, {"log in", "sign in", 3}, {"café", "cafe", 1}, {"", "abc", 3}} {
		if got := Levenshtein(c.a, c.b); got != c.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	names := []string{"email", "password", "qty"}
	for _, c := range []struct{ s, want string }{
		{"emial", "email"}, {"EMAIL", "email"}, {"pasword", "password"}, {"zzz", ""}, {"xyz", ""}, {"address", ""},
	} {
		if got := Nearest(c.s, names); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.s, got, c.want)
		}
	}
	if got := Nearest("x", nil); got != "" {
		t.Errorf("Nearest with no candidates = %q", got)
	}
}
