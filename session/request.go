package session

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// execRequest runs a `request` step: an HTTP call made from smokeflow, not
// from the page, with the cookies of the page's browser context; the
// response is `response` for the steps after it. A 4xx/5xx status is
// logged, not a failure: the flow asserts on it (docs/flows.md "request").
func (ss *Session) execRequest(c *stepCall, a *flows.Request) error {
	ctx, sc, rec := c.sctx, c.sc, c.rec
	req, err := buildRequest(ctx, a, sc, ss.base)
	if err != nil {
		return err
	}
	if err := ss.requestAllowed(req.URL.String()); err != nil {
		return err
	}
	jar := ss.page.CookieJar(ctx)
	client := &http.Client{Jar: jar, CheckRedirect: func(r *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return ss.requestAllowed(r.URL.String())
	}}
	shown := req.Method + " " + req.URL.String()
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return requestError(ctx, shown, err)
	}
	defer func() { _ = resp.Body.Close() }()
	r, truncated, err := readResponse(resp)
	if err != nil {
		if ctx.Err() != nil {
			return ss.timeoutErr(ctx, err, "reading the response of "+shown)
		}
		return fmt.Errorf("reading the response of %s: %w", shown, err)
	}
	if err := jar.Err(); err != nil {
		return err
	}
	sc.SetResponse(r)
	line := fmt.Sprintf("%s → %d %s in %s, %d bytes", shown, r.Status, http.StatusText(r.Status),
		time.Since(start).Round(time.Millisecond), len(r.Body))
	if truncated {
		line += fmt.Sprintf("; the body is over %d bytes: only the first %d are kept and response.json is nil", flows.MaxResponseBody, flows.MaxResponseBody)
	}
	rec.Log = append(rec.Log, ss.mask.Mask(line))
	return nil
}

// buildRequest makes the HTTP request of a step: its URL joined to the
// base URL, its strings interpolated, json encoded.
func buildRequest(ctx context.Context, a *flows.Request, sc *flows.Scope, base string) (*http.Request, error) {
	u, err := flows.Interpolate(a.URL, sc)
	if err != nil {
		return nil, err
	}
	if u, err = flows.JoinURL(base, u); err != nil {
		return nil, err
	}
	var body io.Reader
	switch {
	case a.JSON != nil:
		v, err := flows.InterpolateJSON(a.JSON.Value, sc)
		if err != nil {
			return nil, err
		}
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("json: %w", err)
		}
		body = bytes.NewReader(b)
	case a.Body != nil:
		b, err := flows.Interpolate(*a.Body, sc)
		if err != nil {
			return nil, err
		}
		body = strings.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, a.Method, u, body)
	if err != nil {
		return nil, fmt.Errorf("bad URL %q: %w", u, errors.Unwrap(err))
	}
	if a.JSON != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range a.Headers {
		v, err := flows.Interpolate(h.Value, sc)
		if err != nil {
			return nil, err
		}
		req.Header.Set(h.Name, v)
		if strings.EqualFold(h.Name, "Host") {
			req.Host = v
		}
	}
	return req, nil
}

// requestError is a call that got no response: the step timed out, or
// the server could not be reached.
func requestError(ctx context.Context, shown string, err error) error {
	if ctx.Err() != nil {
		msg := "timed out waiting for the response of " + shown
		return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonTimeout, Message: msg}}
	}
	if sf := (*stepFailure)(nil); errors.As(err, &sf) && policyFailure(sf) {
		return sf // a redirect the allowed domains block
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	msg := fmt.Sprintf("no response from %s: %v", shown, err)
	return &stepFailure{err: errors.New(msg), diag: &diagnostics.Diagnostics{Reason: diagnostics.ReasonNavigation, Message: msg,
		Hints: []string{"check that the server is up and the URL (and base_url or the base URL of the run) are right"}}}
}

// readResponse keeps at most flows.MaxResponseBody bytes of the body and
// decodes it as JSON when it is JSON.
func readResponse(resp *http.Response) (*flows.Response, bool, error) {
	b, err := io.ReadAll(io.LimitReader(resp.Body, flows.MaxResponseBody+1))
	if err != nil {
		return nil, false, err
	}
	truncated := len(b) > flows.MaxResponseBody
	if truncated {
		b = b[:flows.MaxResponseBody]
	}
	r := &flows.Response{Status: resp.StatusCode, Body: string(b), URL: resp.Request.URL.String(), Headers: map[string]string{}}
	for k, vs := range resp.Header {
		r.Headers[strings.ToLower(k)] = strings.Join(vs, ", ")
	}
	if !truncated && json.Valid(b) {
		if err := json.Unmarshal(b, &r.JSON); err != nil {
			return nil, false, fmt.Errorf("decoding the JSON body: %w", err)
		}
	}
	return r, truncated, nil
}
