package daemon

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/flows"
)

// nobody is the uid the peer test connects as.
const nobody = 65534

var _ = Describe("who may connect", func() {
	It("refuses a peer of another uid, root included, and lets the owner in (the check alone)", func() {
		Expect(checkPeer(1000, 1000)).To(Succeed())
		Expect(checkPeer(nobody, 1000)).To(MatchError("refused a connection from uid 65534: this session belongs to uid 1000, and only its user may drive it"))
		Expect(checkPeer(0, 1000)).To(HaveOccurred())
	})

	It("refuses a process of another user that reaches the socket (as root: the test switches uid)", func() {
		if os.Getuid() != 0 {
			Skip("switching to another uid needs root; the check is tested alone above")
		}
		base, err := os.MkdirTemp("", "sfp")
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(os.RemoveAll, base)
		Expect(os.Chmod(base, 0o755)).To(Succeed())
		// a copy of this binary that the other user may run
		self, err := os.Executable()
		Expect(err).NotTo(HaveOccurred())
		b, err := os.ReadFile(self)
		Expect(err).NotTo(HaveOccurred())
		bin := filepath.Join(base, "daemon.test")
		Expect(os.WriteFile(bin, b, 0o755)).To(Succeed())

		cfg := Config{Dir: filepath.Join(base, "s"), Options: agent.Options{Name: "peer"}, IdleTimeout: DefaultIdleTimeout}
		serveInProcess(cfg, &echoEngine{}, nil)
		// open the folders and the socket to everyone, so that only the
		// peer check stands in the way
		p := pathsOf(cfg)
		for _, d := range []string{cfg.Dir, p.dir} {
			Expect(os.Chmod(d, 0o755)).To(Succeed())
		}
		Expect(os.Chmod(p.socket, 0o666)).To(Succeed())

		other := exec.Command(bin, "test-connect", p.socket)
		other.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		out, err := other.CombinedOutput()
		Expect(err).NotTo(HaveOccurred(), string(out))
		Expect(string(out)).To(Equal(`{"refused":"refused a connection from uid 65534: this session belongs to uid 0, and only its user may drive it"}` + "\n"))

		owner := exec.Command(bin, "test-connect", p.socket)
		out, err = owner.CombinedOutput()
		Expect(err).NotTo(HaveOccurred(), string(out))
		Expect(string(out)).To(HavePrefix(`{"status":{"name":"peer",`))
	})
})

var _ = Describe("a session's settings", func() {
	It("takes a name made for a folder, nothing else", func() {
		for _, ok := range []string{"default", "a", "shop-2", "qa_x.1", "_", "9", "a.", strings.Repeat("x", 64)} {
			Expect(CheckName(ok)).To(Succeed(), ok)
		}
		for _, bad := range []string{"", ".hidden", "-x", "a/b", "..", "a b", string(make([]byte, 65)),
			strings.Repeat("x", 65), "café", "a\x00", "a\n", "a:b", "~a"} {
			err := CheckName(bad)
			Expect(errors.Is(err, ErrBadConfig)).To(BeTrue(), "%q", bad)
		}
	})

	It("reads the name and the idle timeout from the environment, and refuses a bad timeout", func() {
		GinkgoT().Setenv(EnvSession, "fromenv")
		GinkgoT().Setenv(EnvIdleTimeout, "90s")
		GinkgoT().Setenv(EnvRuntimeDir, "/tmp/x")
		c, err := Config{}.resolve()
		Expect(err).NotTo(HaveOccurred())
		Expect(c.Name).To(Equal("fromenv"))
		Expect(c.IdleTimeout.String()).To(Equal("1m30s"))
		Expect(c.Dir).To(Equal("/tmp/x"))
		GinkgoT().Setenv(EnvIdleTimeout, "soon")
		_, err = Config{}.resolve()
		Expect(err).To(MatchError(ContainSubstring(`$SMOKEFLOW_IDLE_TIMEOUT="soon": want a positive duration such as 10m`)))
		Expect(errors.Is(err, ErrBadConfig)).To(BeTrue())
	})

	It("keeps its folder this user's, mode 0700: a wider mode is narrowed, a link refused", func() {
		base := shortDir()
		d := filepath.Join(base, "wide")
		Expect(os.Mkdir(d, 0o755)).To(Succeed())
		Expect(ensureDir(d)).To(Succeed())
		st, err := os.Stat(d)
		Expect(err).NotTo(HaveOccurred())
		Expect(st.Mode().Perm()).To(Equal(os.FileMode(0o700)))
		link := filepath.Join(base, "link")
		Expect(os.Symlink(d, link)).To(Succeed())
		Expect(ensureDir(link)).To(MatchError(ContainSubstring("is not a folder")))
	})

	It("passes the engine's options to the process by name, secrets by name only", func() {
		c := Config{Dir: "/d", IdleTimeout: DefaultIdleTimeout, Options: agent.Options{Name: "n", Browser: "/b", CDP: "h:1",
			Headed: true, State: "/s.json", Secrets: map[string]string{"TOKEN": "hunter2"},
			Policy: "/p.yaml", MaxOutput: 2000, ContentBoundaries: true,
			BaseURL: "http://127.0.0.1:8080/app/", StepTimeout: 1500 * time.Millisecond}}
		var err error
		c.AllowedDomains, err = flows.SplitDomains("example.com, *.example.org:8443")
		Expect(err).NotTo(HaveOccurred())
		args := serveArgs(c)
		Expect(args).To(ContainElements("--allowed-domains", "--policy", "--max-output", "--content-boundaries", "--base-url", "--step-timeout"))
		Expect(args).NotTo(ContainElement("hunter2"))
		GinkgoT().Setenv("TOKEN", "hunter2")
		back, fd, err := parseServeArgs(args)
		Expect(err).NotTo(HaveOccurred())
		Expect(fd).To(Equal(readyFD))
		Expect(back).To(Equal(c))
		Expect(back.AllowedDomains.Allows("https://a.example.org:8443/")).To(BeTrue())
		Expect(back.AllowedDomains.Allows("https://a.example.org/")).To(BeFalse())
		GinkgoT().Setenv("TOKEN", "")
		Expect(os.Unsetenv("TOKEN")).To(Succeed())
		_, _, err = parseServeArgs(args)
		Expect(err).To(MatchError(ContainSubstring("the secret TOKEN is not in the environment")))
	})
})
