package flows

import (
	"fmt"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// URLPattern is one entry of a list of request URLs: a GLOB matched
// against the whole URL (`**` any run of characters, `*` any run without
// a `/`, every other character itself), or `/regex/flags` searched in it
// (docs/flows.md "URL patterns").
type URLPattern struct {
	Src string // as written
	re  *regexp.Regexp
}

// ParseURLPattern reads one GLOB or /regex/flags. An error says how to
// write it.
func ParseURLPattern(s string) (URLPattern, error) {
	src := s
	s = strings.TrimSpace(s)
	if s == "" {
		return URLPattern{}, fmt.Errorf("an empty URL pattern matches nothing; write a GLOB such as **/*.woff2 or a /regex/")
	}
	if re, ok, err := NameRegex(s); ok {
		if err != nil {
			return URLPattern{}, err
		}
		return URLPattern{Src: src, re: re}, nil
	}
	if !strings.HasPrefix(s, "*") && !strings.Contains(s, "://") {
		// a glob is matched whole, and every URL starts with its scheme
		return URLPattern{}, fmt.Errorf("the glob %q is matched against the whole URL, so it can never match one; write %q or %q", s, "**"+s+"**", "*://"+strings.TrimPrefix(s, "/")+"/**")
	}
	return URLPattern{Src: src, re: globRegexp(s)}, nil
}

// globRegexp is the anchored regexp of a URL glob.
func globRegexp(glob string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(glob); {
		switch {
		case strings.HasPrefix(glob[i:], "**"):
			b.WriteString(".*")
			i += 2
		case glob[i] == '*':
			b.WriteString("[^/]*")
			i++
		default:
			j := i + 1
			for j < len(glob) && glob[j] != '*' {
				j++
			}
			b.WriteString(regexp.QuoteMeta(glob[i:j]))
			i = j
		}
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// Match reports whether url matches the pattern.
func (u URLPattern) Match(url string) bool { return u.re != nil && u.re.MatchString(url) }

func (u URLPattern) String() string { return u.Src }

// URLPatterns is a list of URLPattern; a URL matches it when it matches
// one of them.
type URLPatterns []URLPattern

// Match returns the first pattern url matches.
func (ps URLPatterns) Match(url string) (URLPattern, bool) {
	for _, p := range ps {
		if p.Match(url) {
			return p, true
		}
	}
	return URLPattern{}, false
}

// urlPatterns reads a list of URL patterns (or one), each checked at its
// own position; what names the key for messages.
func (p *parser) urlPatterns(n *yaml.Node, what string) URLPatterns {
	srcs, nodes := p.strList(n, what, false)
	var out URLPatterns
	for i, s := range srcs {
		u, err := ParseURLPattern(s)
		if err != nil {
			p.errorf(nodes[i], "%s: %v", what, err)
			continue
		}
		out = append(out, u)
	}
	if r := p.resolve(n); len(srcs) == 0 && r != nil && r.Kind == yaml.SequenceNode {
		p.errorf(n, "%s must not be empty: list the request URLs to ignore, e.g. [\"**/*.woff2\", \"/analytics|beacon/\"]", what)
	}
	return out
}

func urlPatternsNode(ps URLPatterns) *yaml.Node {
	if len(ps) == 0 {
		return nil
	}
	var ss []string
	for _, p := range ps {
		ss = append(ss, p.Src)
	}
	return stringsNode(ss)
}
