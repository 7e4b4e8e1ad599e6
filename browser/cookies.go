package browser

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// Jar is the cookie store of a page's browser context as an
// http.CookieJar, for HTTP calls made outside the page (the request step,
// docs/flows.md "request"): a call sends the cookies the browser would
// send to its URL, and the cookies its responses set (through redirects
// too) are stored in the context, where the page sees them.
type Jar struct {
	ctx context.Context
	p   *Page

	mu  sync.Mutex
	err error
}

// CookieJar returns the cookie store of the page's context; ctx bounds
// every DevTools call it makes.
func (p *Page) CookieJar(ctx context.Context) *Jar { return &Jar{ctx: ctx, p: p} }

// Err is the first error of a call to the browser, if any. http.CookieJar
// cannot return one: the caller reads it after the HTTP call.
func (j *Jar) Err() error {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.err
}

func (j *Jar) fail(err error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.err == nil {
		j.err = err
	}
}

// Cookies implements http.CookieJar: the context's cookies for u.
func (j *Jar) Cookies(u *url.URL) []*http.Cookie {
	r, err := proto.NetworkGetCookies{Urls: []string{u.String()}}.Call(j.p.main.Client(j.ctx))
	if err != nil {
		j.fail(fmt.Errorf("cannot read the browser's cookies for %s: %w", u.Redacted(), err))
		return nil
	}
	out := make([]*http.Cookie, 0, len(r.Cookies))
	for _, c := range r.Cookies {
		out = append(out, &http.Cookie{Name: c.Name, Value: c.Value})
	}
	return out
}

// SetCookies implements http.CookieJar: stores the cookies a response
// from u set (an expired one deletes the cookie).
func (j *Jar) SetCookies(u *url.URL, cookies []*http.Cookie) {
	cl := j.p.main.Client(j.ctx)
	var set []*proto.NetworkCookieParam
	var errs []error
	for _, c := range cookies {
		if expired(c) {
			errs = append(errs, proto.NetworkDeleteCookies{Name: c.Name, URL: u.String()}.Call(cl))
			continue
		}
		set = append(set, cookieParam(u, c))
	}
	if len(set) > 0 {
		errs = append(errs, proto.NetworkSetCookies{Cookies: set}.Call(cl))
	}
	if err := errors.Join(errs...); err != nil {
		j.fail(fmt.Errorf("cannot store the cookies set by %s in the browser: %w", u.Redacted(), err))
	}
}

// expired: Max-Age 0 or less, or an Expires in the past.
func expired(c *http.Cookie) bool {
	return c.MaxAge < 0 || (!c.Expires.IsZero() && c.MaxAge == 0 && c.Expires.Before(time.Now()))
}

// cookieParam is a Set-Cookie as the browser stores it.
func cookieParam(u *url.URL, c *http.Cookie) *proto.NetworkCookieParam {
	p := &proto.NetworkCookieParam{Name: c.Name, Value: c.Value, URL: u.String(), Domain: c.Domain, Path: c.Path,
		Secure: c.Secure, HTTPOnly: c.HttpOnly}
	switch c.SameSite {
	case http.SameSiteLaxMode:
		p.SameSite = proto.NetworkCookieSameSiteLax
	case http.SameSiteStrictMode:
		p.SameSite = proto.NetworkCookieSameSiteStrict
	case http.SameSiteNoneMode:
		p.SameSite = proto.NetworkCookieSameSiteNone
	}
	switch {
	case c.MaxAge > 0:
		p.Expires = proto.TimeSinceEpoch(time.Now().Add(time.Duration(c.MaxAge) * time.Second).Unix())
	case !c.Expires.IsZero():
		p.Expires = proto.TimeSinceEpoch(c.Expires.Unix())
	}
	return p
}

// Cookies are every cookie of the context, of every domain
// (docs/agents.md "cookies").
func (c *Context) Cookies(ctx context.Context) ([]Cookie, error) {
	r, err := proto.StorageGetCookies{BrowserContextID: c.id}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return nil, fmt.Errorf("cannot read the browser's cookies: %w", err)
	}
	out := []Cookie{}
	for _, k := range r.Cookies {
		exp := float64(k.Expires)
		if k.Session {
			exp = -1
		}
		out = append(out, Cookie{Name: k.Name, Value: k.Value, Domain: k.Domain, Path: k.Path,
			Expires: exp, HTTPOnly: k.HTTPOnly, Secure: k.Secure, SameSite: string(k.SameSite)})
	}
	return out, nil
}

// SetCookie sets one cookie in the context: of k.Domain and its
// subdomains when it is given, else of the host of pageURL alone; its
// path is "/" when k.Path is "" (docs/agents.md "cookies").
func (c *Context) SetCookie(ctx context.Context, k Cookie, pageURL string) error {
	p := &proto.NetworkCookieParam{Name: k.Name, Value: k.Value, Path: k.Path, Secure: k.Secure, HTTPOnly: k.HTTPOnly}
	if p.Path == "" {
		p.Path = "/"
	}
	if k.Domain != "" {
		p.Domain = k.Domain
	} else {
		u, err := url.Parse(pageURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return fmt.Errorf("the page at %q has no host to set a cookie for: open a page first, or give the cookie's domain", pageURL)
		}
		p.URL = u.Scheme + "://" + u.Host + p.Path
	}
	if err := (proto.StorageSetCookies{Cookies: []*proto.NetworkCookieParam{p}, BrowserContextID: c.id}).Call(c.b.rod.Context(ctx)); err != nil {
		return fmt.Errorf("cannot set the cookie %s: %w", k.Name, err)
	}
	return nil
}

// ClearCookies deletes every cookie of the context.
func (c *Context) ClearCookies(ctx context.Context) error {
	if err := (proto.StorageClearCookies{BrowserContextID: c.id}).Call(c.b.rod.Context(ctx)); err != nil {
		return fmt.Errorf("cannot clear the browser's cookies: %w", err)
	}
	return nil
}
