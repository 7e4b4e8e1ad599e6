package bench

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// BenchmarkFlowTenSteps runs bench/flows/ten-steps.yaml on the demo shop
// through runner.Run, as `smokeflow run` does: "launch" starts a browser
// per run (end to end, as in bench/run.sh), "shared-browser" reuses one, so
// the difference is the browser start. It is the benchmark to profile
// (-cpuprofile) when smokeflow is slower end to end.
func BenchmarkFlowTenSteps(b *testing.B) {
	srv := httptest.NewServer(demo.Handler())
	b.Cleanup(srv.Close)
	load := func(b *testing.B) []*flows.Flow {
		f, err := flows.Load("flows/ten-steps.yaml", flows.LoadOptions{BaseURL: srv.URL})
		if err != nil {
			b.Fatal(err)
		}
		return []*flows.Flow{f}
	}
	run := func(b *testing.B, cfg runner.Config) {
		list := load(b)
		cfg.BaseURL = srv.URL
		var t timings
		for b.Loop() {
			cfg.ArtifactsDir = b.TempDir()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			start := time.Now()
			run, err := runner.Run(ctx, cfg, list)
			t = append(t, time.Since(start))
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			if f := run.Flows[0]; f.Status != results.Passed {
				why := ""
				if a := f.Final(); a != nil && a.Failure != nil {
					why = ": " + a.Failure.Message
				}
				b.Fatalf("flow %s%s", f.Status, why)
			}
		}
		reportMedian(b, t, "median-ms")
	}
	b.Run("launch", func(b *testing.B) { run(b, runner.Config{Browser: browser.Options{}}) })
	b.Run("shared-browser", func(b *testing.B) {
		br := launch(b)
		run(b, runner.Config{Use: br})
	})
}
