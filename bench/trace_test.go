package bench

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
	"github.com/smokeflow/smokeflow/session"
)

// BenchmarkTraceTenSteps runs bench/flows/ten-steps.yaml on one shared
// browser with the trace off and with each way of capturing it
// (docs/running.md "Traces"), the designs alternating round by round so
// that the machine's load falls on all alike. Each design's median, less
// the median with the trace off, over the flow's 10 steps, is the trace's
// cost per step (docs/benchmarks.md "Traces"). "shots" and "screencast"
// record the trace and drop it (a passed attempt, retain-on-failure);
// "shots-kept" writes it too (--trace on).
func BenchmarkTraceTenSteps(b *testing.B) {
	srv := httptest.NewServer(demo.Handler())
	b.Cleanup(srv.Close)
	f, err := flows.Load("flows/ten-steps.yaml", flows.LoadOptions{BaseURL: srv.URL})
	if err != nil {
		b.Fatal(err)
	}
	br := launch(b)
	designs := []struct {
		name    string
		mode    runner.TraceMode
		capture session.TraceCapture
	}{
		{"off", runner.TraceOff, session.TraceOff},
		{"shots", runner.TraceRetainOnFailure, session.TraceShots},
		{"screencast", runner.TraceRetainOnFailure, session.TraceScreencast},
		{"shots-kept", runner.TraceOn, session.TraceShots},
		{"screencast-kept", runner.TraceOn, session.TraceScreencast},
	}
	times := make([]timings, len(designs))
	for b.Loop() {
		for i, d := range designs {
			cfg := runner.Config{Use: br, BaseURL: srv.URL, ArtifactsDir: b.TempDir(), Trace: d.mode, TraceCapture: d.capture}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			start := time.Now()
			run, err := runner.Run(ctx, cfg, []*flows.Flow{f})
			times[i] = append(times[i], time.Since(start))
			cancel()
			if err != nil {
				b.Fatal(err)
			}
			if fl := run.Flows[0]; fl.Status != results.Passed {
				b.Fatalf("%s: flow %s", d.name, fl.Status)
			}
			if n := traceFiles(run.Flows[0].Final()); (d.mode == runner.TraceOn) != (n > 0) {
				b.Fatalf("%s: %d trace artifacts", d.name, n)
			}
		}
	}
	for i, d := range designs {
		reportMedian(b, times[i], d.name+"-ms")
		if i > 0 {
			b.ReportMetric((ms(times[i].median())-ms(times[0].median()))/10, d.name+"-ms/step")
		}
	}
}

func traceFiles(a *results.Attempt) int {
	n := 0
	for _, x := range a.Artifacts {
		if x.Kind == results.ArtifactTraceScreenshot || x.Kind == results.ArtifactTraceSnapshot {
			n++
		}
	}
	return n
}

// BenchmarkTraceCapture is the time a step waits for its frame, on the
// dashboard once it has loaded, for each design alternating round by
// round: "shots" takes a screenshot (secrets measured around it),
// "screencast" asks the screencast for the step's frame (secrets measured
// once; the screencast starts if it is not running, and the frame comes
// after the step, filled by the browser's next frame). The screencast's
// encoding of the paints in the browser is not in it:
// BenchmarkTraceTenSteps has that.
func BenchmarkTraceCapture(b *testing.B) {
	br := launch(b)
	p := open(b, br, server(b).URL+"/dashboard.html")
	warmUp(b, p)
	var shots, cast timings
	for b.Loop() {
		start := time.Now()
		if _, err := p.TraceShot(bg(b)); err != nil {
			b.Fatal(err)
		}
		shots = append(shots, time.Since(start))
		start = time.Now()
		f, err := p.ScreencastFrame(bg(b))
		if err != nil {
			b.Fatal(err)
		}
		cast = append(cast, time.Since(start))
		for i := 0; f.JPEG() == nil; i++ {
			if i == 50 {
				b.Fatal("no screencast frame")
			}
			if _, err := p.Snapshot(bg(b)); err != nil { // a moment for the frame
				b.Fatal(err)
			}
		}
	}
	reportMedian(b, shots, "shots-ms")
	reportMedian(b, cast, "screencast-ms")
}
