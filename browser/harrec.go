package browser

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/har"
	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// A context's traffic recorded as HAR 1.2 (docs/flows.md "Routes"):
// the Network events of the guard's sessions (every page, frame and
// worker of the context) make one entry per request, redirects each
// their own; the bodies of text types are read when they finish. The
// HAR types are github.com/chromedp/cdproto/har's; their Content.Text is
// bytes, written in base64, so every body is written with encoding
// base64 (HAR 1.2 allows it, and readers decode it).

// harRecorder keeps the entries of a context's traffic.
type harRecorder struct {
	mu      sync.Mutex
	open    map[string]*harEntry // by session and request id
	done    []*harEntry
	pending sync.WaitGroup // body reads in flight
}

type harEntry struct {
	start time.Time
	ts    proto.MonotonicTime
	e     *har.Entry
}

func newHARRecorder() *harRecorder {
	return &harRecorder{open: map[string]*harEntry{}}
}

// event records one Network event of session s (a nil recorder records
// nothing).
func (r *harRecorder) event(s *CDPSession, msg *rod.Message) {
	if r == nil {
		return
	}
	switch msg.Method {
	case "Network.requestWillBeSent":
		var e proto.NetworkRequestWillBeSent
		if msg.Load(&e) && e.Request != nil {
			r.request(s, &e)
		}
	case "Network.responseReceived":
		var e proto.NetworkResponseReceived
		if msg.Load(&e) && e.Response != nil {
			r.mu.Lock()
			if h := r.open[key(s, e.RequestID)]; h != nil {
				h.e.Response = harResponse(e.Response)
			}
			r.mu.Unlock()
		}
	case "Network.loadingFinished":
		var e proto.NetworkLoadingFinished
		if msg.Load(&e) {
			r.finished(s, e.RequestID, e.Timestamp)
		}
	case "Network.loadingFailed":
		var e proto.NetworkLoadingFailed
		if msg.Load(&e) {
			r.failed(s, &e)
		}
	}
}

func key(s *CDPSession, id proto.NetworkRequestID) string { return string(s.ID) + "/" + string(id) }

// request opens an entry; a redirect closes the one before it.
func (r *harRecorder) request(s *CDPSession, e *proto.NetworkRequestWillBeSent) {
	k := key(s, e.RequestID)
	r.mu.Lock()
	defer r.mu.Unlock()
	if prev := r.open[k]; prev != nil && e.RedirectResponse != nil {
		prev.e.Response = harResponse(e.RedirectResponse)
		prev.e.Response.RedirectURL = e.Request.URL
		r.close(prev, e.Timestamp)
	}
	q := []*har.NameValuePair{}
	if u, err := url.Parse(e.Request.URL); err == nil {
		for name, vs := range u.Query() {
			for _, v := range vs {
				q = append(q, &har.NameValuePair{Name: name, Value: v})
			}
		}
	}
	req := &har.Request{Method: e.Request.Method, URL: e.Request.URL, HTTPVersion: "HTTP/1.1", Cookies: []*har.Cookie{},
		Headers: harHeaders(e.Request.Headers), QueryString: q, HeadersSize: -1}
	if body := postData(e.Request); body != "" {
		req.PostData = &har.PostData{MimeType: headerOf(e.Request.Headers, "Content-Type"), Params: []*har.Param{}, Text: body}
		req.BodySize = int64(len(body))
	}
	r.open[k] = &harEntry{start: e.WallTime.Time(), ts: e.Timestamp,
		e: &har.Entry{StartedDateTime: e.WallTime.Time().UTC().Format(time.RFC3339Nano), Request: req, Cache: &har.Cache{}}}
}

// finished closes an entry, once its body (of a text type) is read.
func (r *harRecorder) finished(s *CDPSession, id proto.NetworkRequestID, at proto.MonotonicTime) {
	r.mu.Lock()
	h := r.open[key(s, id)]
	delete(r.open, key(s, id))
	r.mu.Unlock()
	if h == nil || h.e.Response == nil {
		return
	}
	if !textType(h.e.Response.Content.MimeType) {
		h.e.Response.Content.Comment = "body not kept: not a text type"
		r.mu.Lock()
		r.close(h, at)
		r.mu.Unlock()
		return
	}
	r.pending.Add(1)
	go func() {
		defer r.pending.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		b, err := proto.NetworkGetResponseBody{RequestID: id}.Call(s.Client(ctx))
		r.mu.Lock()
		defer r.mu.Unlock()
		switch {
		case err != nil:
			h.e.Response.Content.Comment = "body not kept: " + err.Error()
		case b.Base64Encoded:
			h.e.Response.Content.Comment = "body not kept: not text"
		default:
			h.e.Response.Content.Text, h.e.Response.Content.Encoding = []byte(b.Body), "base64"
			h.e.Response.Content.Size = int64(len(b.Body))
		}
		r.close(h, at)
	}()
}

func (r *harRecorder) failed(s *CDPSession, e *proto.NetworkLoadingFailed) {
	r.mu.Lock()
	defer r.mu.Unlock()
	h := r.open[key(s, e.RequestID)]
	delete(r.open, key(s, e.RequestID))
	if h == nil {
		return
	}
	h.e.Response = &har.Response{StatusText: e.ErrorText, HTTPVersion: "HTTP/1.1", Cookies: []*har.Cookie{}, Headers: []*har.NameValuePair{},
		Content: &har.Content{MimeType: "x-unknown"}, HeadersSize: -1, BodySize: -1, Comment: "failed: " + e.ErrorText}
	r.close(h, e.Timestamp)
}

// close keeps an entry with its time (r.mu held).
func (r *harRecorder) close(h *harEntry, at proto.MonotonicTime) {
	ms := max(float64(at.Duration()-h.ts.Duration())/float64(time.Millisecond), 0)
	h.e.Time = ms
	h.e.Timings = &har.Timings{Send: 0, Wait: ms, Receive: 0}
	r.done = append(r.done, h)
}

// HAR is the traffic of a context opened with ContextOptions.RecordHAR so
// far, once the bodies being read are in, as HAR 1.2.
func (c *Context) HAR(ctx context.Context) (*har.HAR, error) {
	if c.guard == nil || c.guard.rec == nil {
		return nil, errors.New("the context records no HAR: open it with ContextOptions{RecordHAR: true}")
	}
	r := c.guard.rec
	waited := make(chan struct{})
	go func() { r.pending.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-ctx.Done():
		return nil, fmt.Errorf("reading the recorded bodies: %w", ctx.Err())
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	done := slices.Clone(r.done)
	slices.SortStableFunc(done, func(a, b *harEntry) int { return a.start.Compare(b.start) })
	entries := make([]*har.Entry, len(done))
	for i, h := range done {
		entries[i] = h.e
	}
	return &har.HAR{Log: &har.Log{Version: "1.2", Creator: &har.Creator{Name: "smokeflow", Version: "1"}, Entries: entries}}, nil
}

func harResponse(r *proto.NetworkResponse) *har.Response {
	version := "HTTP/1.1"
	switch strings.ToLower(r.Protocol) {
	case "h2":
		version = "HTTP/2"
	case "h3":
		version = "HTTP/3"
	}
	return &har.Response{Status: int64(r.Status), StatusText: r.StatusText, HTTPVersion: version, Cookies: []*har.Cookie{},
		Headers: harHeaders(r.Headers), Content: &har.Content{MimeType: r.MIMEType}, HeadersSize: -1, BodySize: -1}
}

func harHeaders(h proto.NetworkHeaders) []*har.NameValuePair {
	out := []*har.NameValuePair{}
	for _, name := range slices.Sorted(maps.Keys(h)) {
		for _, v := range strings.Split(h[name].Str(), "\n") {
			out = append(out, &har.NameValuePair{Name: name, Value: v})
		}
	}
	return out
}

func headerOf(h proto.NetworkHeaders, name string) string {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return v.Str()
		}
	}
	return ""
}

// textType reports whether a MIME type is text, whose body a HAR keeps.
func textType(mime string) bool {
	m := strings.ToLower(mime)
	return strings.HasPrefix(m, "text/") || strings.Contains(m, "json") || strings.Contains(m, "javascript") ||
		strings.Contains(m, "xml") || strings.Contains(m, "x-www-form-urlencoded")
}
