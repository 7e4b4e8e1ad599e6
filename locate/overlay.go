package locate

import (
	"fmt"
	"math"
	"strings"

	"github.com/smokeflow/smokeflow/internal/words"
)

// OverlayRead is what the page's hit tests found of one layer that
// covers controls of the page (docs/targets.md "The snapshot", "Overlays"), as package
// browser read it: the layer's description (tag, id, classes) and box, the
// percentage of the viewport it covers, how many controls' centers it
// takes, whether Escape closes it (a modal dialog), and the boxes of the
// dialog it is or holds and of its close control (nil: none).
type OverlayRead struct {
	Layer   string `json:"layer"`
	Box     Box    `json:"box"`
	Cover   int    `json:"cover"`
	Beneath int    `json:"beneath"`
	Escape  bool   `json:"escape"`
	Dialog  *Box   `json:"dialog"`
	Close   *Box   `json:"close"`
}

// Overlay is a covering layer of the snapshot (docs/targets.md
// "The snapshot", "Overlays"): the read, the snapshot's node that names it (its dialog,
// else the layer itself when it has a role and a name; nil: the layer is
// shown by its description) and of its close
// control (nil: none; Escape or nothing closes it).
type Overlay struct {
	OverlayRead
	Dialog *Node
	Close  *Node
}

// SetOverlays puts the layers read into the snapshot, each matched to
// the nodes that name it and of its close control by their boxes
// (docs/targets.md "The snapshot", "Overlays").
func (s *Snapshot) SetOverlays(reads []OverlayRead) {
	s.Overlays = nil
	for _, r := range reads {
		o := Overlay{OverlayRead: r}
		if r.Dialog != nil {
			o.Dialog = s.atBox(*r.Dialog, roled)
		}
		if o.Dialog == nil {
			o.Dialog = s.atBox(r.Box, func(n *Node) bool { return roled(n) && n.Name != "" })
		}
		if r.Close != nil {
			o.Close = s.atBox(*r.Close, (*Node).Actionable)
		}
		s.Overlays = append(s.Overlays, o)
	}
}

// roled says n has a role of its own: no generic container, nor the
// document (whose box a full-page layer shares).
func roled(n *Node) bool {
	return n.Role != "" && n.Role != "generic" && n.Role != "none" && n.Role != "RootWebArea"
}

// atBox is the first node of s that ok takes whose box is b, within a
// pixel.
func (s *Snapshot) atBox(b Box, ok func(*Node) bool) *Node {
	near := func(a, c float64) bool { return math.Abs(a-c) <= 1 }
	for _, n := range s.All {
		if near(n.Box.X, b.X) && near(n.Box.Y, b.Y) && near(n.Box.W, b.W) && near(n.Box.H, b.H) && ok(n) {
			return n
		}
	}
	return nil
}

// String is the overlay's line of the snapshot (docs/targets.md
// "The snapshot", "Overlays"):
//
//	# overlay: dialog "Cookie consent" covers 22% of the viewport, 3 controls beneath; close: button "Accept all" [ref=e7]
func (o Overlay) String() string {
	var b strings.Builder
	b.WriteString("# overlay: ")
	if o.Dialog != nil {
		b.WriteString(o.Dialog.Role)
		if o.Dialog.Name != "" {
			b.WriteString(" " + quote(o.Dialog.Name))
		}
	} else {
		b.WriteString("layer " + o.Layer)
	}
	share := fmt.Sprintf("%d%%", o.Cover)
	if o.Cover == 0 {
		share = "under 1%" // a small popup over a field or two
	}
	fmt.Fprintf(&b, " covers %s of the viewport, %s beneath; ", share, words.Counted(o.Beneath, "control"))
	switch {
	case o.Close != nil && o.Close.Ref != "":
		b.WriteString("close: " + o.Close.Role)
		if o.Close.Name != "" {
			b.WriteString(" " + quote(o.Close.Name))
		}
		b.WriteString(" [ref=" + o.Close.Ref + "]")
	case o.Escape:
		b.WriteString("close: press Escape")
	default:
		b.WriteString("no close control: wait for it to go")
	}
	return b.String()
}
