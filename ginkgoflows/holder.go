package ginkgoflows

import (
	"context"
	"errors"
	"sync"

	"github.com/smokeflow/smokeflow/browser"
)

// holder is the browser the specs of one Describe share: launched by the
// first spec that needs it, relaunched when it has crashed, closed and
// reaped after the last spec (docs/go-api.md "One browser").
type holder struct {
	mu   sync.Mutex
	opts browser.Options
	b    *browser.Browser
	// err is the launch's error: the specs after it fail with it at once
	// rather than each waiting for a browser that does not start.
	err error
}

// get returns the browser, launching it on first use or after a crash.
func (h *holder) get(ctx context.Context) (*browser.Browser, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.err != nil {
		return nil, h.err
	}
	if h.b != nil {
		select {
		case <-h.b.Exited():
			_ = h.b.Close() // gone already: Close removes its profile and reaps
			h.b = nil
		default:
			return h.b, nil
		}
	}
	b, err := browser.Launch(ctx, h.opts)
	if err != nil {
		if ctx.Err() == nil {
			h.err = err
		}
		return nil, err
	}
	h.b = b
	return b, nil
}

// close ends the browser, if one was launched, and reaps what it left.
func (h *holder) close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	var err error
	if h.b != nil {
		err = h.b.Close()
		h.b = nil
	}
	browser.ReapZombies()
	return err
}

// shared is the suite's browser of the Browser option.
func shared(f func() *browser.Browser) (*browser.Browser, error) {
	if b := f(); b != nil {
		return b, nil
	}
	return nil, errNoSharedBrowser
}

var errNoSharedBrowser = errors.New("ginkgoflows: the function given to Browser returned no browser; launch it in a BeforeSuite before the specs run")
