package daemon

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/procs"
)

// testClient is a client whose sessions are served by this test binary
// with the named test engine, in a process of their own.
func testClient(dir, name, engine string) *Client {
	GinkgoHelper()
	self, err := os.Executable()
	Expect(err).NotTo(HaveOccurred())
	c := &Client{Config: Config{Dir: dir, Options: agent.Options{Name: name}}, Exe: []string{self, "test-serve", engine}}
	DeferCleanup(func() { endSession(c) })
	return c
}

// endSession ends a session a test left running: close, else SIGKILL.
func endSession(c *Client) {
	st, err := c.Status()
	if err != nil || st == nil {
		return
	}
	if res, err := c.Do(context.Background(), agent.Command{Verb: agent.VerbClose}); err != nil || !res.Closed {
		_ = syscall.Kill(st.PID, syscall.SIGKILL)
	}
	Eventually(func() bool { return alive(st.PID) }, 30*time.Second, 20*time.Millisecond).Should(BeFalse())
}

// do runs a command that must succeed and returns its stdout.
func do(c *Client, verb agent.Verb, args ...string) string {
	GinkgoHelper()
	res, err := c.Do(context.Background(), agent.Command{Verb: verb, Args: args})
	Expect(err).NotTo(HaveOccurred())
	Expect(res.Code).To(Equal(0), res.Stderr)
	return res.Stdout
}

// pidOf is the pid of the session's process.
func pidOf(c *Client) int {
	GinkgoHelper()
	st, err := c.Status()
	Expect(err).NotTo(HaveOccurred())
	Expect(st).NotTo(BeNil(), "the session is served")
	return st.PID
}

// waitEnded waits until the process has ended (and been reaped, or is a
// zombie).
func waitEnded(pid int) {
	GinkgoHelper()
	Eventually(func() bool { return alive(pid) }, 60*time.Second, 20*time.Millisecond).Should(BeFalse(), "pid %d ends", pid)
}

// browsersBelow lists the Chromium processes below pid.
func browsersBelow(pid int) []int {
	var out []int
	for _, p := range procs.Below(pid, func(p procs.Proc) bool { return procs.IsBrowser(p.Cmdline) }) {
		out = append(out, p.PID)
	}
	return out
}

// existing lists those of pids that still exist, zombies included, once
// this process (the subreaper they fall back to) has reaped what it may.
func existing(pids []int) []int {
	browser.ReapZombies()
	var out []int
	for _, pid := range pids {
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err == nil {
			out = append(out, pid)
		}
	}
	return out
}

func readLog(c *Client) string {
	GinkgoHelper()
	cfg, err := c.Config.resolve()
	Expect(err).NotTo(HaveOccurred())
	b, err := os.ReadFile(pathsOf(cfg).log)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

func filesOf(c *Client) paths {
	GinkgoHelper()
	cfg, err := c.Config.resolve()
	Expect(err).NotTo(HaveOccurred())
	return pathsOf(cfg)
}

var _ = Describe("a session's process", func() {
	It("starts with the first command, serves the next ones, and ends on close with its socket and pid file", func() {
		c := testClient(shortDir(), "life", "echo")
		Expect(do(c, agent.VerbOpen, "http://a.test/")).To(Equal("open http://a.test/\n"))
		pid := pidOf(c)
		Expect(pid).NotTo(Equal(os.Getpid()))
		Expect(do(c, agent.VerbClick, "Go")).To(Equal("click Go\n"))
		Expect(pidOf(c)).To(Equal(pid), "the same process")
		p := filesOf(c)
		st, err := os.Stat(filepath.Dir(p.dir))
		Expect(err).NotTo(HaveOccurred())
		Expect(st.Mode().Perm()).To(Equal(os.FileMode(0o700)))
		Expect(readPID(p.pid)).To(Equal(pid))

		res, err := c.Do(context.Background(), agent.Command{Verb: agent.VerbClose})
		Expect(err).NotTo(HaveOccurred())
		Expect(res.Closed).To(BeTrue())
		waitEnded(pid)
		Expect(p.socket).NotTo(BeAnExistingFile())
		Expect(p.pid).NotTo(BeAnExistingFile())
		Expect(readLog(c)).To(ContainSubstring("ending: closed by a command"))

		do(c, agent.VerbOpen, "http://b.test/")
		Expect(pidOf(c)).NotTo(Equal(pid), "a command after close starts a new session")
	})

	It("answers close when no session runs, without starting one", func() {
		c := testClient(shortDir(), "none", "echo")
		res, err := c.Do(context.Background(), agent.Command{Verb: agent.VerbClose})
		Expect(err).NotTo(HaveOccurred())
		Expect(res).To(Equal(agent.Result{Stdout: "ok\n", Stderr: "note: no session \"none\" was running\n"}))
		res, err = c.Do(context.Background(), agent.Command{Verb: agent.VerbClose, JSON: true})
		Expect(err).NotTo(HaveOccurred())
		Expect(res.Stdout).To(Equal(`{"ok":true,"verb":"close","code":0,"notes":["no session \"none\" was running"]}` + "\n"))
		Expect(filesOf(c).log).NotTo(BeAnExistingFile(), "no process was started")
	})

	It("keeps 4 sessions apart, each its own process, in parallel", func() {
		dir := shortDir()
		var clients []*Client
		for i := range 4 {
			clients = append(clients, testClient(dir, fmt.Sprintf("s%d", i), "echo"))
		}
		var wg sync.WaitGroup
		urls := make([]string, 4)
		for i, c := range clients {
			wg.Go(func() {
				defer GinkgoRecover()
				do(c, agent.VerbOpen, fmt.Sprintf("http://s%d.test/", i))
				urls[i] = do(c, agent.VerbGet, "url")
			})
		}
		wg.Wait()
		pids := map[int]bool{}
		for i, c := range clients {
			Expect(urls[i]).To(Equal(fmt.Sprintf("http://s%d.test/\n", i)), "each session sees its own page")
			pids[pidOf(c)] = true
		}
		Expect(pids).To(HaveLen(4))
		list, err := List(dir)
		Expect(err).NotTo(HaveOccurred())
		Expect(list).To(HaveLen(4))
		for i, info := range list {
			Expect(info.Name).To(Equal(fmt.Sprintf("s%d", i)))
			Expect(info.URL).To(Equal(fmt.Sprintf("http://s%d.test/", i)))
		}
		do(clients[0], agent.VerbClose)
		list, err = List(dir)
		Expect(err).NotTo(HaveOccurred())
		Expect(list).To(HaveLen(3), "a closed session is not listed")
	})

	It("replaces the socket and pid file a killed process left", func() {
		c := testClient(shortDir(), "stale", "echo")
		do(c, agent.VerbOpen, "http://a.test/")
		pid := pidOf(c)
		Expect(syscall.Kill(pid, syscall.SIGKILL)).To(Succeed())
		waitEnded(pid)
		p := filesOf(c)
		Expect(p.socket).To(BeAnExistingFile(), "left behind")
		Expect(p.pid).To(BeAnExistingFile(), "left behind")

		Expect(do(c, agent.VerbClick, "Go")).To(Equal("click Go\n"))
		Expect(pidOf(c)).NotTo(Equal(pid))
		Expect(readLog(c)).To(ContainSubstring(fmt.Sprintf("removed the stale %s and %s (pid %d: ended)", p.socket, p.pid, pid)))
	})

	It("replaces a socket nobody listens on and a pid file naming a dead process", func() {
		c := testClient(shortDir(), "dead", "echo")
		cfg, err := c.Config.resolve()
		Expect(err).NotTo(HaveOccurred())
		p := pathsOf(cfg)
		Expect(ensureDirs(cfg, p)).To(Succeed())
		ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: p.socket, Net: "unix"})
		Expect(err).NotTo(HaveOccurred())
		ln.SetUnlinkOnClose(false)
		Expect(ln.Close()).To(Succeed())
		gone := exec.Command("true")
		Expect(gone.Run()).To(Succeed())
		Expect(os.WriteFile(p.pid, []byte(strconv.Itoa(gone.Process.Pid)), 0o600)).To(Succeed())

		Expect(do(c, agent.VerbClick, "Go")).To(Equal("click Go\n"))
		Expect(readLog(c)).To(ContainSubstring(fmt.Sprintf("(pid %d: ended)", gone.Process.Pid)))
	})

	It("tells a client whose process died mid-command, without hanging: exit 3", func() {
		c := testClient(shortDir(), "dies", "echo")
		do(c, agent.VerbOpen, "http://a.test/")
		pid := pidOf(c)
		errc := make(chan error, 1)
		go func() {
			_, err := c.Do(context.Background(), agent.Command{Verb: agent.VerbWait})
			errc <- err
		}()
		Eventually(func() bool { st, err := c.Status(); return err == nil && st != nil && st.Busy }).Should(BeTrue())
		Expect(syscall.Kill(pid, syscall.SIGKILL)).To(Succeed())
		var err error
		Eventually(errc, 30*time.Second).Should(Receive(&err))
		Expect(errors.Is(err, ErrUnreachable)).To(BeTrue(), "%v", err)
		Expect(err.Error()).To(ContainSubstring("the session's process ended before it answered"))
		Expect(err.Error()).To(ContainSubstring(filesOf(c).log))
	})

	It("cancels a command whose client went away, and serves the next", func() {
		c := testClient(shortDir(), "gone", "echo")
		do(c, agent.VerbOpen, "http://a.test/")
		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error, 1)
		go func() {
			_, err := c.Do(ctx, agent.Command{Verb: agent.VerbWait})
			errc <- err
		}()
		Eventually(func() bool { st, err := c.Status(); return err == nil && st != nil && st.Busy }).Should(BeTrue())
		cancel()
		Eventually(errc).Should(Receive(MatchError(context.Canceled)))
		Expect(do(c, agent.VerbClick, "Go")).To(Equal("click Go\n"), "the waiting command was cancelled")
		Expect(readLog(c)).To(ContainSubstring("wait: exit 1"))
	})

	It("turns an engine that cannot start into the command's result, with its exit code", func() {
		c := testClient(shortDir(), "nostart", "nostart")
		res, err := c.Do(context.Background(), agent.Command{Verb: agent.VerbOpen, Args: []string{"http://a.test/"}})
		Expect(err).NotTo(HaveOccurred())
		Expect(res.Code).To(Equal(agent.ExitBrowser))
		Expect(res.Stderr).To(Equal("smokeflow: session \"nostart\" could not start: no Chromium here (test)\n"))
		st, err := c.Status()
		Expect(err).NotTo(HaveOccurred())
		Expect(st).To(BeNil(), "no process serves it")
	})

	It("names the log, and what it says, when its process exits as it starts", func() {
		c := testClient(shortDir(), "crash", "echo")
		c.Exe = []string{"/bin/sh", "-c", "echo boom: no such engine >&2; exit 1", "sh"}
		res := c.Run(context.Background(), agent.Command{Verb: agent.VerbOpen, Args: []string{"http://a.test/"}})
		Expect(res.Code).To(Equal(agent.ExitBrowser))
		Expect(res.Stderr).To(ContainSubstring(`session "crash" could not start: its process did not say it serves (it exited as it started); its log ` + filesOf(c).log + " ends:\n  boom: no such engine"))
	})
})

var _ = Describe("the end of a session", func() {
	// start opens a page in a session whose engine launches Chromium, and
	// returns the process's pid and its browser processes.
	start := func(c *Client) (int, []int) {
		GinkgoHelper()
		Expect(do(c, agent.VerbOpen, site.URL)).To(HavePrefix("browser "))
		pid := pidOf(c)
		chromes := browsersBelow(pid)
		Expect(chromes).NotTo(BeEmpty())
		return pid, chromes
	}

	It("comes after the idle timeout, and takes the browser with it", func() {
		c := testClient(shortDir(), "idle", "browser")
		c.IdleTimeout = 2 * time.Second
		pid, chromes := start(c)
		waitEnded(pid)
		Eventually(func() []int { return existing(chromes) }, 30*time.Second, 20*time.Millisecond).Should(BeEmpty())
		p := filesOf(c)
		Expect(p.socket).NotTo(BeAnExistingFile())
		Expect(p.pid).NotTo(BeAnExistingFile())
		Expect(readLog(c)).To(ContainSubstring("ending: idle for 2s"))
	})

	It("comes on SIGTERM, and takes the browser with it", func() {
		c := testClient(shortDir(), "term", "browser")
		pid, chromes := start(c)
		Expect(syscall.Kill(pid, syscall.SIGTERM)).To(Succeed())
		waitEnded(pid)
		Eventually(func() []int { return existing(chromes) }, 30*time.Second, 20*time.Millisecond).Should(BeEmpty())
		Expect(filesOf(c).socket).NotTo(BeAnExistingFile())
		Expect(readLog(c)).To(ContainSubstring("ending: stopped by a signal"))
	})

	It("by SIGKILL leaves no Chromium and no zombie behind", func() {
		c := testClient(shortDir(), "kill", "browser")
		pid, chromes := start(c)
		Expect(syscall.Kill(pid, syscall.SIGKILL)).To(Succeed())
		waitEnded(pid)
		// the browser dies with its parent (Pdeathsig); its helpers follow,
		// and fall to this process, a subreaper, which reaps them
		Eventually(func() []int { return existing(chromes) }, 30*time.Second, 20*time.Millisecond).Should(BeEmpty())
		Expect(existing([]int{pid})).To(BeEmpty(), "the process itself is reaped")
		for _, p := range procs.List() {
			Expect(strings.Contains(p.Cmdline, "test-serve")).To(BeFalse(), "left: %d %s", p.PID, p.Cmdline)
		}
	})
})

var _ = Describe(`a pid file left behind (docs/agent-session.md "A session that died")`, func() {
	staleWith := func(pid int) string {
		GinkgoHelper()
		d := GinkgoT().TempDir()
		p := paths{pid: filepath.Join(d, "pid"), socket: filepath.Join(d, "socket"), prevLog: filepath.Join(d, "log.1")}
		Expect(os.WriteFile(p.pid, []byte(strconv.Itoa(pid)), 0o600)).To(Succeed())
		st, err := removeStale(p)
		Expect(err).NotTo(HaveOccurred())
		Expect(st.ended).To(BeTrue(), "the session's page is gone either way")
		return st.why(p)
	}

	It("names a process that no longer runs as killed, or crashed", func() {
		gone := exec.Command("true")
		Expect(gone.Run()).To(Succeed())
		Expect(staleWith(gone.Process.Pid)).To(ContainSubstring(fmt.Sprintf("its process, pid %d, ended without closing it: killed, or crashed", gone.Process.Pid)))
	})

	It("never says a process that still runs ended", func() {
		why := staleWith(os.Getpid())
		Expect(why).To(ContainSubstring(fmt.Sprintf("its process, pid %d, stopped serving it without closing it: a process with that pid still runs", os.Getpid())))
		Expect(why).NotTo(ContainSubstring("killed, or crashed"))
	})
})
