package runner_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/testpage"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// Two secrets of one length that differ at every character: a screenshot
// that shows either anywhere differs between the two runs.
const (
	shotSecretA = "Kx9hunterQ2a"
	shotSecretB = "Wm4saberZp7b"
)

// secretShots runs testdata/runner/secret-shots.yaml (src: its text, or a
// variant) with the value and returns its screenshots by file name.
func secretShots(src, value string) map[string]image.Image {
	GinkgoHelper()
	lookup := func(k string) (string, bool) {
		if k == "SF_SHOT_SECRET" {
			return value, true
		}
		return "", false
	}
	f, err := flows.Parse("../testdata/runner/secret-shots.yaml", []byte(src), flows.LoadOptions{BaseURL: fixture.URL, LookupEnv: lookup})
	Expect(err).NotTo(HaveOccurred())
	dir := GinkgoT().TempDir()
	run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, LookupEnv: lookup,
		ArtifactsDir: dir}, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	Expect(run.Flows[0].Status).To(Equal(results.Passed), failureText(run.Flows[0]))
	shots := map[string]image.Image{}
	Expect(filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(p, ".png") {
			return err
		}
		b, err := os.ReadFile(p)
		Expect(err).NotTo(HaveOccurred())
		img, err := png.Decode(bytes.NewReader(b))
		Expect(err).NotTo(HaveOccurred(), p)
		shots[d.Name()] = img
		return nil
	})).To(Succeed())
	return shots
}

// samePixels reports whether two images hold the same pixels.
func samePixels(a, b image.Image) bool {
	n, _ := diffBox(a, b)
	return n == 0
}

// samePixel reports whether two images hold the same pixel at (x, y).
func samePixel(a, b image.Image, x, y int) bool {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// diffBox counts the pixels two images of one size differ at, and gives
// the box around them; -1 for images of two sizes.
func diffBox(a, b image.Image) (int, image.Rectangle) {
	if a.Bounds() != b.Bounds() {
		return -1, image.Rectangle{}
	}
	n, box := 0, image.Rectangle{}
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if !samePixel(a, b, x, y) {
				n++
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return n, box
}

// unpaintedOnly reports two images of one size that differ only where
// one of them has nothing painted: around the differing pixels, that one
// is white wherever the two differ (the boxes painted over the secrets
// are in both). A full-page capture may find an out-of-process frame not
// yet painted at the page's full height (docs/running.md "Full-page
// screenshots"). A secret shown puts glyphs in both images, each where
// the other has none, and fails.
func unpaintedOnly(a, b image.Image) bool {
	n, box := diffBox(a, b)
	return n > 0 && (blankWhereDiffer(a, b, box) || blankWhereDiffer(b, a, box))
}

// blankWhereDiffer reports img white at every pixel of box where it
// differs from other.
func blankWhereDiffer(img, other image.Image, box image.Rectangle) bool {
	white := color.RGBA{0xff, 0xff, 0xff, 0xff}
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			if !samePixel(img, other, x, y) && color.RGBAModel.Convert(img.At(x, y)) != white {
				return false
			}
		}
	}
	return true
}

// differences says where two images of one size differ: the count and
// the bounding box of the differing pixels, and both images saved.
func differences(a, b image.Image) string {
	n, box := diffBox(a, b)
	if n < 0 {
		return fmt.Sprintf("sizes %v and %v", a.Bounds(), b.Bounds())
	}
	dir, err := os.MkdirTemp("", "secret-shots")
	if err == nil {
		for name, img := range map[string]image.Image{"a.png": a, "b.png": b} {
			var buf bytes.Buffer
			if png.Encode(&buf, img) == nil {
				_ = os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644)
			}
		}
	}
	return fmt.Sprintf("%d pixels differ in %v (images in %s)", n, box, dir)
}

// paintedShare is the share of an image's pixels in the masks' black.
func paintedShare(img image.Image) float64 {
	r := img.Bounds()
	black := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); c == (color.RGBA{A: 0xff}) {
				black++
			}
		}
	}
	return float64(black) / float64(r.Dx()*r.Dy())
}

func decodePNG(b []byte) image.Image {
	GinkgoHelper()
	img, err := png.Decode(bytes.NewReader(b))
	Expect(err).NotTo(HaveOccurred())
	return img
}

// redPixels counts the pure red pixels of a PNG: the moving secret's
// glyphs.
func redPixels(shot []byte) int {
	img := decodePNG(shot)
	r := img.Bounds()
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if c := color.RGBAModel.Convert(img.At(x, y)).(color.RGBA); c.R > 200 && c.G < 60 && c.B < 60 {
				n++
			}
		}
	}
	return n
}

func names(m map[string]image.Image) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

var _ = Describe("secrets in screenshots", func() {
	src := func() string {
		b, err := os.ReadFile("../testdata/runner/secret-shots.yaml")
		Expect(err).NotTo(HaveOccurred())
		return string(b)
	}

	It("paints over every place a secret shows, in every frame and shadow root: two secrets give the same pixels", func() {
		a := secretShots(src(), shotSecretA)
		b := secretShots(src(), shotSecretB)
		Expect(names(a)).To(Equal([]string{"click-role-button-name-no-such-button.failure.png", "expect-testid-seen.failure.png",
			"field.png", "full.png", "viewport.png"}))
		Expect(names(b)).To(Equal(names(a)))
		for _, n := range names(a) {
			Expect(samePixels(a[n], b[n]) || n == "full.png" && unpaintedOnly(a[n], b[n])).To(BeTrue(),
				func() string { return n + " shows the secret: " + differences(a[n], b[n]) })
		}
		// the boxes cover the secrets, not the page
		Expect(paintedShare(a["viewport.png"])).To(BeNumerically("<", 0.2))
	})

	It("covers a secret that keeps moving while the screenshot is taken", func() {
		url := fixture.URL + "/runner/pages/secret-moving.html#" + shotSecretA
		masked := testpage.OpenWith(shared, url, browser.PageOptions{Secrets: []string{shotSecretA}})
		plain := testpage.Open(shared, url)
		for _, full := range []bool{false, true} {
			shot, err := masked.Screenshot(context.Background(), full, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(redPixels(shot)).To(BeZero(), "full page: %v", full)
			// control: unmasked, the red secret shows
			shot, err = plain.Screenshot(context.Background(), full, nil)
			Expect(err).NotTo(HaveOccurred())
			Expect(redPixels(shot)).To(BeNumerically(">", 20), "full page: %v", full)
		}
	})

	// two password fields of different lengths, masked, give the same
	// pixels; captured straight from the browser, they differ
	passwordShots := func(query string) {
		GinkgoHelper()
		short := testpage.Open(shared, fixture.URL+"/runner/pages/password.html"+query+"#abc")
		long := testpage.Open(shared, fixture.URL+"/runner/pages/password.html"+query+"#abcdefghijkl")
		ctx := context.Background()
		a, err := short.Screenshot(ctx, false, nil)
		Expect(err).NotTo(HaveOccurred())
		b, err := long.Screenshot(ctx, false, nil)
		Expect(err).NotTo(HaveOccurred())
		Expect(samePixels(decodePNG(a), decodePNG(b))).To(BeTrue(), func() string { return differences(decodePNG(a), decodePNG(b)) })
		ra, err := proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatPng}.Call(short.Client(ctx))
		Expect(err).NotTo(HaveOccurred())
		rb, err := proto.PageCaptureScreenshot{Format: proto.PageCaptureScreenshotFormatPng}.Call(long.Client(ctx))
		Expect(err).NotTo(HaveOccurred())
		Expect(samePixels(decodePNG(ra.Data), decodePNG(rb.Data))).To(BeFalse())
	}

	It("covers a filled password field even when the flow has no secrets: its dots would show the length", func() {
		passwordShots("")
	})

	It("covers a filled password field in a nested shadow root too, with no secrets", func() {
		passwordShots("?shadow")
	})

	It("control: the same flow with the value as a plain variable shows it, so its screenshots differ", func() {
		plain := strings.NewReplacer("secrets: [SF_SHOT_SECRET]", `vars: { shot: "${env.SF_SHOT_SECRET}" }`,
			"${secrets.SF_SHOT_SECRET}", "${vars.shot}").Replace(src())
		Expect(plain).NotTo(ContainSubstring("${secrets"))
		a := secretShots(plain, shotSecretA)
		b := secretShots(plain, shotSecretB)
		Expect(names(a)).To(HaveLen(5))
		for _, n := range names(a) {
			Expect(samePixels(a[n], b[n])).To(BeFalse(), "%s should show the value", n)
			// and the shown value is never taken for a frame left unpainted
			Expect(unpaintedOnly(a[n], b[n])).To(BeFalse(), n)
		}
	})
})
