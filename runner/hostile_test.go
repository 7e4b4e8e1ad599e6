package runner_test

import (
	"context"
	"image/color"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/testpage"
	"github.com/smokeflow/smokeflow/runner"
)

// outlinePixels counts the pixels of the candidates' outlines
// (session/checks.go outlineJS) in a PNG.
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
