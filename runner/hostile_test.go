package runner_test

import (
	"context"
	"errors"
	"image/color"
	"os"
	"path/filepath"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/testpage"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/runner"
)

// outlinePixels counts the pixels of the candidates' outlines
// (session/outline.go outlineJS) in a PNG.
func outlinePixels(shot []byte) int {
	img := decodePNG(shot)
	r := img.Bounds()
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); c == (color.RGBA{R: 0xe1, G: 0x1d, B: 0x48, A: 0xff}) {
				n++
			}
		}
	}
	return n
}

// The conformance flows hostile-*.yaml run every step kind and the
// failure path on testdata/conformance/pages/hostile.html, whose library
// (hostile.js) rewrites the built-ins; these check what a flow cannot
// see: the screenshots (docs/targets.md "smokeflow's code in the page").
var _ = Describe("a page that rewrote the built-ins", func() {
	It("gets the candidates' outlines on its failure screenshot", func() {
		dir := GinkgoT().TempDir()
		res := runOne("../testdata/conformance/hostile-covered-fails.yaml", runner.Config{ArtifactsDir: dir})
		d := res.Final().Failure.Diagnostics
		Expect(d).NotTo(BeNil())
		Expect(d.Candidates).NotTo(BeEmpty())
		shot, err := os.ReadFile(filepath.Join(dir, d.Screenshot))
		Expect(err).NotTo(HaveOccurred())
		// a 46x21 button outlined 3 px wide, with its number's label
		Expect(outlinePixels(shot)).To(BeNumerically(">", 300))
	})

	It("has its secrets painted over in screenshots", func() {
		url := fixture.URL + "/conformance/pages/hostile.html#" + shotSecretA
		masked := testpage.OpenWith(shared, url, browser.PageOptions{Secrets: []string{shotSecretA}})
		shot, err := masked.Screenshot(context.Background(), false, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(redPixels(shot)).To(BeZero())
		// control: unmasked, the red secret shows
		shot, err = testpage.Open(shared, url).Screenshot(context.Background(), false, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(redPixels(shot)).To(BeNumerically(">", 20))
	})
})

// emailField is the snapshot node of signin.html's Email field.
func emailField(p *browser.Page) *locate.Node {
	GinkgoHelper()
	snap, err := p.TakeSnapshot(context.Background())
	Expect(err).NotTo(HaveOccurred())
	for _, n := range snap.Refs {
		if n.Role == "textbox" && n.Name == "Email" {
			return n
		}
	}
	Fail("no Email field in the snapshot")
	return nil
}

// smokeflow's world lives and dies with its document (docs/targets.md
// "smokeflow's code in the page").
var _ = Describe("smokeflow's world across navigations", func() {
	It("reads an element of the new document in the new world, and calls one of a document left behind detached", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		p := testpage.Open(shared, fixture.URL+"/conformance/pages/signin.html?no-store")
		old := emailField(p)
		Expect(p.Attr(ctx, old, "id")).To(Equal("email"))
		_, err := p.Navigate(ctx, fixture.URL+"/conformance/pages/signin.html?nav&no-store", "load")
		Expect(err).NotTo(HaveOccurred())
		_, err = p.Attr(ctx, old, "id")
		var de *locate.DetachedError
		Expect(errors.As(err, &de)).To(BeTrue(), "got %v", err)
		Expect(p.Attr(ctx, emailField(p), "id")).To(Equal("email"))
	})

	It("reads an element of a document the back/forward cache brings back", func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		p := testpage.Open(shared, fixture.URL+"/conformance/pages/signin.html")
		old := emailField(p)
		Expect(p.Attr(ctx, old, "id")).To(Equal("email"))
		_, err := p.Navigate(ctx, fixture.URL+"/conformance/pages/signin.html?nav", "load")
		Expect(err).NotTo(HaveOccurred())
		Expect(p.Attr(ctx, emailField(p), "id")).To(Equal("email"))
		_, err = p.Eval(ctx, "history.back()")
		Expect(err).NotTo(HaveOccurred())
		Eventually(func() string { return p.URL(ctx) }).WithTimeout(5 * time.Second).ShouldNot(ContainSubstring("?nav"))
		Expect(p.Attr(ctx, emailField(p), "id")).To(Equal("email"))
	})
})
