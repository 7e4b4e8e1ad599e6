// Package browser drives Chromium over the DevTools protocol: it launches or
// attaches to a browser, opens isolated contexts and pages, and acts on a
// page through its snapshot and ref map. It knows nothing of flows, so an
// interactive session, a crawler or the flow runner can all use it.
package browser

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"github.com/smokeflow/smokeflow/flows"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/defaults"
	"github.com/go-rod/rod/lib/launcher"
	"github.com/go-rod/rod/lib/proto"
)

func init() {
	// rod reads a global -rod flag from os.Args at init; smokeflow has its
	// own command line, so turn that off and forget anything it parsed.
	_ = os.Setenv("DISABLE_ROD_FLAG", "1")
	defaults.ResetWith("")
}

// BrowserError is a browser that could not be found, started or reached.
// The command line maps it to exit code 3.
type BrowserError struct {
	Msg string
	Fix string
	Err error
	// Fixes are the run settings that would fix it (docs/cli.md
	// "Errors"): Options.Bin is the browser executable, Options.CDP the
	// address of a running browser.
	Fixes []flows.Setting
}

// Settings implements flows.Fixable.
func (e *BrowserError) Settings() []flows.Setting { return e.Fixes }

func (e *BrowserError) Error() string {
	s := e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	if e.Fix != "" {
		s += "\n  fix: " + e.Fix
	}
	return s
}

func (e *BrowserError) Unwrap() error { return e.Err }

// installHint is what to do when no browser is found or it won't start.
const installHint = "install Chromium (Debian/Ubuntu: sudo apt-get install -y chromium), " +
	"or give the browser executable's path (or set SMOKEFLOW_BROWSER), or attach to a running browser by its DevTools address (host:port)"

// installFixes are the settings installHint names.
var installFixes = []flows.Setting{flows.SettingBrowser, flows.SettingCDP}

// Options configure Launch. Zero values get defaults after all options are
// read (see withDefaults).
type Options struct {
	// Bin is the browser executable; empty means discover (FindBrowser).
	Bin string
	// CDP attaches to a running browser (host:port or ws://...) instead of
	// launching one. It is never closed by smokeflow.
	CDP string
	// Headed shows the window.
	Headed bool
	// DisableSiteIsolation runs cross-origin iframes in-process. Off by
	// default: smokeflow works with out-of-process iframes, as a remote
	// browser has them.
	DisableSiteIsolation bool
	// ExtraArgs are added to the command line.
	ExtraArgs []string
	// StartTimeout bounds the launch (default 30s).
	StartTimeout time.Duration
	// Log receives the browser's stderr (default: discarded).
	Log io.Writer
}

func (o Options) withDefaults() Options {
	if o.StartTimeout <= 0 {
		o.StartTimeout = 30 * time.Second
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
	return o
}

// Browser is a launched or attached browser.
type Browser struct {
	rod      *rod.Browser
	conn     *conn // rod's client: smokeflow's own (conn.go)
	cmd      *exec.Cmd
	exited   chan struct{}
	status   string // how the process ended, set before exited closes
	profile  string
	attached bool
	version  string
	bin      string
	endpoint string // the DevTools WebSocket URL of a launched browser

	disconnect context.CancelFunc

	closeOnce sync.Once
	closeErr  error
}

// Rod is the underlying rod browser, for packages of this module.
func (b *Browser) Rod() *rod.Browser { return b.rod }

// Version is the browser's product string, such as "Chrome/156.0.8078.108".
func (b *Browser) Version() string { return b.version }

// Endpoint is a launched browser's DevTools WebSocket URL ("" for an
// attached one): `smokeflow record` prints it (docs/session.md
// "Recording a flow").
func (b *Browser) Endpoint() string { return b.endpoint }

// Attached reports whether the browser was attached with --cdp.
func (b *Browser) Attached() bool { return b.attached }

// Exited is closed when a launched browser process ends (never for an
// attached one).
func (b *Browser) Exited() <-chan struct{} { return b.exited }

// ExitStatus says how a launched browser process ended, such as "signal:
// killed" or "exit status 1"; "" while it runs, and for an attached one.
func (b *Browser) ExitStatus() string {
	select {
	case <-b.exited:
		return b.status
	default:
		return ""
	}
}

// Launch starts a browser, or attaches to one when opts.CDP is set.
func Launch(ctx context.Context, opts Options) (*Browser, error) {
	opts = opts.withDefaults()
	if opts.CDP != "" {
		return attach(ctx, opts)
	}
	bin, err := FindBrowser(opts.Bin)
	if err != nil {
		return nil, err
	}
	if opts.Headed && headlessShell(bin) {
		return nil, &BrowserError{Msg: fmt.Sprintf("%s is a headless shell: it has no window to show", bin),
			Fix: "give --headed a full Chromium or Chrome (--browser /usr/bin/chromium), or run without --headed", Fixes: []flows.Setting{flows.SettingBrowser}}
	}
	EnableSubreaper()
	sweepProfiles(time.Now())

	profile, err := os.MkdirTemp("", profilePrefix)
	if err != nil {
		return nil, &BrowserError{Msg: "cannot create a temporary browser profile", Err: err}
	}
	args := launchArgs(opts, profile)
	cmd := exec.Command(bin, args...)
	cmd.SysProcAttr = launchAttr()
	cmd.Env = append(os.Environ(), "GOOGLE_API_KEY=no", "GOOGLE_DEFAULT_CLIENT_ID=no", "GOOGLE_DEFAULT_CLIENT_SECRET=no")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		_ = os.RemoveAll(profile)
		return nil, &BrowserError{Msg: "cannot start the browser", Err: err}
	}
	cmd.Stdout = nil
	if err := cmd.Start(); err != nil {
		_ = os.RemoveAll(profile)
		return nil, &BrowserError{Msg: fmt.Sprintf("cannot start the browser %s", bin), Fix: installHint, Err: err, Fixes: installFixes}
	}
	trackChild(cmd.Process.Pid)
	b := &Browser{cmd: cmd, exited: make(chan struct{}), profile: profile, bin: bin}

	wsCh := make(chan string, 1)
	var tail tailBuffer
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64*1024), 1024*1024)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			_, _ = fmt.Fprintln(opts.Log, line)
			tail.add(line)
			if !sent {
				if m := devtoolsRe.FindStringSubmatch(line); m != nil {
					wsCh <- m[1]
					sent = true
				}
			}
		}
		_, _ = io.Copy(io.Discard, stderr)
	}()
	go func() {
		_ = cmd.Wait()
		untrackChild(cmd.Process.Pid)
		b.status = cmd.ProcessState.String()
		close(b.exited)
	}()

	var ws string
	timer := time.NewTimer(opts.StartTimeout)
	defer timer.Stop()
	select {
	case ws = <-wsCh:
	case <-b.exited:
		b.cleanup()
		return nil, exitedAtStart(bin, tail.String())
	case <-timer.C:
		b.kill()
		return nil, &BrowserError{Msg: fmt.Sprintf("the browser %s did not start within %s", bin, opts.StartTimeout), Fix: installHint, Fixes: installFixes}
	case <-ctx.Done():
		b.kill()
		return nil, &BrowserError{Msg: "interrupted while starting the browser", Err: ctx.Err()}
	}

	cl, err := dial(ctx, nil, ws)
	var rb *rod.Browser
	if err == nil {
		rb = rod.New().Client(cl)
		err = rb.Connect()
	}
	if err != nil {
		b.kill()
		return nil, &BrowserError{Msg: "cannot connect to the browser's DevTools endpoint " + ws, Fix: installHint, Err: err, Fixes: installFixes}
	}
	b.rod, b.conn, b.endpoint = rb, cl, ws
	b.version = browserVersion(rb)
	return b, nil
}

// exitedAtStart is the error of a browser that exited before it listened,
// with the fix its last lines of stderr name (docs/running.md "The
// browser").
func exitedAtStart(bin, tail string) *BrowserError {
	msg := fmt.Sprintf("the browser %s exited at start", bin)
	if strings.Contains(tail, "Socket path too long") {
		// Chromium's single-instance socket lives in the temporary folder,
		// and a unix socket's path fits in 108 bytes
		return &BrowserError{Msg: msg + ": the path of its single-instance socket in the temporary folder (" + os.TempDir() + ") is too long for a socket",
			Fix: "set TMPDIR to a shorter folder, such as /tmp", Err: errors.New(tail)}
	}
	return &BrowserError{Msg: msg, Fix: installHint, Err: errors.New(tail), Fixes: installFixes}
}

// disabledFeatures are the Chromium features smokeflow turns off
// (docs/running.md "The browser"): services that reach the network or
// run in the background, and the spare renderer, a renderer process
// Chromium starts ahead for the context's next site. Every flow opens a
// fresh context, so the spare started after its first page is for a
// context that ends with the flow: a process started for nothing. And
// the omnibox popup, a page of browser UI that headless Chromium loads,
// in a renderer of its own, for the window of every context and never
// shows: a second renderer process for every flow.
var disabledFeatures = []string{"Translate", "MediaRouter", "OptimizationHints", "DialMediaRouteProvider",
	"AutofillServerCommunication", "CertificateTransparencyComponentUpdater", "SpareRendererForSitePerProcess",
	"WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"}

var devtoolsRe = regexp.MustCompile(`DevTools listening on (ws://\S+)`)

func launchArgs(opts Options, profile string) []string {
	args := []string{
		"--remote-debugging-port=0",
		"--user-data-dir=" + profile,
		"--no-first-run",
		"--no-default-browser-check",
		"--disable-background-networking",
		"--disable-component-update",
		"--disable-sync",
		"--disable-breakpad",
		"--disable-crash-reporter",
		"--disable-default-apps",
		"--disable-extensions",
		"--disable-dev-shm-usage",
		"--disable-hang-monitor",
		"--disable-popup-blocking",
		"--disable-prompt-on-repost",
		"--disable-client-side-phishing-detection",
		"--disable-background-timer-throttling",
		"--disable-backgrounding-occluded-windows",
		"--disable-renderer-backgrounding",
		"--disable-ipc-flooding-protection",
		"--metrics-recording-only",
		"--password-store=basic",
		"--use-mock-keychain",
		"--force-color-profile=srgb",
		"--mute-audio",
		"--enable-automation",
	}
	if !opts.Headed {
		args = append(args, "--headless=new", "--hide-scrollbars", "--disable-gpu")
	}
	if os.Geteuid() == 0 {
		args = append(args, "--no-sandbox")
	}
	off := disabledFeatures
	if opts.DisableSiteIsolation {
		args = append(args, "--disable-site-isolation-trials")
		off = append(off[:len(off):len(off)], "site-per-process")
	} else {
		// Chromium's default, said: a headless shell given with
		// --browser has it off (docs/running.md "The browser")
		args = append(args, "--site-per-process")
	}
	// Chromium reads the last --disable-features only: one list, with
	// those of ExtraArgs in it
	for _, a := range opts.ExtraArgs {
		if v, ok := strings.CutPrefix(a, "--disable-features="); ok {
			off = append(off[:len(off):len(off)], strings.Split(v, ",")...)
			continue
		}
		args = append(args, a)
	}
	args = append(args, "--disable-features="+strings.Join(off, ","))
	// No first tab: every page smokeflow drives opens in a context of its
	// own, and a tab at start costs a renderer process that starts up
	// while the browser does, then stays for the whole run (docs/running.md
	// "The browser").
	return append(args, "--no-startup-window")
}

func attach(ctx context.Context, opts Options) (*Browser, error) {
	u := opts.CDP
	if !strings.HasPrefix(u, "ws://") && !strings.HasPrefix(u, "wss://") {
		resolved, err := launcher.ResolveURL(u)
		if err != nil {
			return nil, &BrowserError{Msg: "cannot reach the browser at " + opts.CDP,
				Fix: "start Chrome with --remote-debugging-port=9222 and attach to 127.0.0.1:9222, or to its ws:// URL", Err: err,
				Fixes: []flows.Setting{flows.SettingCDP}}
		}
		u = resolved
	}
	connCtx, disconnect := context.WithCancel(context.Background())
	cl, err := dial(ctx, connCtx, u)
	var rb *rod.Browser
	if err == nil {
		rb = rod.New().Client(cl).Context(connCtx)
		err = rb.Connect()
	}
	if err != nil {
		disconnect()
		return nil, &BrowserError{Msg: "cannot connect to the browser at " + opts.CDP,
			Fix: "check the address, and that the browser was started with --remote-debugging-port", Err: err,
			Fixes: []flows.Setting{flows.SettingCDP}}
	}
	return &Browser{rod: rb, conn: cl, attached: true, disconnect: disconnect, exited: make(chan struct{}), version: browserVersion(rb)}, nil
}

func browserVersion(rb *rod.Browser) string {
	v, err := proto.BrowserGetVersion{}.Call(rb)
	if err != nil {
		return ""
	}
	return v.Product
}

// Close ends the browser: a launched one is closed, killed if it lingers,
// its profile removed and its processes reaped; an attached one is only
// disconnected. Safe to call more than once.
func (b *Browser) Close() error {
	b.closeOnce.Do(func() {
		if b.attached {
			// rod.Browser.Close would send Browser.close and end a remote
			// browser: for an attached one only the connection is dropped.
			if b.disconnect != nil {
				b.disconnect()
			}
			return
		}
		if b.rod != nil {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			_ = proto.BrowserClose{}.Call(b.rod.Context(ctx))
			cancel()
		}
		select {
		case <-b.exited:
		case <-time.After(3 * time.Second):
		}
		b.kill()
	})
	return b.closeErr
}

// kill ends the process group, waits for the main process and removes the
// profile.
func (b *Browser) kill() {
	if b.cmd != nil && b.cmd.Process != nil {
		killGroup(b.cmd.Process.Pid)
		_ = b.cmd.Process.Kill()
		select {
		case <-b.exited:
		case <-time.After(5 * time.Second):
		}
	}
	b.cleanup()
}

func (b *Browser) cleanup() {
	killStrays()
	ReapZombies()
	if b.profile != "" {
		// Chromium's helpers may still be flushing files for a moment.
		for i := 0; i < 20; i++ {
			if err := RemoveProfile(b.profile); err == nil {
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
}

type tailBuffer struct {
	mu    sync.Mutex
	lines []string
}

func (t *tailBuffer) add(s string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.lines = append(t.lines, s)
	if len(t.lines) > 8 {
		t.lines = t.lines[len(t.lines)-8:]
	}
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, "\n")
}

// FindBrowser returns the browser to use: explicit, else $SMOKEFLOW_BROWSER,
// else the first Chromium or Chrome on PATH or in the usual places. It
// never downloads one.
func FindBrowser(explicit string) (string, error) {
	check := func(p, from string) (string, error) {
		if st, err := os.Stat(p); err != nil || st.IsDir() {
			return "", &BrowserError{Msg: fmt.Sprintf("no browser at %s (%s)", p, from), Fix: installHint, Fixes: installFixes}
		}
		return p, nil
	}
	if explicit != "" {
		if !strings.ContainsRune(explicit, filepath.Separator) {
			if p, err := exec.LookPath(explicit); err == nil {
				return p, nil
			}
		}
		return check(explicit, "the browser executable given")
	}
	if env := os.Getenv("SMOKEFLOW_BROWSER"); env != "" {
		return check(env, "$SMOKEFLOW_BROWSER")
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "chrome-headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	places := []string{
		"/usr/bin/chromium", "/usr/lib/chromium/chromium", "/usr/bin/chromium-browser",
		"/usr/bin/google-chrome", "/opt/google/chrome/chrome", "/snap/bin/chromium",
	}
	if runtime.GOOS == "darwin" {
		places = append(places,
			"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
			"/Applications/Chromium.app/Contents/MacOS/Chromium")
	}
	for _, p := range places {
		if st, err := os.Stat(p); err == nil && !st.IsDir() {
			return p, nil
		}
	}
	return "", &BrowserError{Msg: "no Chromium or Chrome found on PATH or in the usual places", Fix: installHint, Fixes: installFixes}
}

// headlessShell reports whether bin is Chromium's headless shell
// (chromium-headless-shell, chrome-headless-shell, headless_shell): a
// build without a window (docs/running.md "The browser").
func headlessShell(bin string) bool {
	name := filepath.Base(bin)
	return strings.Contains(name, "headless-shell") || strings.Contains(name, "headless_shell")
}

// PID is the launched browser's process id (0 when attached).
func (b *Browser) PID() int {
	if b.cmd == nil || b.cmd.Process == nil {
		return 0
	}
	return b.cmd.Process.Pid
}

// Profile is the launched browser's temporary profile folder ("" when
// attached).
func (b *Browser) Profile() string { return b.profile }
