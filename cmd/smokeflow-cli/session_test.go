package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/docs"
	"github.com/smokeflow/smokeflow/internal/procs"
)

// TestMain lets this test binary serve sessions: a session command run
// in-process (Main) starts os.Executable() session-serve, which is this
// binary, as the smokeflow binary would be. It also serves `mcp`, which
// the MCP specs start as a process.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && (os.Args[1] == daemon.ServeCommand || os.Args[1] == "mcp") {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		code := Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
		stop()
		os.Exit(code)
	}
	os.Exit(m.Run())
}

// gone says whether the process has ended, once this process (the
// subreaper the sessions' processes fall back to) has reaped what it may.
func gone(pid int) bool {
	browser.ReapZombies()
	_, err := os.Stat("/proc/" + strconv.Itoa(pid))
	return err != nil
}

// sessionsIn lists the live sessions in dir.
func sessionsIn(dir string) []daemon.Info {
	GinkgoHelper()
	list, err := daemon.List(dir)
	Expect(err).NotTo(HaveOccurred())
	return list
}

// endSessions closes the sessions a test left in dir and checks that
// their processes are gone, and nothing of theirs is left.
func endSessions(dir string) {
	GinkgoHelper()
	for _, s := range sessionsIn(dir) {
		smokeflowSplit("close", "--session", s.Name)
		Eventually(func() bool { return gone(s.PID) }, 30*time.Second, 20*time.Millisecond).Should(BeTrue())
	}
	Eventually(func() []string { return processesMentioning(dir) }, 10*time.Second, 20*time.Millisecond).Should(BeEmpty())
}

// sessionDir gives the spec a runtime folder of its own for session
// processes (a short path: a socket's path has at most 107 bytes), with no
// session named by the environment; at the end of the spec the sessions
// left in it are closed and checked gone, and the folder removed.
func sessionDir() string {
	GinkgoHelper()
	dir, err := os.MkdirTemp("", "sfc")
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(os.RemoveAll, dir)
	GinkgoT().Setenv(daemon.EnvRuntimeDir, dir)
	GinkgoT().Setenv(daemon.EnvSession, "")
	browser.EnableSubreaper() // a session's process whose client ended falls back here
	DeferCleanup(endSessions, dir)
	return dir
}

// direct is what the engine answers to c in this process, as the
// session's process would: the transport must carry it unchanged.
func direct(c agent.Command) agent.Result {
	GinkgoHelper()
	wd, err := os.Getwd()
	Expect(err).NotTo(HaveOccurred())
	c.Dir = wd
	ctx := context.Background()
	e, err := agent.New(ctx, agent.Options{Name: daemon.DefaultSession})
	Expect(err).NotTo(HaveOccurred())
	defer func() { Expect(e.Close()).To(Succeed()) }()
	return e.Run(ctx, c)
}

var _ = Describe("session commands (docs/agent-session.md)", func() {
	var dir, page string

	BeforeEach(func() {
		dir = sessionDir()
		page = site.URL + "/snapshot/cart.html"
	})

	It("carries the engine's result through the session's process: stdout, stderr, exit code", func() {
		want := direct(agent.Command{Verb: agent.VerbOpen, Args: []string{page}})
		code, out, errOut := smokeflowSplit("open", page)
		Expect(out).To(Equal(want.Stdout))
		Expect(errOut).To(Equal(want.Stderr))
		Expect(code).To(Equal(sessionCode(want.Code)))
		list := sessionsIn(dir)
		Expect(list).To(HaveLen(1))
		Expect(list[0].Name).To(Equal("default"))
		Expect(list[0].PID).NotTo(Equal(os.Getpid()), "a process of its own")

		smokeflowSplit("reload")
		Expect(sessionsIn(dir)).To(ConsistOf(HaveField("PID", list[0].PID)), "the next command reaches the same process")
		code, out, _ = smokeflowSplit("sessions")
		Expect(code).To(Equal(0))
		Expect(out).To(MatchRegexp(`^NAME +PID +IDLE +URL\ndefault +%d +\S+`, list[0].PID))
		Expect(out).To(ContainSubstring(page), "the page's URL")

		smokeflowSplit("close")
		Eventually(func() bool { return gone(list[0].PID) }, 30*time.Second, 20*time.Millisecond).Should(BeTrue(), "close ends the process")
		_, out, _ = smokeflowSplit("sessions")
		Expect(out).To(Equal("no sessions\n"))
	})

	It("takes the base URL and the step timeout as start flags", func() {
		code, out, errOut := smokeflowSplit("open", "--base-url", site.URL+"/snapshot/", "--step-timeout", "2s", "cart.html")
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(Equal("ok\n"))
		_, out, _ = smokeflowSplit("get", "url")
		Expect(out).To(Equal(page+"\n"), "the relative URL joined the base URL")
		smokeflowSplit("eval", "setTimeout(() => document.body.append('Late text'), 8000); 1")
		code, out, _ = smokeflowSplit("wait", "{text: Late text}")
		Expect(code).To(Equal(1), "the wait gave up after 2 s, before the text came (the default 10 s would see it); not 300 ms, which a loaded machine took to read the URL")
		Expect(out).To(ContainSubstring(`text "Late text" did not appear`))
		smokeflowSplit("close")
	})

	It("keeps sessions apart: --session and $SMOKEFLOW_SESSION each pick one", func() {
		smokeflowSplit("open", "--session", "one", page)
		GinkgoT().Setenv(daemon.EnvSession, "two")
		smokeflowSplit("open", page)
		list := sessionsIn(dir)
		Expect(list).To(HaveLen(2))
		Expect(list[0].Name).To(Equal("one"))
		Expect(list[1].Name).To(Equal("two"))
		Expect(list[0].PID).NotTo(Equal(list[1].PID))
	})

	// A session that died (docs/agent-session.md "A session that died"):
	// its process or its browser killed, the next verb that needs the page
	// fails saying so, exit 3; open starts a new session, with a note.
	diedThen := func(pid int, ended string) {
		GinkgoHelper()
		code, out, errOut := smokeflowSplit("snapshot")
		Expect(code).To(Equal(3), out+errOut)
		Expect(out + errOut).To(ContainSubstring(`snapshot: the session "default" ended (` + ended))
		Expect(out + errOut).To(ContainSubstring("its page, cookies, storage and refs are gone; start a new one: smokeflow open URL"))
		Expect(out + errOut).NotTo(ContainSubstring("about:blank"))
		code, _, _ = smokeflowSplit("get", "url")
		Expect(code).To(Equal(3), "every verb that needs the old page fails, until open")
		code, out, errOut = smokeflowSplit("open", page)
		Expect(code).To(Equal(0), out+errOut)
		Expect(out).To(HavePrefix("ok\nnote: the session \"default\" had ended (" + ended))
		Expect(out).To(ContainSubstring("smokeflow started a new one: the old page, its cookies, storage and refs are gone"))
		_, out, _ = smokeflowSplit("get", "url")
		Expect(out).To(Equal(page+"\n"), "the note comes once")
	}

	It("fails the next verb when its process was killed with SIGKILL, and open starts a new one with a note", func() {
		smokeflowSplit("open", page)
		pid := sessionsIn(dir)[0].PID
		chromes := procs.Below(pid, func(p procs.Proc) bool { return procs.IsBrowser(p.Cmdline) })
		Expect(chromes).NotTo(BeEmpty())
		Expect(syscall.Kill(pid, syscall.SIGKILL)).To(Succeed())
		Eventually(func() bool { return gone(pid) }, 30*time.Second, 20*time.Millisecond).Should(BeTrue())
		for _, c := range chromes {
			Eventually(func() bool { return gone(c.PID) }, 30*time.Second, 20*time.Millisecond).Should(BeTrue(), "its browser dies with it")
		}
		Expect(filepath.Join(dir, "default", "socket")).To(BeAnExistingFile(), "left behind")
		diedThen(pid, fmt.Sprintf("its process, pid %d, ended without closing it: killed, or crashed; its log is %s", pid, filepath.Join(dir, "default", "log.1")))
		list := sessionsIn(dir)
		Expect(list).To(HaveLen(1))
		Expect(list[0].PID).NotTo(Equal(pid))
	})

	// sessionBrowser is the browser the session's process pid launched
	sessionBrowser := func(pid int) procs.Proc {
		GinkgoHelper()
		var main procs.Proc
		for _, p := range procs.Below(pid, func(p procs.Proc) bool { return procs.IsBrowser(p.Cmdline) }) {
			if p.PPID == pid && strings.Contains(p.Cmdline, "--remote-debugging-") { // not a helper: crashpad's fall to the session's process too
				main = p
			}
		}
		Expect(main.PID).NotTo(BeZero(), "the session's browser")
		return main
	}

	It("fails the next verb when its browser was killed with SIGKILL, and open starts a new one with a note", func() {
		smokeflowSplit("open", page)
		pid := sessionsIn(dir)[0].PID
		main := sessionBrowser(pid)
		Expect(syscall.Kill(main.PID, syscall.SIGKILL)).To(Succeed())
		Eventually(func() bool { return gone(main.PID) }, 30*time.Second, 20*time.Millisecond).Should(BeTrue())
		diedThen(pid, fmt.Sprintf("its browser, pid %d, exited: signal: killed", main.PID))
		Expect(sessionsIn(dir)).To(ConsistOf(HaveField("PID", pid)), "the same process serves the new session")
	})

	It("fails a verb sent as its browser is being killed as the session having ended, not as a lost connection", func() {
		smokeflowSplit("open", page)
		pid := sessionsIn(dir)[0].PID
		main := sessionBrowser(pid)
		Expect(syscall.Kill(main.PID, syscall.SIGKILL)).To(Succeed())
		// no wait for its end: the verb may find the connection closed
		// before the session sees the browser's exit
		code, out, errOut := smokeflowSplit("snapshot")
		Expect(code).To(Equal(3), out+errOut)
		Expect(out + errOut).To(ContainSubstring(fmt.Sprintf(`snapshot: the session "default" ended (its browser, pid %d, exited: signal: killed)`, main.PID)))
	})

	It("runs end to end from the built binary, and leaves no process behind", func() {
		bin := filepath.Join(GinkgoT().TempDir(), "smokeflow")
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Stderr = GinkgoWriter
		Expect(build.Run()).To(Succeed())
		want := direct(agent.Command{Verb: agent.VerbOpen, Args: []string{page}})
		open := exec.Command(bin, "open", page)
		var stdout, stderr []byte
		stdout, err := open.Output()
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		Expect(string(stdout)).To(Equal(want.Stdout))
		Expect(string(stderr)).To(Equal(want.Stderr))
		Expect(open.ProcessState.ExitCode()).To(Equal(sessionCode(want.Code)))
		list := sessionsIn(dir)
		Expect(list).To(HaveLen(1))
		Expect(processesMentioning(bin + " " + daemon.ServeCommand)).To(HaveLen(1))
		Expect(exec.Command(bin, "close").Run()).To(Or(Succeed(), BeAssignableToTypeOf(&exec.ExitError{})))
		Eventually(func() bool { return gone(list[0].PID) }, 30*time.Second, 20*time.Millisecond).Should(BeTrue())
		Expect(processesMentioning(bin)).To(BeEmpty())
	})

	It("prints a session that cannot be reached as one JSON object with --json, else on stderr", func() {
		notDir := filepath.Join(dir, "file")
		Expect(os.WriteFile(notDir, nil, 0o600)).To(Succeed())
		GinkgoT().Setenv(daemon.EnvRuntimeDir, notDir)
		code, out, errOut := smokeflowSplit("open", "--json", page)
		Expect(code).To(Equal(2))
		Expect(errOut).To(BeEmpty())
		var obj struct {
			OK    bool   `json:"ok"`
			Verb  string `json:"verb"`
			Code  int    `json:"code"`
			Error string `json:"error"`
		}
		Expect(json.Unmarshal([]byte(out), &obj)).To(Succeed(), out)
		Expect(obj.OK).To(BeFalse())
		Expect(obj.Verb).To(Equal("open"))
		Expect(obj.Code).To(Equal(2))
		Expect(obj.Error).To(ContainSubstring(notDir))
		code, out, errOut = smokeflowSplit("open", page)
		Expect(code).To(Equal(2))
		Expect(out).To(BeEmpty())
		Expect(errOut).To(HavePrefix("smokeflow: mkdir " + notDir))
	})

	It("catches usage errors before any process starts, exit 2, naming the fix", func() {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"click"}, "click needs 1 argument; usage: smokeflow click TARGET"},
			{[]string{"fill", "Email"}, "fill needs 2 arguments; usage: smokeflow fill TARGET VALUE"},
			{[]string{"open", "a", "b"}, "open takes at most 1 argument, got 2; quote an argument that holds spaces; usage: smokeflow open URL"},
			{[]string{"back", "x"}, `back takes no arguments, got ["x"]`},
			{[]string{"get", "colour", "@e1"}, "get colour: want one of text, value, url, title, attr; usage: smokeflow get text|value TARGET|url|title|attr TARGET NAME"},
			{[]string{"get", "attr", "@e1"}, "get needs 3 arguments; usage: smokeflow get text|value TARGET|url|title|attr TARGET NAME"},
			{[]string{"state", "keep", "f.json"}, "state keep: want one of save, load; usage: smokeflow state save|load FILE"},
			{[]string{"drag", "@e1"}, "drag needs 2 arguments; usage: smokeflow drag FROM TO"},
			{[]string{"console", "errors"}, `console takes no arguments, got ["errors"]`},
			{[]string{"network", "failed"}, `network takes no arguments, got ["failed"]`},
			{[]string{"tab", "open", "/x"}, "tab open: want one of list, new, switch, close; usage: smokeflow tab [list|new URL|switch N|close [N]]"},
			{[]string{"tab", "switch"}, "tab needs 2 arguments; usage: smokeflow tab [list|new URL|switch N|close [N]]"},
			{[]string{"cookies", "set", "theme"}, "cookies needs 3 arguments; usage: smokeflow cookies [get [NAME]|set NAME VALUE|clear]"},
			{[]string{"storage", "cart"}, "storage cart: want one of local, session; usage: smokeflow storage local|session [get [KEY]|set KEY VALUE|clear]"},
			{[]string{"storage", "local", "keep"}, "storage local keep: want one of get, set, clear; usage: smokeflow storage local|session [get [KEY]|set KEY VALUE|clear]"},
			{[]string{"storage", "local", "set", "k"}, "storage needs 4 arguments; usage: smokeflow storage local|session [get [KEY]|set KEY VALUE|clear]"},
			{[]string{"dialog", "ok"}, "dialog ok: want one of accept, dismiss; usage: smokeflow dialog accept [TEXT]|dismiss"},
			{[]string{"dialog"}, "dialog needs one of accept, dismiss; usage: smokeflow dialog accept [TEXT]|dismiss"},
			{[]string{"find"}, "find needs 1 argument; usage: smokeflow find TARGET"},
			{[]string{"snapshot", "--selector", "p"}, "snapshot --selector reads a URL once: give the URL, or leave --selector out for the session's page"},
			{[]string{"snapshot", "--diff", page}, "snapshot --diff is for the session's page: leave the URL out, or --diff"},
			{[]string{"snapshot", "--full", "--compact"}, "snapshot takes --full or --compact, not both"},
			{[]string{"open", "--secret", "SF_NO_SUCH_VAR", page}, "--secret SF_NO_SUCH_VAR: the environment has no variable SF_NO_SUCH_VAR"},
			{[]string{"open", "--base-url", "ftp://example.com/", "/cart.html"}, `--base-url "ftp://example.com/" is not a web address; a base URL starts with http:// or https://`},
			{[]string{"open", "--step-timeout", "-1s", page}, "--step-timeout must be positive, got -1s"},
			{[]string{"open", "--session", "../x", page}, `session name "../x": want letters, digits, '_', '.' or '-', at most 64, not starting with '.' or '-'`},
		} {
			code, out, errOut := smokeflowSplit(c.args...)
			Expect(code).To(Equal(2), "%q: %s", c.args, errOut)
			Expect(out).To(BeEmpty())
			Expect(errOut).To(Equal("smokeflow: "+c.want+"\n"), c.args)
		}
		Expect(sessionsIn(dir)).To(BeEmpty())
	})

	It("answers close when no session runs, without starting one", func() {
		code, out, errOut := smokeflowSplit("close")
		Expect(code).To(Equal(0))
		Expect(out).To(Equal("ok\n"))
		Expect(errOut).To(Equal("note: no session \"default\" was running\n"))
		Expect(filepath.Join(dir, "default", "log")).NotTo(BeAnExistingFile())
	})
})

var _ = Describe("help agents", func() {
	It("prints docs/agents.md", func() {
		code, out, errOut := smokeflowSplit("help", "agents")
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(Equal(docs.Agents))
		Expect(out).To(HavePrefix("# Sessions for agents"))
	})
})
