package runner

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/smokeflow/smokeflow/browser"
)

// browserHolder gives each worker its browser (docs/running.md "Scaling
// out"): a launched browser is shared by every worker and relaunched when
// it crashes; attached (browser.Options.CDP), each worker has a
// connection of its own, so that a pool that hands out a browser per
// connection gives each worker its own browser.
type browserHolder struct {
	mu   sync.Mutex
	opts browser.Options
	b    *browser.Browser
	// attached are the workers' connections, one per worker, when the
	// browser is attached; b is attached[0].
	attached []*browser.Browser
	// borrowed browsers are not closed, and not relaunched either
	borrowed bool
}

func newBrowserHolder(ctx context.Context, o browser.Options, use *browser.Browser, workers int) (*browserHolder, error) {
	switch {
	case use != nil:
		return &browserHolder{opts: o, b: use, borrowed: true}, nil
	case o.CDP != "":
		conns, err := attachEach(ctx, o, workers)
		if err != nil {
			return nil, err
		}
		return &browserHolder{opts: o, b: conns[0], attached: conns}, nil
	}
	b, err := browser.Launch(ctx, o)
	if err != nil {
		return nil, err
	}
	return &browserHolder{opts: o, b: b}, nil
}

// attachEach opens one connection per worker, at once. When one fails,
// those open are closed, and the error names the worker.
func attachEach(ctx context.Context, o browser.Options, workers int) ([]*browser.Browser, error) {
	conns := make([]*browser.Browser, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conns[w], errs[w] = browser.Launch(ctx, o)
		}()
	}
	wg.Wait()
	for w, err := range errs {
		if err == nil {
			continue
		}
		for _, c := range conns {
			if c != nil {
				_ = c.Close()
			}
		}
		return nil, workerError(w, workers, err)
	}
	return conns, nil
}

// workerError says which worker's connection failed, keeping the error's
// kind (a *browser.BrowserError stays one).
func workerError(w, workers int, err error) error {
	var be *browser.BrowserError
	if !errors.As(err, &be) {
		return fmt.Errorf("worker %d of %d: %w", w+1, workers, err)
	}
	c := *be
	c.Msg = fmt.Sprintf("worker %d of %d: %s", w+1, workers, be.Msg)
	return &c
}

func (h *browserHolder) version() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.b.Version()
}

// get returns the worker's browser, relaunching a launched one if its
// process is gone.
func (h *browserHolder) get(ctx context.Context, worker int) (*browser.Browser, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.attached != nil {
		return h.attached[worker%len(h.attached)], nil
	}
	select {
	case <-h.b.Exited():
		if h.borrowed {
			return nil, &browser.BrowserError{Msg: "the browser went away"}
		}
		_ = h.b.Close()
		b, err := browser.Launch(ctx, h.opts)
		if err != nil {
			return nil, err
		}
		h.b = b
	default:
	}
	return h.b, nil
}

// close closes the browsers the run launched and every connection it
// opened; a borrowed browser is left as it is.
func (h *browserHolder) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch {
	case h.attached != nil:
		for _, b := range h.attached {
			_ = b.Close()
		}
	case !h.borrowed:
		_ = h.b.Close()
	}
}
