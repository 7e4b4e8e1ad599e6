package flows

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// URLError is a URL written in a way smokeflow cannot open, most often
// without its scheme (docs/flows.md "URLs").
type URLError struct {
	URL string
	Why string // "has no scheme; write http://localhost:4000"
}

func (e *URLError) Error() string { return fmt.Sprintf("%q %s", e.URL, e.Why) }

// hostFirstRE matches a URL that starts with a host but lacks the scheme:
// localhost, an IP address, a name with a port, www.…
var hostFirstRE = regexp.MustCompile(`(?i)^(localhost|\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\]|[a-z0-9-]+(\.[a-z0-9-]+)*:\d+|www\.[a-z0-9-]+(\.[a-z0-9-]+)*)([:/?#]|$)`)

// webSchemes are what a base URL may start with.
var webSchemes = map[string]bool{"http": true, "https": true, "file": true}

// CheckBaseURL checks a base URL (--base-url, base_url): an absolute
// http://, https:// or file:// URL.
func CheckBaseURL(u string) error {
	return checkAbsolute(u, func(scheme string) bool { return webSchemes[scheme] },
		"a base URL starts with http:// or https://")
}

// CheckPageURL checks the URL of `smokeflow snapshot`: absolute, with any
// scheme the browser opens (http:, https:, file:, about:, data:).
func CheckPageURL(u string) error {
	return checkAbsolute(u, func(string) bool { return true }, "")
}

// CheckOpenURL checks what `open` is given: an absolute URL or a path
// joined to the base URL. A path cannot start with a host and a port, so
// `localhost:4000/login` is a URL without its scheme.
func CheckOpenURL(u string) error {
	u = strings.TrimSpace(u)
	if hostFirstRE.MatchString(u) {
		return &URLError{URL: u, Why: "has no scheme; write http://" + u}
	}
	return nil
}

func checkAbsolute(u string, schemeOK func(string) bool, want string) error {
	u = strings.TrimSpace(u)
	if err := CheckOpenURL(u); err != nil {
		return err
	}
	p, err := url.Parse(u)
	switch {
	case err != nil:
		return &URLError{URL: u, Why: "is not a URL: " + strings.TrimPrefix(err.Error(), fmt.Sprintf("parse %q: ", u))}
	case p.Scheme == "" && strings.HasPrefix(u, "/"):
		return &URLError{URL: u, Why: "is a path, not a URL; write the whole URL, such as http://localhost:4000" + u}
	case p.Scheme == "":
		return &URLError{URL: u, Why: "has no scheme; write https://" + u}
	case !schemeOK(strings.ToLower(p.Scheme)):
		return &URLError{URL: u, Why: "is not a web address; " + want}
	case (p.Scheme == "http" || p.Scheme == "https") && p.Host == "":
		return &URLError{URL: u, Why: "has no host; write it as " + p.Scheme + "://HOST:PORT/PATH"}
	}
	return nil
}

// checkBaseURL reports a literal base_url at its node; one with ${...}
// is checked once interpolated, when the flow runs.
func (p *parser) checkBaseURL(n *yaml.Node, u string) {
	if u == "" || HasInterpolation(u) {
		return
	}
	if err := CheckBaseURL(u); err != nil {
		p.errorf(p.resolve(n), "base_url %v", err)
	}
}

// checkOpenURL reports a literal `open` or `request` URL without its scheme at its
// node.
func (p *parser) checkOpenURL(action string, n *yaml.Node, u string) {
	if u == "" || n == nil || HasInterpolation(u) {
		return
	}
	if err := CheckOpenURL(u); err != nil {
		p.errorf(n, "%s %v", action, err)
	}
}

// schemeRE starts an absolute URL: its scheme.
var schemeRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// needsBase reports a relative URL when there is no base URL to join
// (open and request).
func (p *parser) needsBase(action, u string, at *yaml.Node) {
	u = strings.TrimSpace(u)
	if u != "" && !p.hasBase && !strings.HasPrefix(u, "${") && !schemeRE.MatchString(u) && !strings.HasPrefix(u, "//") {
		p.needAt(p.pos(at), NeedBaseURL, "%s %q: a relative URL needs base_url in the flow or a base URL for the run", action, u)
	}
	p.checkOpenURL(action, at, u)
}

// JoinURL resolves what `open:` is given against the base URL
// (docs/flows.md "URLs"): a whole URL is itself; a path keeps the
// base's path prefix.
func JoinURL(base, u string) (string, error) {
	if err := CheckOpenURL(u); err != nil {
		return "", err // docs/flows.md "URLs"
	}
	if strings.Contains(u, "://") || strings.HasPrefix(u, "about:") || strings.HasPrefix(u, "data:") {
		return u, nil
	}
	if base == "" {
		return "", fmt.Errorf("%s: a relative URL needs base_url in the flow or a base URL for the run", u)
	}
	b, err := url.Parse(base)
	if err != nil {
		return "", fmt.Errorf("bad base URL %q: %w", base, err)
	}
	r, err := url.Parse(u)
	if err != nil {
		return "", fmt.Errorf("bad URL %q: %w", u, err)
	}
	if strings.HasPrefix(u, "/") && b.Path != "" && b.Path != "/" {
		// keep the base's path prefix: base http://h/app + /login = http://h/app/login
		r.Path = strings.TrimSuffix(b.Path, "/") + r.Path
		b.Path = ""
	}
	return b.ResolveReference(r).String(), nil
}
