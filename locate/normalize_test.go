package locate

import "testing"

func TestNormalize(t *testing.T) {
	cases := map[string]string{
		"":                    "",
		"Sign in":             "Sign in",
		"  Sign \n\t in  ":    "Sign in",
		"Sign  in":            "Sign in",
		"Pl\u00adace order":   "Place order",
		"Zero\u200bwidth":     "Zerowidth",
		"Café  crème":         "Café crème",
		"Ada Lovelace \u25be": "Ada Lovelace \u25be",
	}
	for in, want := range cases {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzNormalize: the ASCII fast path never changes what Normalize returns.
func FuzzNormalize(f *testing.F) {
	f.Add("Sign in")
	f.Add(" a  b ")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Normalize(s), normalize(s); got != want {
			t.Fatalf("Normalize(%q) = %q, the full path gives %q", s, got, want)
		}
	})
}
