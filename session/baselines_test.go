package session_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/onsi/gomega/types"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/session"
)

const diffPage = "/diffs/page.html"

// baselineSession opens a session on a fresh incognito context, its
// artifacts in dir; update sets Options.UpdateBaselines.
func baselineSession(dir string, update bool) *session.Session {
	GinkgoHelper()
	return openOptions(session.Options{BaseURL: site.URL, ArtifactsDir: dir, StepTimeout: 3 * time.Second,
		UpdateBaselines: update, BaselineFix: "smokeflow run FILE --update-baselines"})
}

// flowStep parses one step as written in the flow file `file`, whose
// baselines are then beside it.
func flowStep(file, src string) *flows.Step {
	GinkgoHelper()
	body := "  - " + strings.Join(strings.Split(strings.TrimSpace(src), "\n"), "\n    ")
	f, err := flows.Parse(file, []byte("name: steps\nsteps:\n"+body+"\n"), flows.LoadOptions{BaseURL: site.URL})
	Expect(err).NotTo(HaveOccurred(), body)
	return f.Steps[0]
}

// run runs a step of the flow file `file` and returns its record and
// error.
func run(s *session.Session, file, src string) (*results.Step, error) {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return s.Do(ctx, flowStep(file, src))
}

// stillShot opens path in s and takes a screenshot held still.
func stillShot(s *session.Session, path string, o browser.ShotOptions) image.Image {
	GinkgoHelper()
	do(s, "open: "+path)
	return shoot(s, o)
}

// shoot takes a screenshot of the current page, held still.
func shoot(s *session.Session, o browser.ShotOptions) image.Image {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	shot, err := session.PageOf(s).StillScreenshot(ctx, o)
	Expect(err).NotTo(HaveOccurred())
	img, err := png.Decode(bytes.NewReader(shot.PNG))
	Expect(err).NotTo(HaveOccurred())
	return img
}

// snapshotText reads the page's snapshot as a baseline keeps it.
func snapshotText(s *session.Session) string {
	GinkgoHelper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	snap, err := session.PageOf(s).Snapshot(ctx)
	Expect(err).NotTo(HaveOccurred())
	return diffs.WithoutOrigin(snap.Render(locate.RenderOptions{}))
}

// body is a snapshot text without its header line, which names the
// page's URL (and so the query that makes each change of the fixture).
func body(snapshot string) string {
	_, rest, _ := strings.Cut(snapshot, "\n")
	return rest
}

// rawDiffer counts the pixels whose colour is not exactly the same.
func rawDiffer(a, b image.Image) int {
	pa, pb := diffs.Mask(a, nil).Pix, diffs.Mask(b, nil).Pix
	n := 0
	for i := 0; i+3 < len(pa) && i+3 < len(pb); i += 4 {
		if !bytes.Equal(pa[i:i+4], pb[i:i+4]) {
			n++
		}
	}
	return n
}

var _ = Describe("diffs of known changes, as a person would see them (docs/diffs.md \"What is reported\")", func() {
	var s *session.Session
	var base image.Image
	var baseText string
	BeforeEach(func() {
		s = baselineSession(GinkgoT().TempDir(), false)
		base = stillShot(s, diffPage, browser.ShotOptions{})
		baseText = body(snapshotText(s))
	})

	DescribeTable("each change",
		func(query string, pixels types.GomegaMatcher, snapshot string) {
			img := stillShot(s, diffPage+"?"+query, browser.ShotOptions{})
			d := diffs.Images(base, img, diffs.ImageOptions{})
			Expect(d.SameSize()).To(BeTrue())
			Expect(d.Pixels).To(pixels, "the screenshot diff: %s", d)
			Expect(diffs.Snapshots(baseText, body(snapshotText(s))).Summary()).To(Equal(snapshot))
		},
		Entry("nothing changed: nothing reported", "same=1", Equal(0), "0 additions, 0 removals, 5 unchanged"),
		Entry("a moved button: pixels, not the snapshot (it has no positions)", "change=moved", BeNumerically(">", 300), "0 additions, 0 removals, 5 unchanged"),
		Entry("a renamed link: both", "rename=1", BeNumerically(">", 50), "1 addition, 1 removal, 4 unchanged"),
		Entry("a changed value: both", "value=4", BeNumerically(">", 20), "1 addition, 1 removal, 4 unchanged"),
		Entry("a 1-pixel border: its pixels, not the snapshot", "change=border", BeNumerically("~", 2*(302+80), 8), "0 additions, 0 removals, 5 unchanged"),
		Entry("a bold heading shifted by 0.4 px: anti-aliasing, ignored but for a pixel or two", "change=subpixel-heading", BeNumerically("<=", 4), "0 additions, 0 removals, 5 unchanged"),
		Entry("body text shifted by 0.4 px: its thin strokes, under 0.1% of the page", "change=subpixel", BeNumerically("<", 1024), "0 additions, 0 removals, 5 unchanged"),
	)

	It("ignores the shifted heading's anti-aliasing, although many of its pixels changed", func() {
		img := stillShot(s, diffPage+"?change=subpixel-heading", browser.ShotOptions{})
		Expect(rawDiffer(base, img)).To(BeNumerically(">", 100), "the check can fail: the pixels did change")
		Expect(diffs.Images(base, img, diffs.ImageOptions{}).Pixels).To(BeNumerically("<=", 4))
	})
})

var _ = Describe("screenshots held still (docs/diffs.md \"Screenshots that hold still\")", func() {
	It("gives 0 differing pixels for the same page shot twice, 20 times over the demo shop", func() {
		shop := httptest.NewServer(demo.Handler())
		DeferCleanup(shop.Close)
		s := baselineSession(GinkgoT().TempDir(), false)
		// each page once it shows what it loads: the search results come
		// 600 ms after the page (its "Loading…" spinner until then)
		pages := [][2]string{{"/", ""}, {"/search?q=mug", "wait: { text: products found }"}, {"/product/1", ""}, {"/login", ""}, {"/cart", ""}}
		// opened anew for each shot: the cookie banner slides in each time
		load := func(p [2]string) image.Image {
			do(s, "open: "+shop.URL+p[0])
			if p[1] != "" {
				do(s, p[1])
			}
			return shoot(s, browser.ShotOptions{})
		}
		for i := range 20 {
			p := pages[i%len(pages)]
			u := shop.URL + p[0]
			a, b := load(p), load(p)
			Expect(a.Bounds().Size()).To(Equal(image.Pt(1280, 800)), "one pixel per CSS pixel")
			// at the threshold a flow's baseline compares with: on a busy
			// machine, Chromium's rasteriser has left one step of one
			// channel at a card's rounded corner, which 0.001 counts
			// (docs/diffs.md "Screenshots that hold still")
			d := diffs.Images(a, b, diffs.ImageOptions{})
			Expect(d.Pixels).To(Equal(0), "%s, shot %d: %s", u, i+1, d)
		}
	})

	It("waits out a script's own animation: captures until two in a row are the same", func() {
		s := baselineSession(GinkgoT().TempDir(), false)
		still := stillShot(s, diffPage, browser.ShotOptions{})
		do(s, "open: "+diffPage+"?slide=1500")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r, err := session.PageOf(s).Eval(ctx, `document.getElementById('card').getBoundingClientRect().left > 30`)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Value.Bool()).To(BeTrue(), "the card still slides as the shot begins: the check can fail")
		Expect(diffs.Images(still, shoot(s, browser.ShotOptions{}), diffs.ImageOptions{}).Pixels).To(Equal(0))
	})

	It("holds an animation that begins when another ends, where two captures agree while it runs", func() {
		s := baselineSession(GinkgoT().TempDir(), false)
		still := stillShot(s, diffPage, browser.ShotOptions{})
		// the card's slide ends (held still), and Save's 10 s hop begins:
		// its pixels hold still 400 px away until it ends
		Expect(diffs.Images(still, stillShot(s, diffPage+"?chain=1", browser.ShotOptions{}), diffs.ImageOptions{}).Pixels).To(Equal(0))
	})

	It("compares the captures outside the masks: a masked clock does not keep it waiting", func() {
		s := baselineSession(GinkgoT().TempDir(), false)
		do(s, "open: "+diffPage+"?tick=1")
		settled := func(o browser.ShotOptions) bool {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			shot, err := session.PageOf(s).StillScreenshot(ctx, o)
			Expect(err).NotTo(HaveOccurred())
			return shot.Settled
		}
		Expect(settled(browser.ShotOptions{Mask: []*flows.Target{{CSS: "#today"}}})).To(BeTrue(), "two captures agreed outside the mask")
		Expect(settled(browser.ShotOptions{})).To(BeFalse(), "the check can fail: unmasked, the clock changes every capture until the 3 s bound")
	})

	It("holds animations, transitions and a spinner still, which plain screenshots do not", func() {
		s := baselineSession(GinkgoT().TempDir(), false)
		do(s, "open: "+diffPage+"?change=animated&fade=1")
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		shots := make([]image.Image, 4)
		for i := range shots {
			var data []byte
			if i < 2 {
				raw, err := session.PageOf(s).Screenshot(ctx, false, nil)
				Expect(err).NotTo(HaveOccurred())
				data = raw
			} else {
				shot, err := session.PageOf(s).StillScreenshot(ctx, browser.ShotOptions{})
				Expect(err).NotTo(HaveOccurred())
				data = shot.PNG
			}
			img, err := png.Decode(bytes.NewReader(data))
			Expect(err).NotTo(HaveOccurred())
			shots[i] = img
		}
		Expect(diffs.Images(shots[0], shots[1], diffs.ImageOptions{}).Pixels).To(BeNumerically(">", 0), "the page moves: the check can fail")
		Expect(diffs.Images(shots[2], shots[3], diffs.ImageOptions{}).Pixels).To(Equal(0))
		// the infinite spinner plays again after the shot
		r, err := session.PageOf(s).Eval(ctx, `document.getAnimations().filter(a => a.playState === 'running').length`)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Value.Int()).To(BeNumerically(">=", 1))
		r, err = session.PageOf(s).Eval(ctx, `document.getElementById('__smokeflow_still') === null`)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Value.Bool()).To(BeTrue(), "the caret's style is gone after the shot")
	})
})

var _ = Describe("expect screenshot and snapshot against baselines (docs/flows.md \"Baselines\")", func() {
	var dir, flow, art string
	BeforeEach(func() {
		dir = GinkgoT().TempDir()
		flow = filepath.Join(dir, "settings.yaml")
		art = GinkgoT().TempDir()
	})

	// write runs the step with the baselines updated, on path.
	write := func(path, src string) *results.Step {
		GinkgoHelper()
		s := baselineSession(art, true)
		do(s, "open: "+path)
		rec, err := run(s, flow, src)
		Expect(err).NotTo(HaveOccurred())
		Expect(s.Baselines()).To(HaveLen(1))
		return rec
	}

	It("fails on a missing baseline, saying the command that writes it; the update writes it; then it passes", func() {
		s := baselineSession(art, false)
		do(s, "open: "+diffPage)
		_, err := run(s, flow, "expect: { screenshot: home }")
		var se *session.StepError
		Expect(err).To(BeAssignableToTypeOf(se))
		se = err.(*session.StepError)
		Expect(se.Reason()).To(Equal(diagnostics.ReasonFile))
		file := filepath.Join(dir, "settings.baselines", "home.png")
		Expect(se.Failure.Message).To(ContainSubstring("there is no baseline " + file + " yet; `smokeflow run " + flow + " --update-baselines` writes it"))
		Expect(existing(art, se.Failure.Diagnostics.Screenshot)).To(Equal([]bool{true}), "the page as it is, in the artifacts")
		Expect(file).NotTo(BeAnExistingFile())

		rec := write(diffPage, "expect: { screenshot: home }")
		Expect(rec.Log).To(ContainElement("baseline written: " + file + " (new)"))
		Expect(file).To(BeAnExistingFile())

		s = baselineSession(art, false)
		do(s, "open: "+diffPage)
		rec, err = run(s, flow, "expect: { screenshot: home }")
		Expect(err).NotTo(HaveOccurred())
		Expect(rec.Log).To(ContainElement(HavePrefix("matches the baseline " + file + ": 0 of 1024000 pixels differ")))
	})

	It("says in the step's log when the page never held still, and not when it did", func() {
		write(diffPage, "expect: { screenshot: home }")
		s := baselineSession(art, false)
		do(s, "open: "+diffPage+"?tick=1")
		rec, err := run(s, flow, "expect: { screenshot: home }\ntimeout: 6s")
		Expect(err).To(HaveOccurred())
		Expect(rec.Log).To(ContainElement(HavePrefix("the page kept changing: no two captures in a row agreed")))

		// writing a baseline of it: the advice is the mask, not more time
		s = baselineSession(art, true)
		do(s, "open: "+diffPage+"?tick=1")
		_, err = run(s, flow, "expect: { screenshot: clock }\ntimeout: 6s")
		Expect(err).To(MatchError(ContainSubstring("was not written: the page kept changing")))
		Expect(err.Error()).NotTo(ContainSubstring("longer timeout"))

		s = baselineSession(art, false)
		do(s, "open: "+diffPage+"?tick=1")
		rec, _ = run(s, flow, "expect: { screenshot: home, mask: [ { css: \"#today\" } ] }\ntimeout: 6s")
		Expect(rec.Log).NotTo(ContainElement(HavePrefix("the page kept changing")), "masked, the clock lets two captures agree")
	})

	It("fails on a changed page with the expected, actual and diff images; max_diff_ratio lets it through", func() {
		write(diffPage, "expect: { screenshot: home }")
		s := baselineSession(art, false)
		do(s, "open: "+diffPage+"?rename=1")
		_, err := run(s, flow, "expect: { screenshot: home }\ntimeout: 3s")
		Expect(err).To(HaveOccurred())
		se := err.(*session.StepError)
		Expect(se.Reason()).To(Equal(diagnostics.ReasonAssertion))
		Expect(se.Failure.Message).To(MatchRegexp(`the screenshot differs from its baseline .*home\.png: \d+ of 1024000 pixels differ \(.*\), more than max_diff_ratio 0 allows`))
		kinds := map[string]string{}
		for _, a := range s.Artifacts() {
			kinds[a.Kind] = a.Path
		}
		Expect(kinds).To(HaveKeyWithValue(results.ArtifactExpected, "session/home.expected.png"))
		Expect(kinds).To(HaveKeyWithValue(results.ArtifactActual, "session/home.actual.png"))
		Expect(kinds).To(HaveKeyWithValue(results.ArtifactDiff, "session/home.diff.png"))
		Expect(existing(art, "session/home.expected.png", "session/home.actual.png", "session/home.diff.png")).To(Equal([]bool{true, true, true}))

		_, err = run(s, flow, "expect: { screenshot: home, max_diff_ratio: 0.05 }")
		Expect(err).NotTo(HaveOccurred())
	})

	It("an update run says the baseline was not updated, never that the page differs, when the page never held still", func() {
		write(diffPage, "expect: { screenshot: home }")
		s := baselineSession(art, true)
		do(s, "open: "+diffPage+"?tick=1")
		_, err := run(s, flow, "expect: { screenshot: home }\ntimeout: 6s")
		Expect(err).To(MatchError(MatchRegexp(`the baseline .*home\.png was not updated`)))
		Expect(err.Error()).NotTo(ContainSubstring("differs from its baseline"))
		Expect(err.Error()).NotTo(ContainSubstring("the last one was compared"))
	})

	It("updates a baseline the page no longer matches", func() {
		write(diffPage, "expect: { screenshot: home }")
		rec := write(diffPage+"?value=9", "expect: { screenshot: home }")
		Expect(rec.Log).To(ContainElement(MatchRegexp(`baseline updated: .*home\.png \(it differed: \d+ of`)))
	})

	It("hides a changing date behind a mask, in both images", func() {
		write(diffPage+"?today=2024-01-01", `expect: { screenshot: home, mask: [ { css: "#today" } ] }`)
		s := baselineSession(art, false)
		do(s, "open: "+diffPage+"?today=2025-06-30")
		_, err := run(s, flow, `expect: { screenshot: home, mask: [ { css: "#today" } ] }`)
		Expect(err).NotTo(HaveOccurred())
		_, err = run(s, flow, "expect: { screenshot: home }\ntimeout: 3s")
		Expect(err).To(MatchError(ContainSubstring("pixels differ")), "without the mask the date differs")
	})

	It("compares one element, by target", func() {
		write(diffPage, `expect: { screenshot: card, target: { css: "#card" } }`)
		img, err := os.ReadFile(filepath.Join(dir, "settings.baselines", "card.png"))
		Expect(err).NotTo(HaveOccurred())
		cfg, err := png.DecodeConfig(bytes.NewReader(img))
		Expect(err).NotTo(HaveOccurred())
		Expect([]int{cfg.Width, cfg.Height}).To(Equal([]int{300, 80}))
	})

	It("compares snapshots, refs aside, and shows the changed lines", func() {
		rec := write(diffPage, "expect: { snapshot: home }")
		file := filepath.Join(dir, "settings.baselines", "home.txt")
		Expect(rec.Log).To(ContainElement("baseline written: " + file + " (new)"))
		text, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(text)).To(HavePrefix(`# /diffs/page.html "Diff fixture"`), "the page named by its path")

		s := baselineSession(art, false)
		do(s, "open: "+diffPage)
		do(s, `eval: document.querySelector('a').textContent = 'Documentation'`)
		rec, err = run(s, flow, "expect: { snapshot: home }\ntimeout: 3s")
		Expect(err).To(MatchError(ContainSubstring("the snapshot differs from its baseline " + file + ": 1 addition, 1 removal, 5 unchanged")))
		Expect(rec.Log).To(ContainElements(`- - link "Docs" [ref=e1]`, `+ - link "Documentation" [ref=e1]`))
		Expect(existing(art, "session/home.expected.txt", "session/home.actual.txt", "session/home.diff.txt")).To(Equal([]bool{true, true, true}))

		do(s, "open: "+diffPage)
		_, err = run(s, flow, "expect: { snapshot: home }")
		Expect(err).NotTo(HaveOccurred())
	})
})
