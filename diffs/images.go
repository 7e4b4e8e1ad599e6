package diffs

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"

	"github.com/orisano/pixelmatch"
)

// DefaultThreshold is the colour distance above which a pixel differs
// when ImageOptions leave it at zero: pixelmatch's default.
const DefaultThreshold = 0.1

// fade is how much of the first image shows, in grey, under the red
// pixels of a diff image: pixelmatch's default alpha.
const fade = 0.1

// MaskColor is the flat colour masks are painted with, in both images.
var MaskColor = color.RGBA{R: 0xff, B: 0xff, A: 0xff}

// ImageOptions tune Images.
type ImageOptions struct {
	// Threshold is the perceptual colour distance (YIQ, 0 to 1) above
	// which two pixels differ; 0 takes DefaultThreshold. 0.001 is as
	// good as exact: one step of one channel already differs.
	Threshold float64
	// Masks are boxes, in image coordinates, painted MaskColor in both
	// images before they are compared: what they cover never differs.
	Masks []image.Rectangle
}

// ImageDiff is what differs between two images (docs/diffs.md
// "Screenshot diffs").
type ImageDiff struct {
	// Before and After are the sizes of the two images.
	Before, After image.Point
	// Pixels is how many pixels differ, anti-aliasing aside, of Total.
	// Both are 0 when the sizes differ.
	Pixels, Total int
	// Image shows the differing pixels in red and the anti-aliased ones
	// in yellow, over a faded grey copy of the first image (masks
	// painted); nil when the sizes differ.
	Image *image.RGBA
}

// SameSize reports whether the two images have the same size; only
// then are they compared pixel by pixel.
func (d ImageDiff) SameSize() bool { return d.Before == d.After }

// Ratio is the share of pixels that differ, 0 to 1; 1 when the sizes
// differ.
func (d ImageDiff) Ratio() float64 {
	switch {
	case !d.SameSize():
		return 1
	case d.Total == 0:
		return 0
	}
	return float64(d.Pixels) / float64(d.Total)
}

// Differs reports whether the sizes or a pixel differ.
func (d ImageDiff) Differs() bool { return !d.SameSize() || d.Pixels > 0 }

// String says what differs: `1520 of 1024000 pixels differ (0.15%)`, or
// the two sizes.
func (d ImageDiff) String() string {
	if !d.SameSize() {
		return fmt.Sprintf("the images differ in size: %d×%d and %d×%d", d.Before.X, d.Before.Y, d.After.X, d.After.Y)
	}
	return fmt.Sprintf("%d of %d pixels differ (%s)", d.Pixels, d.Total, Percent(d.Ratio()))
}

// Percent writes a share (0 to 1) as a percentage with two decimals,
// and never rounds a difference to 0.00% or a partial one to 100.00%.
func Percent(r float64) string {
	p := r * 100
	switch {
	case r > 0 && p < 0.01:
		return "<0.01%"
	case r < 1 && p > 99.99:
		return ">99.99%"
	}
	return fmt.Sprintf("%.2f%%", p)
}

// Images compares two images pixel by pixel with pixelmatch's perceptual
// colour distance (the Go port github.com/orisano/pixelmatch): a pixel
// differs when its YIQ distance is above the threshold and it is not
// anti-aliasing (a pixel of an edge that moved by less than a pixel, in
// either image). Images of different sizes are reported as such.
func Images(a, b image.Image, o ImageOptions) ImageDiff {
	d := ImageDiff{Before: a.Bounds().Size(), After: b.Bounds().Size()}
	if !d.SameSize() {
		return d
	}
	if len(o.Masks) > 0 || a.Bounds().Min != b.Bounds().Min {
		a, b = Mask(a, o.Masks), Mask(b, o.Masks)
	}
	d.Total = d.Before.X * d.Before.Y
	if identical(a, b) {
		// pixelmatch would draw its image and drop it (see faded)
		d.Image = faded(a)
		return d
	}
	t := o.Threshold
	if t <= 0 {
		t = DefaultThreshold
	}
	var out image.Image
	n, err := pixelmatch.MatchPixel(a, b, pixelmatch.Threshold(t), pixelmatch.Alpha(fade), pixelmatch.WriteTo(&out))
	if err != nil {
		// cannot be: the sizes and origins are the same, and pixelmatch
		// has no other error; never a pass that was not compared
		d.Pixels = d.Total
		return d
	}
	d.Pixels = n
	if rgba, ok := out.(*image.RGBA); ok {
		d.Image = rgba
	} else {
		// the port returns no image for identical inputs
		d.Image = faded(a)
	}
	return d
}

// identical reports whether two images of the same size and origin hold
// the same bytes, for the types screenshots decode to.
func identical(a, b image.Image) bool {
	switch x := a.(type) {
	case *image.RGBA:
		y, ok := b.(*image.RGBA)
		return ok && x.Stride == y.Stride && x.Rect == y.Rect && bytes.Equal(x.Pix, y.Pix)
	case *image.NRGBA:
		y, ok := b.(*image.NRGBA)
		return ok && x.Stride == y.Stride && x.Rect == y.Rect && bytes.Equal(x.Pix, y.Pix)
	}
	return false
}

// faded is the diff image of identical images: the image in grey,
// faded as pixelmatch draws the pixels that do not differ.
func faded(img image.Image) *image.RGBA {
	out := Mask(img, nil)
	p := out.Pix
	for i := 0; i+3 < len(p); i += 4 {
		r, g, b, a := float64(p[i]), float64(p[i+1]), float64(p[i+2]), float64(p[i+3])
		if a > 0 && a < 255 {
			// un-premultiplied, as pixelmatch reads colours
			r, g, b = r*255/a, g*255/a, b*255/a
		}
		luma := r*0.29889531 + g*0.58662247 + b*0.11448223
		v := uint8(255 + (luma-255)*fade*a/255)
		p[i], p[i+1], p[i+2], p[i+3] = v, v, v, 0xff
	}
	return out
}

// PNGs decodes two PNG images and compares them as Images does.
func PNGs(a, b []byte, o ImageOptions) (ImageDiff, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return ImageDiff{}, fmt.Errorf("reading the first image: %w", err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return ImageDiff{}, fmt.Errorf("reading the second image: %w", err)
	}
	return Images(ia, ib, o), nil
}

// Mask is a copy of img, its top-left corner at 0,0, with the boxes
// (in that copy's coordinates) painted MaskColor.
func Mask(img image.Image, boxes []image.Rectangle) *image.RGBA {
	r := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, r.Dx(), r.Dy()))
	draw.Draw(out, out.Bounds(), img, r.Min, draw.Src)
	paint := image.NewUniform(MaskColor)
	for _, m := range boxes {
		draw.Draw(out, m.Intersect(out.Bounds()), paint, image.Point{}, draw.Src)
	}
	return out
}
