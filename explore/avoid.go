package explore

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
)

// DefaultAvoid are the controls the walk never acts on, whatever else it
// is told (docs/explore.md "What it never clicks"): regular expressions,
// matched case-insensitively as whole words against a control's name and,
// for a link, its URL's path.
var DefaultAvoid = []string{
	`delete`, `remove`, `destroy`, `erase`, `wipe`, `purge`, `discard`,
	`deactivate`, `terminate`, `revoke`, `disable account`,
	`log[ -]?out`, `log[ -]?off`, `sign[ -]?out`, `unsubscribe`, `unregister`,
	`pay`, `payment`, `purchase`, `buy`,
	`(place|confirm|submit) (the |your |my )?order`,
	`cancel (the |your |my )?(subscription|membership|plan|account|order)`,
	`close (the |your |my )?account`, `reset all`, `transfer`,
}

// avoider matches the controls not to act on.
type avoider struct {
	res []*regexp.Regexp
	src []string
}

// newAvoider compiles DefaultAvoid, as whole words, and the extra patterns
// as written (case-insensitive).
func newAvoider(extra []string) (*avoider, error) {
	a := &avoider{}
	all := append(append([]string(nil), DefaultAvoid...), extra...)
	for i, p := range all {
		src := `(?i)` + p
		if i < len(DefaultAvoid) {
			src = `(?i)\b(?:` + p + `)\b`
		}
		re, err := regexp.Compile(src)
		if err != nil {
			return nil, &OptionError{What: "avoid pattern", Value: p, Why: err.Error()}
		}
		a.res = append(a.res, re)
		a.src = append(a.src, p)
	}
	return a, nil
}

// match returns the pattern the first of texts matches ("" when none).
func (a *avoider) match(texts ...string) string {
	for _, t := range texts {
		if t == "" {
			continue
		}
		for i, re := range a.res {
			if re.MatchString(t) {
				return a.src[i]
			}
		}
	}
	return ""
}

// ReadAvoidFile reads patterns from a file, one a line; blank lines and
// lines starting with # are left out.
func ReadAvoidFile(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if _, err := regexp.Compile(t); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		out = append(out, t)
	}
	return out, sc.Err()
}
