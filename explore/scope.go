package explore

import (
	"fmt"
	"net/url"
	"path"
	"regexp"
	"sort"
	"strings"
)

// scope is which pages the walk may open (docs/explore.md "Pages"): those
// whose URL starts with one of the prefixes; by default the start URL's
// origin.
type scope struct {
	prefixes []string
}

// newScope checks the prefixes given, or takes the start URL's origin.
func newScope(start *url.URL, prefixes []string) (*scope, error) {
	if len(prefixes) == 0 {
		return &scope{prefixes: []string{start.Scheme + "://" + start.Host + "/"}}, nil
	}
	s := &scope{}
	for _, p := range prefixes {
		u, err := url.Parse(p)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, &OptionError{What: "scope", Value: p, Why: "want an http(s) URL prefix, such as http://localhost:8080/app/"}
		}
		if u.Path == "" {
			p += "/"
		}
		s.prefixes = append(s.prefixes, p)
	}
	if !s.in(start) {
		return nil, &OptionError{What: "scope", Value: strings.Join(prefixes, ", "), Why: "does not hold the start URL " + start.String()}
	}
	return s, nil
}

// in reports a URL in scope.
func (s *scope) in(u *url.URL) bool {
	if u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	full := u.String()
	if u.Path == "" {
		full = u.Scheme + "://" + u.Host + "/"
	}
	for _, p := range s.prefixes {
		if strings.HasPrefix(full, p) {
			return true
		}
	}
	return false
}

// pageKey is a page's identity: its URL without the fragment, the query
// sorted.
func pageKey(u *url.URL) string {
	c := *u
	c.Fragment, c.RawFragment = "", ""
	c.RawQuery = c.Query().Encode()
	if c.Path == "" {
		c.Path = "/"
	}
	return c.String()
}

var digits = regexp.MustCompile(`[0-9]+`)

// pattern is what pages of one kind share (docs/explore.md "Pages"): the
// host, the path with every run of digits as N, and the names of the
// query's parameters. /calendar?month=2024-05 and ?month=2024-06 are one
// pattern, so are /product/3 and /product/17.
func pattern(u *url.URL) string {
	keys := make([]string, 0, len(u.Query()))
	for k := range u.Query() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return u.Host + digits.ReplaceAllString(u.Path, "N") + "?" + strings.Join(keys, "&")
}

// downloadExt are the file extensions of links taken for downloads, not
// pages: the walk does not open them.
var downloadExt = map[string]bool{
	".pdf": true, ".zip": true, ".gz": true, ".tgz": true, ".csv": true, ".xlsx": true, ".xls": true,
	".doc": true, ".docx": true, ".dmg": true, ".exe": true, ".msi": true, ".apk": true, ".mp4": true,
	".mp3": true, ".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".webp": true,
}

// isDownload reports a URL whose path names a file to download.
func isDownload(u *url.URL) bool {
	return downloadExt[strings.ToLower(path.Ext(u.Path))]
}

// relative writes u relative to base when they share the origin (what a
// repro flow's `open` takes with its base_url), else whole.
func relative(base *url.URL, raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != base.Scheme || u.Host != base.Host {
		return raw
	}
	r := u.EscapedPath()
	if r == "" {
		r = "/"
	}
	if u.RawQuery != "" {
		r += "?" + u.RawQuery
	}
	return r
}

// OptionError is an option that cannot be used: an exploration that
// cannot start.
type OptionError struct {
	What, Value, Why string
}

func (e *OptionError) Error() string { return fmt.Sprintf("%s %q: %s", e.What, e.Value, e.Why) }
