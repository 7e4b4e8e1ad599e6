package locate

import "testing"

// A bare run of text drawn touching its neighbour on one line runs on
// with it; two elements never do (docs/targets.md "The snapshot", "Text").
func TestTouching(t *testing.T) {
	span := &Node{Role: "none", Box: Box{X: 36, Y: 71, W: 24.9, H: 18}}
	for _, c := range []struct {
		name string
		a, b *Node
		want bool
	}{
		{"a highlighted part and the rest of the word", span, &Node{Role: "StaticText", Box: Box{X: 60.9, Y: 71, W: 11.5, H: 17}}, true},
		{"a run 1 px further on (a highlight's margin)", span, &Node{Role: "StaticText", Box: Box{X: 61.9, Y: 71, W: 11.5, H: 17}}, true},
		{"a run 4 px further on", span, &Node{Role: "StaticText", Box: Box{X: 64.9, Y: 71, W: 11.5, H: 17}}, false},
		{"a run on the next line", span, &Node{Role: "StaticText", Box: Box{X: 60.9, Y: 90, W: 11.5, H: 17}}, false},
		{"two buttons of a group", &Node{Role: "button", Box: Box{X: 0, Y: 0, W: 40, H: 20}}, &Node{Role: "button", Box: Box{X: 40, Y: 0, W: 40, H: 20}}, false},
		{"a run with no box", span, &Node{Role: "StaticText"}, false},
		{"nothing before", nil, span, false},
	} {
		if got := touching(c.a, c.b); got != c.want {
			t.Errorf("%s: touching = %v, want %v", c.name, got, c.want)
		}
	}
}
