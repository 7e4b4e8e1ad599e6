package browser

import "context"

// Opening a page is one sequence wherever smokeflow does it (a session of
// the runner, the snapshot command, the benchmarks, the test suites):
// docs/session.md "Opening a page".

// OpenPage opens a page in the context with the options o and, when url is
// not "", navigates it there and waits for wait ("load" when "",
// "domcontentloaded" or "networkidle"). A page that opened but could not
// navigate is closed.
func (c *Context) OpenPage(ctx context.Context, o PageOptions, url, wait string) (*Page, error) {
	p, err := c.NewPage(ctx, o)
	if err != nil {
		return nil, err
	}
	if url == "" {
		return p, nil
	}
	if _, err := p.Navigate(ctx, url, wait); err != nil {
		_ = p.Close() // the navigation's error says what went wrong
		return nil, err
	}
	return p, nil
}

// OpenPage opens a fresh incognito context and a page in it, as
// Context.OpenPage does. Closing the context closes the page too; on an
// error nothing stays open.
func (b *Browser) OpenPage(ctx context.Context, o PageOptions, url, wait string) (*Context, *Page, error) {
	c, err := b.NewContext(ctx)
	if err != nil {
		return nil, nil, err
	}
	p, err := c.OpenPage(ctx, o, url, wait)
	if err != nil {
		_ = c.Close() // the page's error says what went wrong
		return nil, nil, err
	}
	return c, p, nil
}

// Browser is the browser the context belongs to.
func (c *Context) Browser() *Browser { return c.b }
