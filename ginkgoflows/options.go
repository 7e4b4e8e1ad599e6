package ginkgoflows

import (
	"maps"
	"os"
	"time"

	"github.com/smokeflow/smokeflow/browser"
)

// Option configures Describe (docs/go-api.md "Options").
type Option func(*config)

// config is what the specs of one Describe run with. Options set it;
// withDefaults fills in what they left unset, after all of them.
type config struct {
	baseURL     func() string
	vars        map[string]string
	lookupEnv   func(string) (string, bool)
	artifacts   string
	timeout     time.Duration
	retries     int
	shared      func() *browser.Browser
	browserOpts browser.Options
}

// DefaultArtifactsDir is where the flows' screenshots and snapshots go
// without the ArtifactsDir option, relative to the test's folder (the
// package folder under `go test`), as `smokeflow run` writes them to
// smokeflow-results (docs/running.md "Artifacts").
const DefaultArtifactsDir = "smokeflow-results"

func newConfig(opts []Option) config {
	var c config
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c.withDefaults()
}

func (c config) withDefaults() config {
	if c.baseURL == nil {
		c.baseURL = func() string { return "" }
	}
	if c.lookupEnv == nil {
		c.lookupEnv = os.LookupEnv
	}
	if c.artifacts == "" {
		c.artifacts = DefaultArtifactsDir
	}
	if c.retries < 0 {
		c.retries = 0
	}
	return c
}

// BaseURL is what `open: /path` is joined to, as --base-url is for
// `smokeflow run`: it overrides the flows' base_url (docs/flows.md "URLs").
func BaseURL(url string) Option {
	return func(c *config) { c.baseURL = func() string { return url } }
}

// BaseURLFunc is BaseURL read when each spec runs, not when the specs are
// registered: for a server that a BeforeSuite starts.
func BaseURLFunc(f func() string) Option {
	return func(c *config) { c.baseURL = f }
}

// Vars sets flow variables, as --var K=V does (docs/running.md "Variables
// and environment"). Later calls add to earlier ones.
func Vars(vars map[string]string) Option {
	return func(c *config) {
		if c.vars == nil {
			c.vars = map[string]string{}
		}
		maps.Copy(c.vars, vars)
	}
}

// Env reads the environment the flows see (secrets:, ${env.NAME});
// without it, the process environment (os.LookupEnv).
func Env(lookup func(string) (string, bool)) Option {
	return func(c *config) { c.lookupEnv = lookup }
}

// ArtifactsDir is the folder of the flows' artifacts (DefaultArtifactsDir
// without it). Each flow file gets a folder of its own below it, which is
// emptied when the flow runs (docs/go-api.md "Artifacts").
func ArtifactsDir(dir string) Option {
	return func(c *config) { c.artifacts = dir }
}

// Timeout bounds each flow, overriding its timeout:, as --timeout does
// (docs/running.md "Timeouts, retries, failures").
func Timeout(d time.Duration) Option {
	return func(c *config) { c.timeout = d }
}

// Retries runs a failed flow again up to n times, each time in a fresh
// context, as --retries does. A flow that passes on a retry passes, with a
// "flaky" report entry.
func Retries(n int) Option {
	return func(c *config) { c.retries = n }
}

// Browser runs the flows on the suite's own browser, which f returns when
// a spec runs (one a BeforeSuite launched, say); the helper then neither
// launches nor closes one. Without it, the helper launches one browser for
// the specs of the Describe and closes it after them (docs/go-api.md "One
// browser").
func Browser(f func() *browser.Browser) Option {
	return func(c *config) { c.shared = f }
}

// BrowserOptions are how the helper launches its browser (which
// executable, headed); without the Browser option only.
func BrowserOptions(o browser.Options) Option {
	return func(c *config) { c.browserOpts = o }
}
