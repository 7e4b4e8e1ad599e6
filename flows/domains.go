package flows

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// Domains is an allowlist of hosts: `allowed_domains:` in a flow, or the
// allowed domains of a run. The grammar and how hosts, IP addresses and
// ports match are in docs/security.md "Allowed domains". A nil *Domains
// allows everything.
type Domains struct {
	patterns []domainPattern
}

// domainPattern is one entry: a host, or the subdomains of one (`*.`),
// with a port or any.
type domainPattern struct {
	src      string
	host     string // lower case, without a trailing dot or brackets
	subs     bool   // *.host: the subdomains of host, not host itself
	port     string // "" for any port
	isIPAddr bool
}

// DomainError is an entry of an allowlist that is not a domain pattern.
type DomainError struct {
	Entry string
	Why   string
}

func (e *DomainError) Error() string { return fmt.Sprintf("allowed domain %q %s", e.Entry, e.Why) }

// ParseDomains reads allowlist entries, each a domain pattern
// (docs/security.md "Allowed domains"). It returns every entry that is
// not one as a *DomainError, joined.
func ParseDomains(entries []string) (*Domains, error) {
	d := &Domains{}
	var errs []error
	for _, e := range entries {
		p, err := parseDomain(e)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		d.patterns = append(d.patterns, p)
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return d, nil
}

// SplitDomains reads a comma-separated list of domain patterns, as a
// command line gives them: `example.com,*.example.com`.
func SplitDomains(list string) (*Domains, error) {
	var entries []string
	for _, e := range strings.Split(list, ",") {
		if e = strings.TrimSpace(e); e != "" {
			entries = append(entries, e)
		}
	}
	if len(entries) == 0 {
		return nil, &DomainError{Entry: list, Why: "is empty: give at least one domain, such as example.com"}
	}
	return ParseDomains(entries)
}

func parseDomain(entry string) (domainPattern, error) {
	s := strings.ToLower(strings.TrimSpace(entry))
	bad := func(why string) (domainPattern, error) { return domainPattern{}, &DomainError{Entry: entry, Why: why} }
	switch {
	case s == "":
		return bad("is empty")
	case strings.Contains(s, "://"):
		u, err := url.Parse(s)
		if err == nil && u.Host != "" {
			return bad("is a URL; write its host alone: " + u.Host)
		}
		return bad("is a URL; write its host alone, such as example.com")
	case strings.ContainsAny(s, "/?#@ "):
		return bad("is not a host name; write a host such as example.com or *.example.com")
	}
	p := domainPattern{src: entry}
	host := s
	if h, port, err := net.SplitHostPort(s); err == nil {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return bad("has a port that is not a number from 1 to 65535")
		}
		host, p.port = h, port
	} else if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		host = s[1 : len(s)-1]
	}
	if rest, ok := strings.CutPrefix(host, "*."); ok {
		p.subs, host = true, rest
	}
	host = strings.TrimSuffix(host, ".")
	if net.ParseIP(host) != nil {
		if p.subs {
			return bad("puts *. before an IP address; an address has no subdomains")
		}
		p.host, p.isIPAddr = host, true
		return p, nil
	}
	if strings.Contains(host, "*") {
		return bad("has a * that is not a leading *.; write example.com or *.example.com")
	}
	for _, label := range strings.Split(host, ".") {
		if label == "" || strings.Trim(label, "abcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
			return bad("is not a host name; write a host such as example.com or *.example.com")
		}
	}
	p.host = host
	return p, nil
}

// Verdict is what an allowlist says of a URL.
type Verdict int

const (
	// Allowed: a web URL to an allowed host, or a URL that never leaves
	// the browser (about:, data:, blob:, javascript:).
	Allowed Verdict = iota
	// NotAllowedHost: a web URL (http, https, ws, wss) to a host the
	// allowlist does not hold.
	NotAllowedHost
	// NotWeb: a URL of another scheme (file:, ftp:, chrome:, …), which
	// the allowlist blocks.
	NotWeb
)

// Check says whether the allowlist lets the browser load u.
func (d *Domains) Check(u string) Verdict {
	if d == nil {
		return Allowed
	}
	p, err := url.Parse(u)
	if err != nil {
		return NotWeb
	}
	scheme := strings.ToLower(p.Scheme)
	switch scheme {
	case "about", "data", "blob", "javascript":
		return Allowed
	case "http", "https", "ws", "wss":
	default:
		return NotWeb
	}
	host := strings.TrimSuffix(strings.ToLower(p.Hostname()), ".")
	port := p.Port()
	if port == "" {
		port = "80"
		if scheme == "https" || scheme == "wss" {
			port = "443"
		}
	}
	for _, pt := range d.patterns {
		if pt.matches(host, port) {
			return Allowed
		}
	}
	return NotAllowedHost
}

// Allows reports whether u may load.
func (d *Domains) Allows(u string) bool { return d.Check(u) == Allowed }

func (pt domainPattern) matches(host, port string) bool {
	if pt.port != "" && pt.port != port {
		return false
	}
	if pt.isIPAddr {
		a, b := net.ParseIP(host), net.ParseIP(pt.host)
		return a != nil && a.Equal(b)
	}
	if pt.subs {
		return strings.HasSuffix(host, "."+pt.host)
	}
	return host == pt.host
}

// Entries are the patterns as they were written.
func (d *Domains) Entries() []string {
	if d == nil {
		return nil
	}
	out := make([]string, 0, len(d.patterns))
	for _, p := range d.patterns {
		out = append(out, p.src)
	}
	return out
}

// String lists the patterns: "example.com, *.example.com".
func (d *Domains) String() string { return strings.Join(d.Entries(), ", ") }

// Intersect is the allowlist of URLs that both d and o allow: a run's
// allowed domains and a flow's narrow each other (docs/security.md
// "Allowed domains"). A nil list allows everything, so the other one is
// the answer; when nothing is in both, the result allows no host.
func (d *Domains) Intersect(o *Domains) *Domains {
	switch {
	case d == nil:
		return o
	case o == nil:
		return d
	}
	out := &Domains{patterns: []domainPattern{}}
	for _, a := range d.patterns {
		for _, b := range o.patterns {
			if p, ok := a.intersect(b); ok {
				out.patterns = append(out.patterns, p)
			}
		}
	}
	return out
}

// intersect is the pattern of the hosts and ports both a and b match.
func (a domainPattern) intersect(b domainPattern) (domainPattern, bool) {
	port := a.port
	switch {
	case a.port == "":
		port = b.port
	case b.port != "" && b.port != a.port:
		return domainPattern{}, false
	}
	var p domainPattern
	switch {
	case a.isIPAddr || b.isIPAddr:
		if !a.isIPAddr || !b.isIPAddr || !net.ParseIP(a.host).Equal(net.ParseIP(b.host)) {
			return domainPattern{}, false
		}
		p = a
	case !a.subs && !b.subs:
		if a.host != b.host {
			return domainPattern{}, false
		}
		p = a
	case a.subs && b.subs:
		switch {
		case a.host == b.host || strings.HasSuffix(a.host, "."+b.host):
			p = a
		case strings.HasSuffix(b.host, "."+a.host):
			p = b
		default:
			return domainPattern{}, false
		}
	default: // one host, one set of subdomains
		h, s := a, b
		if a.subs {
			h, s = b, a
		}
		if !strings.HasSuffix(h.host, "."+s.host) {
			return domainPattern{}, false
		}
		p = h
	}
	p.port = port
	p.src = p.host
	if p.subs {
		p.src = "*." + p.host
	}
	switch {
	case port != "":
		p.src = net.JoinHostPort(p.src, port)
	case strings.Contains(p.host, ":"):
		p.src = "[" + p.host + "]"
	}
	return p, true
}

// DomainPattern is one entry of an allowlist, taken apart.
type DomainPattern struct {
	Host       string // lower case; an IPv6 address without brackets
	Subdomains bool   // *.Host: its subdomains, not Host itself
	Port       string // "" for any port
}

// Patterns are the allowlist's entries, taken apart.
func (d *Domains) Patterns() []DomainPattern {
	if d == nil {
		return nil
	}
	out := make([]DomainPattern, 0, len(d.patterns))
	for _, p := range d.patterns {
		out = append(out, DomainPattern{Host: p.host, Subdomains: p.subs, Port: p.port})
	}
	return out
}
