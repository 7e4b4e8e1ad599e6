package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// fill on a slider sets its value as a keyboard user does
// (docs/targets.md "Sliders"): focus, then Home or End for its ends, else
// the arrow keys, one step at a time, until the value is reached; a
// value it cannot take (outside its range, between its steps) fails at
// once, naming them. A slider its keys do not move is dragged along its
// track to the value (slidePointer).

// fillable is fill's role check: a field that takes text, or a slider.
func fillable(n *locate.Node) error {
	if n.Role == "slider" || n.Segments() != nil {
		return nil
	}
	return takesText(n)
}

// isSlider is fill's keyed check: a slider is set with keys, which reach
// it focused, so a container that draws over it (the thumb and track a
// kit draws over the native range input it hides: React Aria, MUI) is no
// cover (docs/targets.md "Sliders").
func isSlider(n *locate.Node) bool { return n.Role == "slider" }

// sliderState is slider.js's answer.
type sliderState struct {
	Now    float64 `json:"now"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
	Step   float64 `json:"step"` // 0: not known (an ARIA slider) or any
	Native bool    `json:"native"`
}

// sliderKeysMax bounds the keys one fill presses.
const sliderKeysMax = 2000

// span says what values the slider takes, for a message.
func (s sliderState) span() string {
	t := fmt.Sprintf("from %s to %s", num(s.Min), num(s.Max))
	if s.Step > 0 {
		t += " in steps of " + num(s.Step)
	}
	return t
}

func num(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// slide sets the slider n to value with keys, or, when they do not
// move it, with the pointer (slidePointer); at is n's centre in the
// top-level viewport.
func (p *Page) slide(ctx context.Context, n *locate.Node, value string, at [2]float64) error {
	st, err := p.sliderState(ctx, n, false)
	if err != nil {
		return err
	}
	want, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil || math.IsNaN(want) || math.IsInf(want, 0) {
		return sliderErr(n, value, st, "give a number")
	}
	if want < st.Min || want > st.Max {
		return sliderErr(n, value, st, "give a value in its range")
	}
	if st.Step > 0 && !onStep(want-st.Min, st.Step) {
		return sliderErr(n, value, st, "give a value on one of its steps")
	}
	if err := p.focusForKeys(ctx, n); err != nil {
		return err
	}
	up, down := "ArrowRight", "ArrowLeft"
	for i := 0; st.Now != want; i++ {
		if i >= sliderKeysMax {
			return keysErr(n, value, st, fmt.Sprintf("it was still at %s after %d keys", num(st.Now), i))
		}
		key := up
		switch {
		case want == st.Max:
			key = "End"
		case want == st.Min:
			key = "Home"
		case st.Now > want:
			key = down
		}
		next, err := p.pressSlider(ctx, n, key, st)
		if err != nil {
			return err
		}
		switch {
		case next.Now == st.Now && key == up && up == "ArrowRight":
			// a slider that takes only up and down
			up, down = "ArrowUp", "ArrowDown"
		case next.Now == st.Now:
			return p.slidePointer(ctx, n, at, value, want, st, fmt.Sprintf("%s left it at %s", key, num(st.Now)))
		case (key == up && next.Now < st.Now) || (key == down && next.Now > st.Now):
			// right to left: the arrows go the other way
			up, down = down, up
		case (st.Now < want && next.Now > want) || (st.Now > want && next.Now < want):
			return sliderErr(n, value, next, fmt.Sprintf("its steps go from %s to %s", num(st.Now), num(next.Now)))
		}
		st = next
	}
	return nil
}

// pressSlider presses key on the focused slider and reads it again: at
// once, or after a rendered frame when the value has not moved yet.
func (p *Page) pressSlider(ctx context.Context, n *locate.Node, key string, before sliderState) (sliderState, error) {
	keys, err := flows.ParseKeys(key)
	if err != nil {
		return before, err
	}
	if err := p.pressKeys(ctx, keys); err != nil {
		return before, err
	}
	st, err := p.sliderState(ctx, n, false)
	if err == nil && st.Now == before.Now {
		st, err = p.sliderState(ctx, n, true)
	}
	return st, err
}

func (p *Page) sliderState(ctx context.Context, n *locate.Node, wait bool) (sliderState, error) {
	var st sliderState
	raw, err := p.callOn(ctx, n, sliderJS(), wait)
	if err != nil {
		return st, err
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		return st, fmt.Errorf("reading slider %q: %w", n.Name, err)
	}
	return st, nil
}

// onStep says d is a whole number of steps, give or take a rounding.
func onStep(d, step float64) bool {
	k := d / step
	return math.Abs(k-math.Round(k)) < 1e-7
}

// SliderValueError is a value a slider does not take, or that its keys
// do not reach (docs/targets.md "Sliders"): final, waiting cannot
// change its range. Span says the values it takes ("from 0 to 100 in
// steps of 5"), Why what is wrong or what the keys did.
type SliderValueError struct {
	Node  *locate.Node
	Value string
	Now   string
	Span  string
	Why   string
	// Keys: the value was one the slider takes, and its keys did not
	// move it there
	Keys bool
	// Dragged: nor did drags along its track (slidePointer)
	Dragged bool
}

// Hint is what to do: give a value it takes, or, where its keys did not
// move it, drag it; where drags did not either, make it movable
// (docs/targets.md "Sliders").
func (e *SliderValueError) Hint() string {
	switch {
	case e.Dragged:
		return "the slider answers neither its keys nor a drag of its handle along its track: do first what lets it move (it may be read-only without saying so), or drag it yourself, `drag: {from: " + strconv.Quote(e.Node.Name) + ", to: {target: TRACK, x: N, y: N}}`"
	case e.Keys:
		return fmt.Sprintf("the slider does not answer its keys: drag its handle along its track instead, `drag: {from: %q, to: {target: TRACK, x: N, y: N}}`", e.Node.Name)
	}
	return "give a value " + e.Span
}

func (e *SliderValueError) Error() string {
	return fmt.Sprintf("slider %q cannot be set to %s: it goes %s (now %s); %s", e.Node.Name, e.Value, e.Span, e.Now, e.Why)
}
func (e *SliderValueError) Reason() diagnostics.Reason { return diagnostics.ReasonNotEditable }

func sliderErr(n *locate.Node, value string, st sliderState, why string) *SliderValueError {
	return &SliderValueError{Node: n, Value: value, Now: num(st.Now), Span: st.span(), Why: why}
}

// keysErr is sliderErr for a value the slider takes that its keys did
// not move it to.
func keysErr(n *locate.Node, value string, st sliderState, why string) *SliderValueError {
	e := sliderErr(n, value, st, why)
	e.Keys = true
	return e
}

// sliderDrags bounds the drags of slidePointer: the first to where the
// value lies on the track, the others to make up what it missed.
const sliderDrags = 4

// sliderTrack is slider-track.js's answer: boxes in the slider's frame's
// viewport.
type sliderTrack struct {
	Handle   trackBox `json:"handle"`
	Track    trackBox `json:"track"`
	Self     bool     `json:"self"` // the slider is its own track
	Vertical bool     `json:"vertical"`
	RTL      bool     `json:"rtl"`
}

type trackBox struct{ X, Y, W, H float64 }

func (b trackBox) centre() [2]float64 { return [2]float64{b.X + b.W/2, b.Y + b.H/2} }

// along is the coordinate of pt on the track's axis, grown towards the
// maximum (to the left when right to left, up when vertical).
func (t sliderTrack) along(pt [2]float64) float64 {
	switch {
	case t.Vertical:
		return -pt[1]
	case t.RTL:
		return -pt[0]
	}
	return pt[0]
}

// at is the point of coordinate c on the axis, across at the track's
// middle.
func (t sliderTrack) at(c float64) [2]float64 {
	m := t.Track.centre()
	switch {
	case t.Vertical:
		return [2]float64{m[0], -c}
	case t.RTL:
		return [2]float64{-c, m[1]}
	}
	return [2]float64{c, m[1]}
}

// guess is the coordinate of value v: where it lies on the track from
// its start (the minimum) to its end (the maximum).
func (t sliderTrack) guess(st sliderState, v float64) float64 {
	f := (v - st.Min) / (st.Max - st.Min)
	a, b := t.along([2]float64{t.Track.X, t.Track.Y + t.Track.H}), t.along([2]float64{t.Track.X + t.Track.W, t.Track.Y})
	return math.Min(a, b) + math.Abs(b-a)*f
}

// slidePointer sets a slider its keys left where it was (Vant's listens
// for the pointer alone) as a person does with the mouse: it presses on
// the handle (on the slider's point of its value, when the slider is its
// own track), moves along the track to where want lies and lets go,
// which a slider that follows a drag and one set by a click on its track
// (the click lands on what holds both points) both take. While the value
// is off it drags again, aiming by the line through the last two places
// it let go (the first: the handle, at the value it showed) and the
// values they gave, up to sliderDrags in all: a track found too short or
// too long (the filled part of Vant's) is made up for. keys says what
// the keys did, for the failure (docs/targets.md "Sliders").
func (p *Page) slidePointer(ctx context.Context, n *locate.Node, at [2]float64, value string, want float64, st sliderState, keys string) error {
	if st.Native || st.Max <= st.Min {
		return keysErr(n, value, st, keys)
	}
	tr, err := p.sliderTrack(ctx, n)
	if err != nil || tr == nil {
		return keysErr(n, value, st, keys+"; no track to drag it along")
	}
	hc := tr.Handle.centre()
	off := [2]float64{at[0] - hc[0], at[1] - hc[1]} // the frame's place in the top-level viewport
	c0, v0 := tr.along(hc), st.Now
	if tr.Self {
		c0 = tr.guess(st, st.Now)
	}
	c := tr.guess(st, want)
	for i := 0; i < sliderDrags; i++ {
		from, to := tr.at(c0), tr.at(c)
		if !tr.Self {
			// on the handle, where it is now
			from = hc
			if i > 0 {
				if now, err := p.sliderTrack(ctx, n); err == nil && now != nil {
					from = now.Handle.centre()
				}
			}
		}
		if err := p.dragPoints(ctx, [2]float64{from[0] + off[0], from[1] + off[1]}, [2]float64{to[0] + off[0], to[1] + off[1]}); err != nil {
			return err
		}
		next, err := p.sliderState(ctx, n, true)
		if err != nil {
			return err
		}
		switch {
		case next.Now == want:
			return nil
		case next.Now == v0 && i == 0:
			return dragErr(n, value, st, keys+", and a drag along its track left it there too")
		case next.Now != v0:
			c, c0, v0 = c+(want-next.Now)*(c-c0)/(next.Now-v0), c, next.Now
		}
		st = next
	}
	return dragErr(n, value, st, fmt.Sprintf("%s; %d drags along its track left it at %s", keys, sliderDrags, num(st.Now)))
}

func (p *Page) sliderTrack(ctx context.Context, n *locate.Node) (*sliderTrack, error) {
	raw, err := p.callOn(ctx, n, sliderTrackJS())
	if err != nil {
		return nil, err
	}
	var tr *sliderTrack
	if err := json.Unmarshal(raw, &tr); err != nil {
		return nil, fmt.Errorf("reading the track of slider %q: %w", n.Name, err)
	}
	return tr, nil
}

// dragErr is keysErr for a slider that drags along its track did not
// move to the value either.
func dragErr(n *locate.Node, value string, st sliderState, why string) *SliderValueError {
	e := keysErr(n, value, st, why)
	e.Dragged = true
	return e
}
