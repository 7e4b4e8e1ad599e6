package flows

import (
	"fmt"
	"regexp"
	"strings"
)

// Interpolate returns a copy of m with its strings interpolated and its
// regex compiled.
func (m *Match) Interpolate(sc *Scope) (*Match, error) {
	if m == nil {
		return nil, nil
	}
	c := &Match{}
	var err error
	str := func(s *string) *string {
		if s == nil || err != nil {
			return nil
		}
		var v string
		v, err = Interpolate(*s, sc)
		return &v
	}
	c.Equals, c.Contains = str(m.Equals), str(m.Contains)
	if m.Matches != nil && err == nil {
		src := m.Matches.Source
		if src, err = Interpolate(src, sc); err == nil {
			var re *regexp.Regexp
			if re, err = CompileMatch(src); err == nil {
				c.Matches = &Regex{Source: src, Re: re}
			}
		}
	}
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Test reports whether s satisfies m (after Interpolate).
func (m *Match) Test(s string) bool {
	switch {
	case m == nil:
		return true
	case m.Equals != nil:
		return s == *m.Equals
	case m.Contains != nil:
		return strings.Contains(s, *m.Contains)
	case m.Matches != nil && m.Matches.Re != nil:
		return m.Matches.Re.MatchString(s)
	}
	return false
}

// String renders m for messages: `equals "x"`.
func (m *Match) String() string {
	switch {
	case m == nil:
		return ""
	case m.Equals != nil:
		return fmt.Sprintf("equals %q", *m.Equals)
	case m.Contains != nil:
		return fmt.Sprintf("contains %q", *m.Contains)
	case m.Matches != nil:
		return fmt.Sprintf("matches %s", m.Matches.Source)
	}
	return ""
}
