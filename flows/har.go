package flows

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/chromedp/cdproto/har"
)

// HAR archives, read for `routes: {har: PATH}` (docs/flows.md "Routes").
// The types are github.com/chromedp/cdproto/har's, HAR 1.2 as the
// DevTools protocol describes it: a body is read as text, or decoded when
// its encoding is base64.

// HAR is a parsed HAR file.
type HAR = har.HAR

// ParseHAR reads a HAR file: a JSON object with log.entries, each with a
// request (method, url) and a response (status).
func ParseHAR(b []byte) (*HAR, error) {
	var h HAR
	if err := json.Unmarshal(b, &h); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, fmt.Errorf("bad JSON at byte %d: %s", se.Offset, se)
		}
		return nil, err
	}
	if h.Log == nil {
		return nil, errors.New(`no "log": a HAR is {"log": {"entries": [...]}}`)
	}
	for i, e := range h.Log.Entries {
		switch {
		case e == nil || e.Request == nil || e.Request.URL == "" || e.Request.Method == "":
			return nil, fmt.Errorf("entry %d has no request method and url", i)
		case e.Response == nil:
			return nil, fmt.Errorf("entry %d (%s %s) has no response", i, e.Request.Method, e.Request.URL)
		}
	}
	return &h, nil
}

// FindHAREntry is the entry of h that answers a request: the entries of
// its method and URL; when several, the first whose request body is
// body, else the first of them. nil when none has its method and URL.
func FindHAREntry(h *HAR, method, url string, body string) *har.Entry {
	if h == nil || h.Log == nil {
		return nil
	}
	var first *har.Entry
	for _, e := range h.Log.Entries {
		if e.Request.Method != method || e.Request.URL != url {
			continue
		}
		if first == nil {
			first = e
		}
		posted := ""
		if e.Request.PostData != nil {
			posted = e.Request.PostData.Text
		}
		if posted == body {
			return e
		}
	}
	return first
}

// HAROrigin reports whether h has an entry of the origin (scheme, host
// and port) of URL u: a HAR answers for the origins it recorded, and
// leaves the others to the network (docs/flows.md "Routes").
func HAROrigin(h *HAR, u string) bool {
	o := originOf(u)
	if h == nil || h.Log == nil || o == "" {
		return false
	}
	for _, e := range h.Log.Entries {
		if originOf(e.Request.URL) == o {
			return true
		}
	}
	return false
}

func originOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return ""
	}
	return strings.ToLower(p.Scheme + "://" + p.Host)
}
