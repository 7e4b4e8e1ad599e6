package locate

import "testing"

// The overlay's line says what share of the viewport the layer covers;
// a popup that rounds to none covers "under 1%", not "0%" (docs/targets.md
// "The snapshot", "Overlays").
func TestOverlayLineShare(t *testing.T) {
	for _, c := range []struct {
		cover int
		want  string
	}{
		{0, "# overlay: layer div.pop covers under 1% of the viewport, 4 controls beneath; close: press Escape"},
		{1, "# overlay: layer div.pop covers 1% of the viewport, 4 controls beneath; close: press Escape"},
		{100, "# overlay: layer div.pop covers 100% of the viewport, 4 controls beneath; close: press Escape"},
	} {
		o := Overlay{OverlayRead: OverlayRead{Layer: "div.pop", Cover: c.cover, Beneath: 4, Escape: true}}
		if got := o.String(); got != c.want {
			t.Errorf("cover %d: got %q, want %q", c.cover, got, c.want)
		}
	}
}
