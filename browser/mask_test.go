package browser

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"github.com/smokeflow/smokeflow/locate"
)

// TestPaintBoxes checks where the boxes land on the image: moved by the
// image's origin, widened by maskPad, clipped to the image.
func TestPaintBoxes(t *testing.T) {
	white := image.NewRGBA(image.Rect(0, 0, 20, 20))
	for i := range white.Pix {
		white.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, white); err != nil {
		t.Fatal(err)
	}
	// the image starts at (10, 10) of the viewport; one box inside, one
	// half out, one wholly out
	out, err := paintBoxes(buf.Bytes(), []locate.Box{{X: 15, Y: 15, W: 2, H: 2}, {X: 28, Y: 8, W: 5, H: 5}, {X: 100, Y: 100, W: 5, H: 5}}, 10, 10)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	painted := func(x, y int) bool { return color.RGBAModel.Convert(img.At(x, y)) == maskColor }
	for y := 0; y < 20; y++ {
		for x := 0; x < 20; x++ {
			in1 := x >= 5-maskPad && x < 7+maskPad && y >= 5-maskPad && y < 7+maskPad
			in2 := x >= 18-maskPad && y < 3+maskPad
			if painted(x, y) != (in1 || in2) {
				t.Fatalf("pixel %d,%d painted: %v", x, y, painted(x, y))
			}
		}
	}
	if same, err := paintBoxes(buf.Bytes(), nil, 0, 0); err != nil || !bytes.Equal(same, buf.Bytes()) {
		t.Fatal("with no box the screenshot must stay as taken")
	}
}

// TestMapToViewport checks that a child frame's boxes are clipped to its
// viewport and moved to where it is, and that a scaled frame is covered
// whole.
func TestMapToViewport(t *testing.T) {
	view := locate.Box{X: 100, Y: 50, W: 300, H: 200}
	fb := frameBoxes{W: 300, H: 200, Boxes: [][4]float64{{10, 20, 30, 40}, {280, 190, 50, 50}, {400, 0, 10, 10}}}
	got := mapToViewport(fb, view)
	want := []locate.Box{{X: 110, Y: 70, W: 30, H: 40}, {X: 380, Y: 240, W: 20, H: 10}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("got %v, want %v", got, want)
	}
	fb.W = 600 // drawn at half its size
	if got := mapToViewport(fb, view); len(got) != 1 || got[0] != view {
		t.Fatalf("a scaled frame: got %v, want the whole frame %v", got, view)
	}
}
