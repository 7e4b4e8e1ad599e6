package browser

// The error paths of package browser, driven by the stub DevTools client
// (docs/testing.md "The stub DevTools client"): a real Chromium runs the
// page, and conn.fault fails the one command a test names, as the browser
// would answer it. Each test says which typed error or message the caller
// gets, and that it gets it at once, not at its context's deadline.

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/cdp"
	"github.com/go-rod/rod/lib/proto"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/procs"
	"github.com/smokeflow/smokeflow/locate"
)

// stubDeadline bounds every call of these tests: an error path that
// waits it out has hung, and fails the test.
const stubDeadline = 10 * time.Second

var stubBrowser struct {
	once sync.Once
	b    *Browser
	err  error
}

// sharedBrowser is one Chromium for the tests that need one, launched by
// the first of them; TestMain closes it.
func sharedBrowser(t *testing.T) *Browser {
	t.Helper()
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	stubBrowser.once.Do(func() {
		stubBrowser.b, stubBrowser.err = Launch(context.Background(), Options{})
	})
	if stubBrowser.err != nil {
		t.Fatalf("these tests drive a real Chromium: install it (sudo apt-get install -y chromium) or set SMOKEFLOW_BROWSER: %v", stubBrowser.err)
	}
	return stubBrowser.b
}

// freshContext is a new incognito context of the shared browser, closed
// after the test, and a context for its calls bounded by stubDeadline.
func freshContext(t *testing.T) (context.Context, *Context) {
	t.Helper()
	b := sharedBrowser(t)
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	t.Cleanup(cancel)
	c, err := b.NewContext(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return ctx, c
}

func TestMain(m *testing.M) {
	code := m.Run()
	if b := stubBrowser.b; b != nil {
		if err := b.Close(); err != nil {
			fmt.Fprintln(os.Stderr, "closing the browser:", err)
			code = 1
		}
	}
	ReapZombies()
	if left := procs.BrowsersBelowMe(); len(left) > 0 {
		fmt.Fprintln(os.Stderr, "no Chromium process may outlive the tests:", left)
		code = 1
	}
	os.Exit(code)
}

const stubPage = `<!doctype html><title>Stub</title><main><h1>Orders</h1><button>Save</button></main>`

// serveHTML serves html at every path until the test ends.
func serveHTML(t *testing.T, html string) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(html))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// openStubPage serves stubPage and opens it in a fresh context of b.
func openStubPage(t *testing.T, b *Browser) *Page {
	t.Helper()
	return openURL(t, b, serveHTML(t, stubPage).URL)
}

// openURL opens url, once loaded, in a fresh context of b, closed when
// the test ends.
func openURL(t *testing.T, b *Browser, url string) *Page {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	c, p, err := b.OpenPage(ctx, PageOptions{}, url, "load")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return p
}

// failCommand makes every command method of b fail with err until the
// test ends.
func failCommand(t *testing.T, b *Browser, method string, err error) {
	t.Helper()
	f := faultFunc(func(_, m string, _ any) error {
		if m == method {
			return err
		}
		return nil
	})
	b.conn.fault.Store(&f)
	t.Cleanup(func() { b.conn.fault.Store(nil) })
}

// within runs call with stubDeadline and fails the test when the call
// used it up: an error path must answer, not wait.
func within(t *testing.T, call func(ctx context.Context) error) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	err := call(ctx)
	if ctx.Err() != nil {
		t.Fatalf("the call waited out its deadline (%v): %v", stubDeadline, err)
	}
	return err
}

// chromiumError is the error Chromium answers a command it refuses with.
func chromiumError(msg string) *cdp.Error {
	return &cdp.Error{Code: -32000, Message: msg}
}

func TestNavigateCommandFails(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	failCommand(t, b, "Page.navigate", chromiumError("Cannot navigate to invalid URL"))
	err := within(t, func(ctx context.Context) error {
		_, err := p.Navigate(ctx, "http://127.0.0.1:1/elsewhere", "load")
		return err
	})
	var ce *cdp.Error
	if !errors.As(err, &ce) || ce.Message != "Cannot navigate to invalid URL" {
		t.Fatalf("Navigate: got %v, want the browser's error", err)
	}
}

func TestNavigateNetworkErrorIsTyped(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	err := within(t, func(ctx context.Context) error {
		_, err := p.Navigate(ctx, "http://127.0.0.1:1/", "load")
		return err
	})
	var ne *NavigateError
	if !errors.As(err, &ne) || ne.URL != "http://127.0.0.1:1/" || !strings.HasPrefix(ne.Text, "net::ERR_") {
		t.Fatalf("Navigate to a closed port: got %v, want a *NavigateError with the net:: text", err)
	}
}

func TestSnapshotReadFails(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	for _, c := range []struct{ method, prefix string }{
		{"DOMSnapshot.captureSnapshot", "DOMSnapshot: "},
		{"Accessibility.getFullAXTree", ""},
	} {
		failCommand(t, b, c.method, chromiumError("stub: "+c.method+" failed"))
		err := within(t, func(ctx context.Context) error {
			_, err := p.Snapshot(ctx)
			return err
		})
		var ce *cdp.Error
		if !errors.As(err, &ce) || !strings.HasPrefix(err.Error(), c.prefix) || !strings.Contains(err.Error(), c.method+" failed") {
			t.Errorf("Snapshot with %s failing: got %v, want the browser's error%s", c.method, err, map[bool]string{true: " after " + c.prefix}[c.prefix != ""])
		}
	}
	b.conn.fault.Store(nil)
	if _, err := within2(t, p.Snapshot); err != nil {
		t.Fatalf("the page must read again once the command answers: %v", err)
	}
}

// within2 is within for a call with a result.
func within2[T any](t *testing.T, call func(ctx context.Context) (T, error)) (T, error) {
	t.Helper()
	var out T
	err := within(t, func(ctx context.Context) error {
		var err error
		out, err = call(ctx)
		return err
	})
	return out, err
}

func TestEvalCommandFails(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	failCommand(t, b, "Runtime.evaluate", chromiumError("Execution context was destroyed."))
	_, err := within2(t, func(ctx context.Context) (proto.RuntimeRemoteObject, error) { return p.Eval(ctx, "1+1") })
	var ce *cdp.Error
	if !errors.As(err, &ce) || ce.Message != "Execution context was destroyed." {
		t.Fatalf("Eval: got %v, want the browser's error", err)
	}
}

func TestCrashedPage(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	// A real crash, not a stub: the renderer is told to crash, and never
	// answers that command (its wait is dropped at once).
	crash, err := b.conn.send(string(p.main.ID), "Page.crash", nil)
	if err != nil {
		t.Fatal(err)
	}
	dropped, drop := context.WithCancel(context.Background())
	drop()
	_, _ = crash(dropped)
	err = within(t, func(ctx context.Context) error {
		return p.waitFor(ctx, func() bool { return false })
	})
	if !errors.Is(err, ErrPageCrashed) {
		t.Fatalf("waiting on a crashed page: got %v, want ErrPageCrashed", err)
	}
	if !p.Crashed() {
		t.Fatal("Crashed must say so")
	}
	if _, err := within2(t, p.Snapshot); !errors.Is(err, ErrPageCrashed) {
		t.Fatalf("Snapshot of a crashed page: got %v, want ErrPageCrashed", err)
	}
}

func TestCommandWaitingWhenSessionDetaches(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	// a command the page never answers, sent before the detach
	wait, err := b.conn.send(string(p.main.ID), "Runtime.evaluate",
		proto.RuntimeEvaluate{Expression: "new Promise(() => {})", AwaitPromise: true})
	if err != nil {
		t.Fatal(err)
	}
	_ = within(t, func(ctx context.Context) error {
		return proto.TargetDetachFromTarget{SessionID: p.main.ID}.Call(b.rod.Context(ctx))
	})
	_, err = within2(t, wait)
	if !errors.Is(err, ErrPageClosed) || !strings.Contains(err.Error(), string(p.main.ID)) {
		t.Fatalf("a command waiting on a detached session: got %v, want ErrPageClosed naming the session", err)
	}
}

func TestCallAfterPageClose(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	if err := p.Close(); err != nil {
		t.Fatal(err)
	}
	_, err := within2(t, func(ctx context.Context) (proto.RuntimeRemoteObject, error) { return p.Eval(ctx, "1") })
	// the session ended (ErrPageClosed), or, when the call overtook that
	// event, the browser says it knows no such session
	var ce *cdp.Error
	if !errors.Is(err, ErrPageClosed) && !(errors.As(err, &ce) && strings.Contains(ce.Message, "ession")) {
		t.Fatalf("Eval on a closed page: got %T %v, want ErrPageClosed", err, err)
	}
}

func TestCallAfterConnectionEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	// its own browser: the test ends its connection
	b, err := Launch(context.Background(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = b.Close() }()
	p := openStubPage(t, b)
	wait, err := b.conn.send(string(p.main.ID), "Runtime.evaluate",
		proto.RuntimeEvaluate{Expression: "new Promise(() => {})", AwaitPromise: true})
	if err != nil {
		t.Fatal(err)
	}
	_ = b.conn.ws.Close()
	if _, err := within2(t, wait); !errors.Is(err, errConnClosed) {
		t.Fatalf("a command waiting when the connection ends: got %v, want errConnClosed", err)
	}
	_, err = within2(t, func(ctx context.Context) (proto.RuntimeRemoteObject, error) { return p.Eval(ctx, "1") })
	if !errors.Is(err, errConnClosed) || !strings.Contains(err.Error(), "the DevTools connection is closed") {
		t.Fatalf("Eval after the connection ended: got %v, want errConnClosed", err)
	}
}

// TestClickCommandsFail: a click whose node cannot be resolved waits, as
// for a node that left the page, and fails at its deadline with a
// *LocateError; one whose in-page check keeps failing retries and ends
// with the browser's error; one whose input event fails ends at once.
func TestClickCommandsFail(t *testing.T) {
	b := sharedBrowser(t)
	cases := []struct {
		method string
		waits  bool // until the deadline: the click retries
		check  func(err error) bool
	}{
		{"DOM.resolveNode", true, func(err error) bool {
			var le *LocateError
			return errors.As(err, &le) && err.Error() == `button "Save" left the page`
		}},
		{"Runtime.callFunctionOn", true, func(err error) bool {
			var ce *cdp.Error
			return errors.As(err, &ce) && ce.Message == "stub: Runtime.callFunctionOn failed"
		}},
		{"Input.dispatchMouseEvent", false, func(err error) bool {
			var ce *cdp.Error
			return errors.As(err, &ce) && ce.Message == "stub: Input.dispatchMouseEvent failed"
		}},
	}
	for _, c := range cases {
		// a click that waits does so for its whole deadline; one that
		// ends at once gets a long one, which a loaded machine's first
		// read of the page must not run out
		deadline := 500 * time.Millisecond
		if !c.waits {
			deadline = 5 * time.Second
		}
		p := openStubPage(t, b)
		failCommand(t, b, c.method, chromiumError("stub: "+c.method+" failed"))
		ctx, cancel := context.WithTimeout(context.Background(), deadline)
		_, err := p.Click(ctx, &flows.Target{Role: "button", Name: "Save"}, ClickOptions{})
		waited := ctx.Err() != nil
		cancel()
		b.conn.fault.Store(nil)
		if !c.check(err) {
			t.Errorf("click with %s failing: got %T %v", c.method, err, err)
		}
		if waited != c.waits {
			t.Errorf("click with %s failing: waited out its deadline: %v, want %v", c.method, waited, c.waits)
		}
	}
}

// A read of the page that its deadline cut short in any frame is no read:
// it fails with the deadline, and does not give a snapshot without the
// frame, whose elements would read as not there (docs/targets.md "The
// snapshot", Iframes). The cut falls on an out-of-process iframe's tree,
// on where its <iframe> is in the page, or on a same-process frame's tree
// (a written editor's, as TinyMCE's).
func TestSnapshotCutInAnIframeIsNoRead(t *testing.T) {
	b := sharedBrowser(t)
	inner := serveHTML(t, `<!doctype html><title>Inner</title><button>Pay</button>`)
	// another site than the page's, so the iframe runs in a process of its own
	innerURL := strings.Replace(inner.URL, "127.0.0.1", "localhost", 1)
	oopif := serveHTML(t, fmt.Sprintf(`<!doctype html><title>Outer</title><h1>Checkout</h1><iframe src="%s"></iframe>`, innerURL))
	written := serveHTML(t, `<!doctype html><title>Outer</title><h1>Checkout</h1><iframe></iframe>
<script>const d = document.querySelector('iframe').contentDocument; d.open(); d.write('<button>Pay</button>'); d.close()</script>`)
	cases := []struct {
		name     string
		page     string
		sessions int // the page's sessions once the iframe is read
		// cut says whether the command is the one the busy frame does not answer
		cut func(main, sid, method string, params any) bool
	}{
		{"an out-of-process iframe's tree", oopif.URL, 2, func(main, sid, m string, _ any) bool {
			return sid != main && m == "Accessibility.getFullAXTree"
		}},
		{"an out-of-process iframe's owner", oopif.URL, 2, func(main, sid, m string, _ any) bool {
			return sid == main && m == "DOM.getFrameOwner"
		}},
		{"a same-process frame's tree", written.URL, 1, func(main, sid, m string, params any) bool {
			ax, ok := params.(proto.AccessibilityGetFullAXTree)
			return sid == main && m == "Accessibility.getFullAXTree" && ok && ax.FrameID != ""
		}},
	}
	for _, c := range cases {
		p := openURL(t, b, c.page)
		ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
		// an out-of-process iframe's session attaches, and its document is
		// read, a moment after the page's load
		var snap *locate.Snapshot
		err := p.Poll(ctx, func() (bool, error) {
			var err error
			snap, err = p.Snapshot(ctx)
			return err == nil && len(p.Sessions()) == c.sessions && strings.Contains(snap.String(), `button "Pay"`), err
		})
		cancel()
		if err != nil {
			t.Fatalf("%s: the whole page never read with the iframe's button: %v", c.name, err)
		}
		main := string(p.Sessions()[0].ID)
		rctx, rcancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		f := faultFunc(func(sid, m string, params any) error {
			if c.cut(main, sid, m, params) {
				<-rctx.Done() // the frame's process too busy to answer in time
				return rctx.Err()
			}
			return nil
		})
		b.conn.fault.Store(&f)
		snap, err = p.Snapshot(rctx)
		b.conn.fault.Store(nil)
		rcancel()
		switch {
		case err == nil:
			t.Errorf("%s: a read cut short there gave a snapshot:\n%s", c.name, snap.String())
		case !IsContextErr(err):
			t.Errorf("%s: got %v, want the deadline", c.name, err)
		}
	}
}

// A tab whose set-up the browser holds (it can hold it until the tab's
// first page commits: seen with a server that never answers, on a loaded
// machine) is listed at once as still opening, never left out nor waited
// for; once its set-up ends it is set up, and opened when its page has
// come (docs/flows.md "tab").
func TestATabWhoseSetUpIsHeldIsListedAsOpening(t *testing.T) {
	b := sharedBrowser(t)
	second := serveHTML(t, `<!doctype html><title>Two</title><p>two</p>`)
	p := openStubPage(t, b)
	main := string(p.Sessions()[0].ID)
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	t.Cleanup(free)
	f := faultFunc(func(sid, m string, _ any) error {
		if sid != main && sid != "" && m == "Runtime.enable" {
			<-release // the browser holds the new tab's set-up
		}
		return nil
	})
	b.conn.fault.Store(&f)
	t.Cleanup(func() { b.conn.fault.Store(nil) })
	ctx, cancel := context.WithTimeout(context.Background(), stubDeadline)
	defer cancel()
	if _, err := p.Eval(ctx, fmt.Sprintf("window.open(%q) && true", second.URL)); err != nil {
		t.Fatal(err)
	}
	var pages []*Page
	err := within(t, func(ctx context.Context) error {
		return p.Poll(ctx, func() (bool, error) {
			var err error
			pages, err = p.owner.Pages(ctx)
			return len(pages) == 2, err
		})
	})
	if err != nil {
		t.Fatalf("the tab whose set-up is held is not listed: %v", err)
	}
	tab := pages[1]
	if !tab.settingUp() || !tab.Opening(ctx) {
		t.Fatalf("the tab whose set-up is held is not opening (setting up: %v)", tab.settingUp())
	}
	free()
	if err := tab.WaitOpened(ctx); err != nil {
		t.Fatalf("the tab did not open once its set-up was let go: %v", err)
	}
	if tab.settingUp() || tab.Closed() {
		t.Fatal("the tab let go is still setting up, or closed")
	}
}

// A step's trace frame is taken while the tab changes documents: the
// secret boxes it paints over are measured in smokeflow's world, which
// the browser can find gone between its creation and the call ("Cannot
// find context", a navigation committing). The measure is made again in
// the new document, and the step keeps its frame; a browser that keeps
// refusing still answers at once.
func TestATraceFrameOutlivesTheWorldItMeasuredIn(t *testing.T) {
	b := sharedBrowser(t)
	p := openStubPage(t, b)
	var mu sync.Mutex
	refused := 0
	f := faultFunc(func(_, m string, _ any) error {
		mu.Lock()
		defer mu.Unlock()
		if m == "Runtime.evaluate" && refused == 0 {
			refused++
			return chromiumError("Cannot find context with specified id")
		}
		return nil
	})
	b.conn.fault.Store(&f)
	t.Cleanup(func() { b.conn.fault.Store(nil) })
	frame, err := within2(t, p.ScreencastFrame)
	if err != nil || frame == nil {
		t.Fatalf("the frame was lost to a world gone mid-call: %v", err)
	}
	mu.Lock()
	n := refused
	mu.Unlock()
	if n != 1 {
		t.Fatalf("the browser refused %d calls, want 1", n)
	}
	failCommand(t, b, "Runtime.evaluate", chromiumError("Cannot find context with specified id"))
	if _, err := within2(t, p.ScreencastFrame); err == nil {
		t.Fatal("a browser that keeps refusing the measure gave a frame that may show a secret")
	}
}
