package daemon

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/smokeflow/smokeflow/internal/testbrowser"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/wire"
	"github.com/smokeflow/smokeflow/browser"
)

// The test binary is also the sessions' process: `daemon.test test-serve
// ENGINE ARGS...` serves a session with a test engine, as `smokeflow
// session-serve ARGS...` does with agent.New; `daemon.test test-connect
// SOCKET` asks a session for its status and prints the answer (as another
// user, in the peer test).
func TestMain(m *testing.M) {
	if len(os.Args) > 2 && os.Args[1] == "test-serve" {
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
		err := RunServe(ctx, os.Args[3:], testEngines[os.Args[2]])
		stop()
		if err != nil {
			fmt.Fprintln(os.Stderr, "test-serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if len(os.Args) > 2 && os.Args[1] == "test-connect" {
		os.Exit(testConnect(os.Args[2]))
	}
	os.Exit(m.Run())
}

func TestDaemon(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Daemon Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

// testConnect sends a status request to socket and prints the answer.
func testConnect(socket string) int {
	conn, err := dial(socket)
	if err != nil {
		fmt.Println("dial:", err)
		return 1
	}
	defer conn.Close()
	if err := wire.WriteLine(conn, request{Status: true}); err != nil {
		fmt.Println("write:", err) // an answer may be read still
	}
	line, err := bufio.NewReader(conn).ReadString('\n')
	fmt.Print(line)
	if err != nil {
		fmt.Println("read:", err)
		return 1
	}
	return 0
}

// testEngines are the engines a test-serve process may serve.
var testEngines = map[string]NewEngine{
	"echo": func(context.Context, agent.Options) (Engine, error) { return &echoEngine{}, nil },
	"browser": func(_ context.Context, o agent.Options) (Engine, error) {
		return &browserEngine{opts: o}, nil
	},
	"nostart": func(context.Context, agent.Options) (Engine, error) {
		return nil, &browser.BrowserError{Msg: "no Chromium here (test)"}
	},
}

// echoEngine answers each command with its verb and arguments; `open URL`
// sets the URL `get url` prints; `wait` blocks until the command ends.
type echoEngine struct {
	mu  sync.Mutex
	url string
}

func (e *echoEngine) Run(ctx context.Context, c agent.Command) agent.Result {
	switch {
	case c.Verb == agent.VerbOpen && len(c.Args) == 1:
		e.mu.Lock()
		e.url = c.Args[0]
		e.mu.Unlock()
	case c.Verb == agent.VerbGet && len(c.Args) == 1 && c.Args[0] == "url":
		return agent.Result{Stdout: e.URL() + "\n"}
	case c.Verb == agent.VerbWait:
		<-ctx.Done()
		return agent.Result{Stderr: "wait: " + ctx.Err().Error() + "\n", Code: agent.ExitFailed}
	case c.Verb == agent.VerbEval:
		return agent.Result{Stderr: "failed on purpose\n", Code: agent.ExitFailed}
	}
	return agent.Result{Stdout: strings.TrimSpace(string(c.Verb)+" "+strings.Join(c.Args, " ")) + "\n"}
}

func (e *echoEngine) URL() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.url
}

func (e *echoEngine) Close() error { return nil }

// browserEngine launches Chromium on `open URL` and opens the page.
type browserEngine struct {
	opts agent.Options
	b    *browser.Browser
}

func (e *browserEngine) Run(ctx context.Context, c agent.Command) agent.Result {
	if c.Verb != agent.VerbOpen {
		return agent.Result{Stdout: "ok\n"}
	}
	b, err := browser.Launch(ctx, browser.Options{Bin: e.opts.Browser})
	if err != nil {
		return agent.Result{Stderr: err.Error() + "\n", Code: agent.ExitBrowser}
	}
	e.b = b
	if _, _, err := b.OpenPage(ctx, browser.PageOptions{}, c.Args[0], "load"); err != nil {
		return agent.Result{Stderr: err.Error() + "\n", Code: agent.ExitFailed}
	}
	return agent.Result{Stdout: fmt.Sprintf("browser %d\n", b.PID())}
}

func (e *browserEngine) Close() error {
	if e.b == nil {
		return nil
	}
	return e.b.Close()
}

var site *httptest.Server

var _ = BeforeSuite(func() {
	site = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>daemon test</title><button>Go</button>")
	}))
	DeferCleanup(site.Close)
	// orphans of the processes the tests kill come here, to be seen and
	// reaped
	browser.EnableSubreaper()
})
