package diffs_test

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diffs"
)

// plain is a w×h white image with a grey box at r.
func plain(w, h int, r image.Rectangle) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(img, r, image.NewUniform(color.RGBA{R: 0x40, G: 0x40, B: 0x40, A: 0xff}), image.Point{}, draw.Src)
	return img
}

var red = color.RGBA{R: 0xff, A: 0xff}

var _ = Describe("Images", func() {
	box := image.Rect(10, 10, 30, 20)

	It("finds no difference between equal images, and still draws the faded copy", func() {
		d := diffs.Images(plain(64, 32, box), plain(64, 32, box), diffs.ImageOptions{})
		Expect(d.Differs()).To(BeFalse())
		Expect(d.Pixels).To(Equal(0))
		Expect(d.Total).To(Equal(64 * 32))
		Expect(d.Image).NotTo(BeNil())
		Expect(d.Image.Bounds().Size()).To(Equal(image.Pt(64, 32)))
		Expect(d.Image.RGBAAt(0, 0)).To(Equal(color.RGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xff}), "white fades to white")
		Expect(d.Image.RGBAAt(15, 15).R).To(BeNumerically(">", 0xe0), "the box, faded")
	})

	It("counts a moved box's pixels and paints them red", func() {
		d := diffs.Images(plain(64, 32, box), plain(64, 32, box.Add(image.Pt(5, 0))), diffs.ImageOptions{})
		Expect(d.Differs()).To(BeTrue())
		Expect(d.Pixels).To(Equal(2 * 5 * 10))
		Expect(d.Ratio()).To(BeNumerically("~", 100.0/(64*32), 1e-9))
		Expect(d.Image.RGBAAt(12, 15)).To(Equal(red))
		Expect(d.Image.RGBAAt(32, 15)).To(Equal(red))
		Expect(d.Image.RGBAAt(20, 15)).NotTo(Equal(red))
		Expect(d.String()).To(Equal("100 of 2048 pixels differ (4.88%)"))
	})

	It("ignores a colour change below the threshold, and counts it above", func() {
		a := plain(16, 16, image.Rectangle{})
		b := plain(16, 16, image.Rectangle{})
		b.SetRGBA(4, 4, color.RGBA{R: 0xf8, G: 0xf8, B: 0xf8, A: 0xff})
		Expect(diffs.Images(a, b, diffs.ImageOptions{}).Pixels).To(Equal(0))
		Expect(diffs.Images(a, b, diffs.ImageOptions{Threshold: 0.001}).Pixels).To(Equal(1))
	})

	It("reports images of different sizes as such, without comparing", func() {
		d := diffs.Images(plain(64, 32, box), plain(64, 40, box), diffs.ImageOptions{})
		Expect(d.SameSize()).To(BeFalse())
		Expect(d.Differs()).To(BeTrue())
		Expect(d.Ratio()).To(Equal(1.0))
		Expect(d.Image).To(BeNil())
		Expect(d.String()).To(Equal("the images differ in size: 64×32 and 64×40"))
	})

	It("paints the masks in both images: what they cover never differs", func() {
		a, b := plain(64, 32, box), plain(64, 32, box.Add(image.Pt(5, 0)))
		d := diffs.Images(a, b, diffs.ImageOptions{Masks: []image.Rectangle{image.Rect(8, 8, 40, 22)}})
		Expect(d.Pixels).To(Equal(0))
		Expect(d.Image.RGBAAt(20, 15).G).To(BeNumerically(">", 0xe0), "the mask, faded")
		Expect(a.RGBAAt(15, 15)).NotTo(Equal(diffs.MaskColor), "the images given are left as they are")
		d = diffs.Images(a, b, diffs.ImageOptions{Masks: []image.Rectangle{image.Rect(8, 8, 20, 22)}})
		Expect(d.Pixels).To(Equal(5*10), "the half the mask leaves out still differs")
	})

	It("compares images whose corners are not at 0,0", func() {
		big := plain(100, 100, box)
		a := big.SubImage(image.Rect(5, 5, 45, 35))
		b := plain(40, 30, box.Sub(image.Pt(5, 5)))
		Expect(diffs.Images(a, b, diffs.ImageOptions{}).Pixels).To(Equal(0))
	})

	It("decodes PNGs, and says which one it cannot read", func() {
		var a, b bytes.Buffer
		Expect(png.Encode(&a, plain(20, 20, image.Rect(2, 2, 5, 5)))).To(Succeed())
		Expect(png.Encode(&b, plain(20, 20, image.Rect(3, 2, 6, 5)))).To(Succeed())
		d, err := diffs.PNGs(a.Bytes(), b.Bytes(), diffs.ImageOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(d.Pixels).To(Equal(6))
		_, err = diffs.PNGs(a.Bytes(), []byte("not a png"), diffs.ImageOptions{})
		Expect(err).To(MatchError(ContainSubstring("reading the second image")))
	})

	It("writes shares as a person reads them", func() {
		Expect(diffs.Percent(0)).To(Equal("0.00%"))
		Expect(diffs.Percent(0.00001)).To(Equal("<0.01%"))
		Expect(diffs.Percent(0.0123)).To(Equal("1.23%"))
		Expect(diffs.Percent(0.999999)).To(Equal(">99.99%"))
		Expect(diffs.Percent(1)).To(Equal("100.00%"))
	})
})
