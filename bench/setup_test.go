package bench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// loginSteps sign in to the demo shop.
const loginSteps = `  - open: /login
  - click: Accept cookies
    if: visible("Accept cookies")
  - fill: { target: { label: Email }, value: qa@example.com }
  - fill: { target: { label: Password }, value: secret }
  - click: Sign in
  - expect: { visible: "Welcome back, qa@example.com" }
`

// accountSteps are what each of the 20 flows does once signed in.
const accountSteps = `steps:
  - open: /account
  - expect: { visible: "Welcome back, qa@example.com" }
  - open: /search?q=mug
  - expect: { visible: 3 products found }
`

// BenchmarkLoginOnce runs 20 flows that need a signed-in visitor on the
// demo shop, 2 workers, one browser: "each" signs in in every flow's
// setup phase, "shared" names a setup flow that signs in once, and every
// flow starts from its state (docs/security.md "Log in once");
// "shared+allowed-domains" is "shared" with the run's allowed domains on
// (127.0.0.1), every request paused and let go by smokeflow. The whole run
// is timed, setup flow included.
func BenchmarkLoginOnce(b *testing.B) {
	srv := httptest.NewServer(demo.Handler())
	b.Cleanup(srv.Close)
	br := launch(b)
	dir := b.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("_login.yaml", "name: Sign in\nsteps:\n"+loginSteps)
	for i := 1; i <= 20; i++ {
		write(fmt.Sprintf("each-%02d.yaml", i), fmt.Sprintf("name: Account %d\nsetup:\n%s%s", i, loginSteps, accountSteps))
		write(fmt.Sprintf("shared-%02d.yaml", i), fmt.Sprintf("name: Account %d\nsetup_flows: [_login.yaml]\n%s", i, accountSteps))
	}
	local, err := flows.ParseDomains([]string{"127.0.0.1"})
	if err != nil {
		b.Fatal(err)
	}
	for _, variant := range []string{"each", "shared", "shared+allowed-domains"} {
		b.Run(variant, func(b *testing.B) {
			var list []*flows.Flow
			files, domains := strings.TrimSuffix(variant, "+allowed-domains"), (*flows.Domains)(nil)
			if files != variant {
				domains = local
			}
			for i := 1; i <= 20; i++ {
				f, err := flows.Load(filepath.Join(dir, fmt.Sprintf("%s-%02d.yaml", files, i)), flows.LoadOptions{BaseURL: srv.URL})
				if err != nil {
					b.Fatal(err)
				}
				list = append(list, f)
			}
			var t timings
			for b.Loop() {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				start := time.Now()
				run, err := runner.Run(ctx, runner.Config{Use: br, BaseURL: srv.URL, Workers: 2, ArtifactsDir: b.TempDir(),
					AllowedDomains: domains}, list)
				t = append(t, time.Since(start))
				cancel()
				if err != nil {
					b.Fatal(err)
				}
				for _, f := range run.Flows {
					if f.Status != results.Passed {
						b.Fatalf("%s: %s", f.Name, f.Status)
					}
				}
			}
			reportMedian(b, t, "median-ms")
		})
	}
}
