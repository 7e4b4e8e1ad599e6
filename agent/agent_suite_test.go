package agent_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/internal/testsite"
)

func TestAgent(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Agent Suite")
}

// the failures again, at the end of the output (docs/testing.md)
var _ = testbrowser.FailuresLast()

// One browser for the whole suite; every engine runs its session in a
// fresh incognito context of it.
var (
	shared *browser.Browser
	site   *testsite.Site
	// pages shared with the other suites (testdata/ at the repository's
	// root): one copy of a fixture, not one per suite
	pages *testsite.Site
	shop  *demo.Server
)

var _ = BeforeSuite(func() {
	var err error
	shop, err = demo.Serve(context.Background())
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(shop.Close()).To(Succeed()) })
	site = testbrowser.Site("testdata")
	pages = testbrowser.Site("../testdata")
	shared = testbrowser.Launch()
})

// newEngine is an engine on the suite's browser, its artifacts and files
// in a folder of the spec's; closed after the spec.
func newEngine(opts agent.Options) *agent.Engine {
	GinkgoHelper()
	opts.Use = shared
	if opts.ArtifactsDir == "" {
		opts.ArtifactsDir = GinkgoT().TempDir()
	}
	if opts.StepTimeout == 0 {
		opts.StepTimeout = 3 * time.Second
	}
	e, err := agent.New(context.Background(), opts)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(e.Close()).To(Succeed()) })
	return e
}

// openAtRest opens verbs.html in e and waits for its lifecycle to end:
// its network idle event, late, changes the page (docs/targets.md
// "Reusing a read"), which the specs of reused reads must not meet.
func openAtRest(e *agent.Engine) {
	GinkgoHelper()
	must(e, cmd(agent.VerbOpen, site.URL+"/verbs.html"))
	must(e, cmd(agent.VerbWait, "{load: networkidle}"))
}

// run runs a command and returns its result.
func run(e *agent.Engine, c agent.Command) agent.Result {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	return e.Run(ctx, c)
}

// cmd is a command of a verb and its arguments.
func cmd(v agent.Verb, args ...string) agent.Command { return agent.Command{Verb: v, Args: args} }

// must runs a command that must succeed, and returns its text.
func must(e *agent.Engine, c agent.Command) string {
	GinkgoHelper()
	r := run(e, c)
	Expect(r.Code).To(Equal(agent.ExitOK), "%s %v:\n%s%s", c.Verb, c.Args, r.Stdout, r.Stderr)
	return r.Stdout
}

// fails runs a command that must fail with code, and returns its result.
func fails(e *agent.Engine, c agent.Command, code int) agent.Result {
	GinkgoHelper()
	r := run(e, c)
	Expect(r.Code).To(Equal(code), "%s %v:\n%s%s", c.Verb, c.Args, r.Stdout, r.Stderr)
	return r
}

// asJSON runs a command with JSON output and decodes it.
func asJSON(e *agent.Engine, c agent.Command) (agent.Result, map[string]any) {
	GinkgoHelper()
	c.JSON = true
	r := run(e, c)
	var m map[string]any
	Expect(json.Unmarshal([]byte(r.Stdout), &m)).To(Succeed(), r.Stdout)
	Expect(r.Stderr).To(BeEmpty())
	return r, m
}
