package browser

import "testing"

// TestSliderTrackPoints checks where fill aims a drag along a slider's
// track (docs/targets.md "Sliders"): the value's share of the range from
// the track's start, left to right, right to left and bottom to top.
func TestSliderTrackPoints(t *testing.T) {
	st := sliderState{Min: -50, Max: 50}
	box := trackBox{X: 100, Y: 200, W: 400, H: 20}
	tall := trackBox{X: 10, Y: 100, W: 20, H: 200}
	for _, c := range []struct {
		name string
		tr   sliderTrack
		v    float64
		want [2]float64
	}{
		{"left to right, the minimum", sliderTrack{Track: box}, -50, [2]float64{100, 210}},
		{"left to right, a quarter", sliderTrack{Track: box}, -25, [2]float64{200, 210}},
		{"right to left, a quarter", sliderTrack{Track: box, RTL: true}, -25, [2]float64{400, 210}},
		{"right to left, the maximum", sliderTrack{Track: box, RTL: true}, 50, [2]float64{100, 210}},
		{"bottom to top, a quarter", sliderTrack{Track: tall, Vertical: true}, -25, [2]float64{20, 250}},
		{"bottom to top, the minimum", sliderTrack{Track: tall, Vertical: true}, -50, [2]float64{20, 300}},
	} {
		if got := c.tr.at(c.tr.guess(st, c.v)); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
		// along and at are each other's inverse on the axis
		if back := c.tr.along(c.tr.at(c.tr.guess(st, c.v))); back != c.tr.guess(st, c.v) {
			t.Errorf("%s: along(at(c)) = %v, want %v", c.name, back, c.tr.guess(st, c.v))
		}
	}
}
