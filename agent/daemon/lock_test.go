package daemon

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// holdServeLock takes the serve lock of cfg's session, as another
// process would; the returned function lets it go.
func holdServeLock(cfg Config) func() {
	GinkgoHelper()
	r, err := cfg.resolve()
	Expect(err).NotTo(HaveOccurred())
	p := pathsOf(r)
	Expect(ensureDirs(r, p)).To(Succeed())
	f, ok, err := tryLock(p.serve)
	Expect(err).NotTo(HaveOccurred())
	Expect(ok).To(BeTrue())
	return func() { unlockQuietly(f) }
}

// docs/agent-session.md "Starting": a starting process waits a moment
// for a serve lock that is taken.
var _ = Describe("a session's serve lock", func() {
	It("is waited for while a copy of a released lock still holds it for a moment", func() {
		cfg := Config{Dir: shortDir(), Options: agent.Options{Name: "held"}, IdleTimeout: DefaultIdleTimeout}
		release := holdServeLock(cfg)
		// the copy in a forked child lasts until the child runs its
		// program; 200 ms stands for it
		t := time.AfterFunc(200*time.Millisecond, release)
		DeferCleanup(t.Stop)
		serveInProcess(cfg, newGate(), nil)
	})

	It("refuses a second process, saying the lock is held and that no pid file names its holder", func() {
		cfg := Config{Dir: shortDir(), Options: agent.Options{Name: "held"}, IdleTimeout: DefaultIdleTimeout}
		DeferCleanup(holdServeLock(cfg))
		begun := time.Now()
		_, err := start(context.Background(), cfg, ServeOptions{Log: GinkgoWriter})
		Expect(err).To(MatchError(And(ContainSubstring(`session "held"`), ContainSubstring("holds its lock"), ContainSubstring("no pid file names it"))))
		Expect(time.Since(begun)).To(BeNumerically(">=", serveLockWait))
	})
})
