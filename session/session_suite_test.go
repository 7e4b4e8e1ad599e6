package session_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/internal/testsite"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

func TestSession(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Session Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

// One browser for the whole suite; every spec opens its session in a
// fresh incognito context.
var (
	shared *browser.Browser
	site   *testsite.Site
)

var _ = BeforeSuite(func() {
	site = testbrowser.Site("../testdata")
	shared = testbrowser.Launch()
})

// events keeps the step events a session sends.
type events struct{ list []results.Event }

func (e *events) Event(ev results.Event) { e.list = append(e.list, ev) }

// openSession opens a session without a flow file in a fresh incognito
// context, its artifacts in dir; both are closed after the spec.
func openSession(dir string, l session.Listener) *session.Session {
	GinkgoHelper()
	return openOptions(session.Options{BaseURL: site.URL, ArtifactsDir: dir, StepTimeout: 3 * time.Second, Listener: l})
}

// openOptions opens a session with o in a fresh incognito context; both
// are closed after the spec. The specs' other openers are o's they set.
func openOptions(o session.Options) *session.Session {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	bctx, err := shared.NewContext(ctx)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { _ = bctx.Close() })
	s, err := session.Open(ctx, bctx, o)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { _ = s.Close() })
	return s
}

// step parses one step, written as in a flow's list of steps (its lines
// after the first indented by two spaces).
func step(src string) *flows.Step {
	GinkgoHelper()
	lines := strings.Split(strings.TrimSpace(src), "\n")
	body := "  - " + strings.Join(lines, "\n    ")
	f, err := flows.Parse("steps.yaml", []byte("name: steps\nsteps:\n"+body+"\n"), flows.LoadOptions{BaseURL: site.URL})
	Expect(err).NotTo(HaveOccurred(), body)
	Expect(f.Steps).To(HaveLen(1))
	return f.Steps[0]
}

// do runs a step that must pass.
func do(s *session.Session, src string) *results.Step {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec, err := s.Do(ctx, step(src))
	Expect(err).NotTo(HaveOccurred(), src)
	Expect(rec.Status).To(Equal(results.Passed))
	return rec
}

// doFails runs a step that must fail, and returns its error.
func doFails(s *session.Session, src string) (*results.Step, *session.StepError) {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec, err := s.Do(ctx, step(src))
	var se *session.StepError
	Expect(errors.As(err, &se)).To(BeTrue(), "%s: want a *session.StepError, got %v", src, err)
	Expect(rec.Status).To(Equal(results.Failed))
	return rec, se
}

// paths are the paths of the artifacts a session wrote.
func paths(s *session.Session) []string {
	var out []string
	for _, a := range s.Artifacts() {
		out = append(out, a.Path)
	}
	return out
}

// existing says whether each path is a file in dir.
func existing(dir string, rel ...string) []bool {
	var out []bool
	for _, r := range rel {
		_, err := os.Stat(filepath.Join(dir, filepath.FromSlash(r)))
		out = append(out, err == nil)
	}
	return out
}
