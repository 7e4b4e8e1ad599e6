package browser

import (
	"math"
	"testing"
)

// TestDragPath checks the mouse's way from one end of a drag to the other
// (docs/targets.md "Dragging"): the first move past the browser's native
// drag threshold, even steps after it within dragMinSteps..dragMaxSteps,
// the last at the drop point.
func TestDragPath(t *testing.T) {
	for _, c := range []struct {
		name           string
		x, y, tx, ty   float64
		minPts, maxPts int
	}{
		{"a long drag", 10, 10, 610, 10, dragMaxSteps, dragMaxSteps},
		{"a short drag", 10, 10, 40, 50, dragMinSteps, dragMinSteps},
		{"a drag of 20 px", 0, 0, 20, 0, dragMinSteps, dragMinSteps},
		{"a drag shorter than the threshold", 10, 10, 13, 10, 1, 1},
		{"a diagonal", 100, 300, 400, 20, 20, 21},
	} {
		pts := dragPath(c.x, c.y, c.tx, c.ty)
		if len(pts) < c.minPts || len(pts) > c.maxPts {
			t.Errorf("%s: %d points, want %d to %d: %v", c.name, len(pts), c.minPts, c.maxPts, pts)
		}
		if last := pts[len(pts)-1]; last != [2]float64{c.tx, c.ty} {
			t.Errorf("%s: ends at %v, not the drop point", c.name, last)
		}
		dist := math.Hypot(c.tx-c.x, c.ty-c.y)
		if first := math.Hypot(pts[0][0]-c.x, pts[0][1]-c.y); first < math.Min(dragFirst, dist)-1e-9 {
			t.Errorf("%s: the first move is %.1f px, under the threshold", c.name, first)
		}
		prev := 0.0
		for _, p := range pts {
			d := math.Hypot(p[0]-c.x, p[1]-c.y)
			if d <= prev {
				t.Errorf("%s: the path goes back at %v", c.name, p)
			}
			prev = d
		}
	}
}

// TestPastCentre checks the drop point of a drag onto an element (docs/targets.md
// "Dragging", "Onto an element is into its place"): a pixel past its centre on
// each axis the drag travels, none on an axis it does not.
func TestPastCentre(t *testing.T) {
	for _, c := range []struct {
		name                 string
		x, y, tx, ty, wx, wy float64
	}{
		{"down a list", 50, 20, 50, 110, 50, 111},
		{"up a list", 50, 110, 50, 20, 50, 19},
		{"right and down, to another column", 20, 20, 300, 80, 301, 81},
		{"left", 300, 50, 20, 50, 19, 50},
		{"less than a pixel off on an axis", 50.5, 20, 50, 110, 50, 111},
		{"onto itself", 50, 50, 50, 50, 50, 50},
	} {
		if x, y := pastCentre(c.x, c.y, c.tx, c.ty); x != c.wx || y != c.wy {
			t.Errorf("%s: drops at (%g, %g), want (%g, %g)", c.name, x, y, c.wx, c.wy)
		}
	}
}
