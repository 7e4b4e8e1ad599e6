package flows

import (
	"fmt"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// URLPattern is a pattern of request URLs, one grammar wherever a flow
// names requests (docs/flows.md "URL patterns"): a GLOB matched against
// the whole URL (`**` any run of characters, `*` any run without a `/`,
// every other character itself), or `/regex/flags` (flags i, m, s)
// searched in it. A route's `url:` may hold ${...} until it is
// registered, and a route's glob starting with / is joined to the base
// URL then (docs/flows.md "Routes").
type URLPattern struct {
	Source string         // as written
	Re     *regexp.Regexp // nil until compiled
}

// IsRegex reports whether the pattern is written `/regex/flags`: it ends
// with a / and flags i, m or s only. Anything else is a glob.
func (u URLPattern) IsRegex() bool {
	body, flags, ok := regexLiteral(u.Source)
	return ok && body != "" && strings.Trim(flags, "ims") == ""
}

// CompileURLPattern compiles a pattern as written (once interpolated).
func CompileURLPattern(s string) (URLPattern, error) {
	u := URLPattern{Source: s}
	if u.IsRegex() {
		re, err := CompileMatch(s)
		u.Re = re
		return u, err
	}
	u.Re = globRegexp(s)
	return u, nil
}

// ParseURLPattern reads one entry of a list of URLs to leave out
// (`ignore_requests`, `no_failed_requests: {ignore}`), which is literal
// and not joined to a base URL: an empty pattern, and a glob that could
// match no URL, are errors that say what to write.
func ParseURLPattern(s string) (URLPattern, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return URLPattern{}, fmt.Errorf("an empty URL pattern matches nothing; write a GLOB such as **/*.woff2 or a /regex/")
	}
	u, err := CompileURLPattern(t)
	u.Source = s
	if err != nil || u.IsRegex() {
		return u, err
	}
	if !strings.HasPrefix(t, "*") && !strings.Contains(t, "://") {
		// a glob is matched whole, and every URL starts with its scheme
		a, b := "**"+t+"**", "*://"+t+"/**"
		if strings.HasPrefix(t, "/") { // a path: on any host
			a, b = "**"+t, "**"+t+"**"
		}
		return URLPattern{}, fmt.Errorf("the glob %q is matched against the whole URL, so it can never match one; write %q or %q", t, a, b)
	}
	return u, nil
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

// Match reports whether url matches the (compiled) pattern.
func (u URLPattern) Match(url string) bool { return u.Re != nil && u.Re.MatchString(url) }

func (u URLPattern) String() string { return u.Source }

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
		ss = append(ss, p.Source)
	}
	return stringsNode(ss)
}
