package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// Saved state: the cookies of every domain of a context and the
// localStorage of every origin its pages visited, to start another
// context where this one is (docs/security.md "Saved state"). The shape
// is Playwright's storage state, so either tool reads the other's files.

// State is a context's cookies and the localStorage of its origins.
type State struct {
	Cookies []Cookie        `json:"cookies"`
	Origins []OriginStorage `json:"origins"`
}

// Cookie is one cookie. Domain starts with a dot for a cookie of the
// domain and its subdomains; without one, the cookie is its host's alone.
// Expires is in seconds since the epoch, -1 for a session cookie.
type Cookie struct {
	Name     string  `json:"name"`
	Value    string  `json:"value"`
	Domain   string  `json:"domain"`
	Path     string  `json:"path"`
	Expires  float64 `json:"expires"`
	HTTPOnly bool    `json:"httpOnly"`
	Secure   bool    `json:"secure"`
	SameSite string  `json:"sameSite,omitempty"` // Strict, Lax or None
}

// OriginStorage is the localStorage of one origin (scheme://host[:port]).
type OriginStorage struct {
	Origin       string        `json:"origin"`
	LocalStorage []StorageItem `json:"localStorage"`
}

// StorageItem is one key of localStorage.
type StorageItem struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// visit notes an origin a frame of the context navigated to.
func (c *Context) visit(u string) {
	o := Origin(u)
	if o == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !slices.Contains(c.origins, o) {
		c.origins = append(c.origins, o)
	}
}

// Origins are the web origins the context's frames have visited (and
// those a state loaded), in the order first seen.
func (c *Context) Origins() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.origins...)
}

// Origin is the origin of an http or https URL, scheme://host[:port]
// (the port left out when it is the scheme's own), or "" for any other
// URL.
func Origin(u string) string {
	p, err := url.Parse(u)
	if err != nil || (p.Scheme != "http" && p.Scheme != "https") || p.Host == "" {
		return ""
	}
	p.Host = strings.ToLower(p.Host)
	if port := p.Port(); p.Scheme == "http" && port == "80" || p.Scheme == "https" && port == "443" {
		p.Host = strings.TrimSuffix(p.Host, ":"+port)
	}
	return p.Scheme + "://" + p.Host
}

// State reads the context's cookies, every domain's, and the localStorage
// of every origin it visited.
func (c *Context) State(ctx context.Context) (*State, error) {
	cookies, err := c.Cookies(ctx)
	if err != nil {
		return nil, err
	}
	st := &State{Cookies: cookies, Origins: []OriginStorage{}}
	for _, o := range c.Origins() {
		if !c.AllowedDomains().Allows(o) {
			continue // never loaded: nothing stored
		}
		var items []StorageItem
		err := c.atOrigin(ctx, o, readStorageJS(), &items)
		if err != nil {
			return nil, fmt.Errorf("cannot read the localStorage of %s: %w", o, err)
		}
		if len(items) > 0 {
			st.Origins = append(st.Origins, OriginStorage{Origin: o, LocalStorage: items})
		}
	}
	return st, nil
}

// SetState puts a state's cookies and localStorage in the context, on top
// of what it holds. Origins the context's allowed domains block are left
// out, and returned.
func (c *Context) SetState(ctx context.Context, st *State) (skipped []string, err error) {
	var params []*proto.NetworkCookieParam
	for _, k := range st.Cookies {
		params = append(params, cookieFromState(k))
	}
	if len(params) > 0 {
		if err := (proto.StorageSetCookies{Cookies: params, BrowserContextID: c.id}).Call(c.b.rod.Context(ctx)); err != nil {
			return nil, fmt.Errorf("cannot set the saved cookies: %w", err)
		}
	}
	for _, o := range st.Origins {
		origin := Origin(o.Origin)
		if origin == "" {
			return nil, fmt.Errorf("the saved origin %q is not an http or https origin", o.Origin)
		}
		if !c.AllowedDomains().Allows(origin) {
			skipped = append(skipped, origin)
			continue
		}
		if err := c.atOrigin(ctx, origin, Invoke(setStorageJS(), o.LocalStorage), nil); err != nil {
			return nil, fmt.Errorf("cannot set the saved localStorage of %s: %w", origin, err)
		}
		c.visit(origin)
	}
	return skipped, nil
}

// cookieFromState is a saved cookie as the browser takes it: a host's own
// cookie by its URL, a domain's by its domain.
func cookieFromState(k Cookie) *proto.NetworkCookieParam {
	p := &proto.NetworkCookieParam{Name: k.Name, Value: k.Value, Path: k.Path, Secure: k.Secure, HTTPOnly: k.HTTPOnly,
		SameSite: proto.NetworkCookieSameSite(k.SameSite)}
	if strings.HasPrefix(k.Domain, ".") {
		p.Domain = k.Domain
	} else {
		scheme := "http"
		if k.Secure {
			scheme = "https"
		}
		host := k.Domain
		if strings.Contains(host, ":") && !strings.HasPrefix(host, "[") {
			host = "[" + host + "]"
		}
		p.URL = scheme + "://" + host + k.Path
	}
	if k.Expires > 0 {
		p.Expires = proto.TimeSinceEpoch(k.Expires)
	}
	return p
}

// atOrigin runs js (an expression that yields JSON text) in a hidden page
// of the context at origin, whose document smokeflow serves itself (an
// empty one: the site is never asked), and decodes its result into out
// (nil: ignored).
func (c *Context) atOrigin(ctx context.Context, origin, js string, out any) error {
	tg, err := proto.TargetCreateTarget{URL: "about:blank", BrowserContextID: c.id, Background: true}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return err
	}
	// the page closes with the context anyway: an error here changes nothing
	defer func() {
		_, _ = proto.TargetCloseTarget{TargetID: tg.TargetID}.Call(c.b.rod.Context(context.WithoutCancel(ctx)))
	}()
	at, err := proto.TargetAttachToTarget{TargetID: tg.TargetID, Flatten: true}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return err
	}
	s := &CDPSession{conn: c.b.rod, ID: at.SessionID}
	cl := s.Client(ctx)
	subCtx, unsubscribe := context.WithCancel(ctx)
	defer unsubscribe()
	events := c.b.rod.Context(subCtx).Event()
	if err := (proto.FetchEnable{Patterns: []*proto.FetchRequestPattern{{URLPattern: origin + "/*"}}}).Call(cl); err != nil {
		return err
	}
	served := make(chan error, 1)
	go serveBlank(ctx, s, events, served)
	if _, err := (proto.PageNavigate{URL: origin + "/"}).Call(cl); err != nil {
		return err
	}
	if err := <-served; err != nil {
		return err
	}
	r, err := proto.RuntimeEvaluate{Expression: js, ReturnByValue: true}.Call(cl)
	switch {
	case err != nil:
		return err
	case r.ExceptionDetails != nil:
		return &ScriptError{Msg: r.ExceptionDetails.Text}
	case out == nil:
		return nil
	}
	return json.Unmarshal([]byte(r.Result.Value.Str()), out)
}

// serveBlank answers the hidden page's request for its document with an
// empty page, and reports when it did (or ctx ended first).
func serveBlank(ctx context.Context, s *CDPSession, events <-chan *rod.Message, done chan<- error) {
	for {
		select {
		case <-ctx.Done():
			done <- ctx.Err()
			return
		case msg, ok := <-events:
			if !ok {
				done <- errors.New("the browser went away")
				return
			}
			var e proto.FetchRequestPaused
			if msg.SessionID != s.ID || !msg.Load(&e) {
				continue
			}
			done <- proto.FetchFulfillRequest{RequestID: e.RequestID, ResponseCode: 200,
				ResponseHeaders: []*proto.FetchHeaderEntry{{Name: "Content-Type", Value: "text/html"}},
				Body:            []byte("<!doctype html><title>smokeflow</title>")}.Call(s.Client(ctx))
			return
		}
	}
}

// visited notes the origin a frame of the page navigated to, for the
// context's saved state.
func (p *Page) visited(msg *rod.Message) {
	var e proto.PageFrameNavigated
	if p.owner == nil || msg.Method != "Page.frameNavigated" || !msg.Load(&e) || e.Frame == nil {
		return
	}
	p.owner.visit(e.Frame.URL)
}
