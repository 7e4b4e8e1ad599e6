package runner_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
	"github.com/smokeflow/smokeflow/session"
)

// traceRun runs testdata/runner/trace.yaml with vars and the config's
// trace settings; it returns the run's final attempt and its folder.
func traceRun(cfg runner.Config, vars map[string]string) (*results.Attempt, string) {
	GinkgoHelper()
	f, err := flows.Load("../testdata/runner/trace.yaml", flows.LoadOptions{BaseURL: fixture.URL, Vars: vars})
	Expect(err).NotTo(HaveOccurred())
	cfg.Use, cfg.BaseURL, cfg.Vars, cfg.ArtifactsDir = shared, fixture.URL, vars, GinkgoT().TempDir()
	run, err := runner.Run(context.Background(), cfg, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	return run.Flows[0].Final(), cfg.ArtifactsDir
}

// tracedPass runs the flow at path with the trace on, expects it to pass,
// and returns its trace's frames by step and the run's folder.
func tracedPass(path string) (map[string]string, string) {
	GinkgoHelper()
	f, err := flows.Load(path, flows.LoadOptions{BaseURL: fixture.URL})
	Expect(err).NotTo(HaveOccurred())
	dir := GinkgoT().TempDir()
	run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, ArtifactsDir: dir, Trace: runner.TraceOn}, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	a := run.Flows[0].Final()
	Expect(a.Status).To(Equal(results.Passed))
	return traceFiles(a)[results.ArtifactTraceScreenshot], dir
}

// traceFiles are an attempt's trace artifacts by kind, then step.
func traceFiles(a *results.Attempt) map[string]map[string]string {
	out := map[string]map[string]string{results.ArtifactTraceScreenshot: {}, results.ArtifactTraceSnapshot: {}}
	for _, x := range a.Artifacts {
		if m, ok := out[x.Kind]; ok {
			m[x.Step] = x.Path
		}
	}
	return out
}

// darkRun is the longest run of dark pixels on one row of a JPEG: a box
// painted over a field is one, glyphs never are.
func darkRun(path string) int {
	GinkgoHelper()
	data, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	img, err := jpeg.Decode(bytes.NewReader(data))
	Expect(err).NotTo(HaveOccurred())
	best := 0
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		n := 0
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			if cr < 0x2000 && cg < 0x2000 && cb < 0x2000 {
				n++
				best = max(best, n)
			} else {
				n = 0
			}
		}
	}
	return best
}

// centre is the colour of a JPEG's pixel three quarters down its middle
// (below the text), and its width.
func centre(path string) (r, g, b uint32, width int) {
	GinkgoHelper()
	data, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	img, err := jpeg.Decode(bytes.NewReader(data))
	Expect(err).NotTo(HaveOccurred())
	bd := img.Bounds()
	r, g, b, _ = img.At(bd.Dx()/2, bd.Dy()*3/4).RGBA()
	return r, g, b, bd.Dx()
}

var _ = Describe("traces (docs/running.md \"Traces\")", func() {
	// both captures: the screencast's (the default) gives way to a
	// screenshot on a page with something to paint over
	for _, capture := range []session.TraceCapture{session.TraceShots, session.TraceScreencast} {
		It(fmt.Sprintf("keeps a JPEG after every step and the snapshot each step read, with on (capture %d)", capture), func() {
			a, dir := traceRun(runner.Config{Trace: runner.TraceOn, TraceCapture: capture}, nil)
			Expect(a.Status).To(Equal(results.Passed))
			tf := traceFiles(a)
			Expect(tf[results.ArtifactTraceScreenshot]).To(HaveLen(2)) // open, expect; the skipped click has none
			for step, p := range tf[results.ArtifactTraceScreenshot] {
				Expect(p).To(HaveSuffix("/trace/" + step + ".jpg"))
				data, err := os.ReadFile(filepath.Join(dir, p))
				Expect(err).NotTo(HaveOccurred())
				cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
				Expect(err).NotTo(HaveOccurred())
				Expect(format).To(Equal("jpeg"))
				Expect([]int{cfg.Width, cfg.Height}).To(Equal([]int{1280, 800})) // the viewport
				// the password field is painted over
				Expect(darkRun(filepath.Join(dir, p))).To(BeNumerically(">", 100), p)
			}
			snap, ok := tf[results.ArtifactTraceSnapshot]["2"]
			Expect(ok).To(BeTrue(), "the expect step's snapshot")
			text, err := os.ReadFile(filepath.Join(dir, snap))
			Expect(err).NotTo(HaveOccurred())
			Expect(string(text)).To(ContainSubstring(`textbox "Password"`))
		})
	}

	It("takes the screencast's frame where there is nothing to paint over, at most 800 px wide", func() {
		a, dir := traceRun(runner.Config{Trace: runner.TraceOn}, map[string]string{"type": "text"})
		Expect(a.Status).To(Equal(results.Passed))
		shots := traceFiles(a)[results.ArtifactTraceScreenshot]
		Expect(shots).To(HaveLen(2))
		for _, p := range shots {
			data, err := os.ReadFile(filepath.Join(dir, p))
			Expect(err).NotTo(HaveOccurred())
			cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
			Expect(err).NotTo(HaveOccurred())
			Expect(cfg.Width).To(BeNumerically("<=", 800), "a screencast frame, not a screenshot of the 1280 px viewport")
		}
	})

	It("gives each step the frame of the document it left the tab on, a screencast frame across a #hash too", func() {
		shots, dir := tracedPass("../testdata/runner/trace-docs.yaml")
		// step 2, the link's click, ends before the tab leaves the red page
		// or after: either is the page as the step left it
		want := map[string]string{"1": "red", "2": "", "3": "blue", "4": "blue", "5": "blue"}
		for step, colour := range want {
			Expect(shots).To(HaveKey(step))
			r, g, b, width := centre(filepath.Join(dir, shots[step]))
			Expect(width).To(BeNumerically("<=", 800), "step %s: a screencast frame, not a screenshot of the 1280 px viewport", step)
			Expect(g).To(BeNumerically("<", 0x4000), "step %s", step)
			switch colour {
			case "red":
				Expect(r).To(BeNumerically(">", 0xc000), "step %s shows the red page", step)
				Expect(b).To(BeNumerically("<", 0x4000), "step %s shows the red page", step)
			case "blue":
				Expect(b).To(BeNumerically(">", 0xc000), "step %s shows the blue page (%x %x %x)", step, r, g, b)
				Expect(r).To(BeNumerically("<", 0x4000), "step %s shows the blue page (%x %x %x)", step, r, g, b)
			}
		}
	})

	It("takes screenshots while the tab shows a document that showed a password, and the screencast's frames past it", func() {
		shots, dir := tracedPass("../testdata/runner/trace-password.yaml")
		// 1 and 2 show the field's dots, 3 and 4 the page without it: a
		// screenshot of the viewport, 1280 px wide; 5 and 6 another
		// document, at most 800
		for step, screenshot := range map[string]bool{"1": true, "2": true, "3": true, "4": true, "5": false, "6": false} {
			Expect(shots).To(HaveKey(step))
			_, _, _, width := centre(filepath.Join(dir, shots[step]))
			if screenshot {
				Expect(width).To(Equal(1280), "step %s: a screenshot measured around its capture", step)
			} else {
				Expect(width).To(BeNumerically("<=", 800), "step %s: a screencast frame, the password's document left", step)
			}
		}
		Expect(darkRun(filepath.Join(dir, shots["2"]))).To(BeNumerically(">", 100), "the dots painted over")
	})

	It("paints nothing where the page shows no secret (the check above can fail)", func() {
		a, dir := traceRun(runner.Config{Trace: runner.TraceOn}, map[string]string{"hash": ""})
		p := traceFiles(a)[results.ArtifactTraceScreenshot]["2"]
		Expect(p).NotTo(BeEmpty())
		Expect(darkRun(filepath.Join(dir, p))).To(BeNumerically("<", 50))
	})

	It("keeps the trace of a failed attempt only, by default", func() {
		a, dir := traceRun(runner.Config{}, nil)
		Expect(a.Status).To(Equal(results.Passed))
		Expect(traceFiles(a)[results.ArtifactTraceScreenshot]).To(BeEmpty())
		Expect(filepath.Join(dir, "a-trace-of-every-step", "trace")).NotTo(BeADirectory())

		a, dir = traceRun(runner.Config{}, map[string]string{"fail": "yes"})
		Expect(a.Status).To(Equal(results.Failed))
		tf := traceFiles(a)
		Expect(tf[results.ArtifactTraceScreenshot]).To(HaveKey("3"))
		Expect(filepath.Join(dir, tf[results.ArtifactTraceScreenshot]["3"])).To(BeARegularFile())
	})

	It("records nothing with off", func() {
		a, dir := traceRun(runner.Config{Trace: runner.TraceOff}, map[string]string{"fail": "yes"})
		Expect(a.Status).To(Equal(results.Failed))
		Expect(traceFiles(a)[results.ArtifactTraceScreenshot]).To(BeEmpty())
		Expect(filepath.Join(dir, "a-trace-of-every-step", "trace")).NotTo(BeADirectory())
	})
})

var _ = Describe("trace modes", func() {
	It("reads on, retain-on-failure and off, and nothing else", func() {
		for _, m := range []runner.TraceMode{runner.TraceOn, runner.TraceRetainOnFailure, runner.TraceOff} {
			got, err := runner.ParseTraceMode(m.String())
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(m))
		}
		_, err := runner.ParseTraceMode("always")
		Expect(err).To(MatchError(`unknown trace mode "always": want on, retain-on-failure or off`))
	})
})
