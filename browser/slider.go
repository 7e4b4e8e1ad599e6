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
// once, naming them.

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

// slide sets the slider n to value with keys.
func (p *Page) slide(ctx context.Context, n *locate.Node, value string) error {
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
			return keysErr(n, value, st, fmt.Sprintf("%s left it at %s", key, num(st.Now)))
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
	// move it there (Vant's Slider listens for the pointer only)
	Keys bool
}

// Hint is what to do: give a value it takes, or, where its keys did not
// move it, drag it (docs/targets.md "Sliders").
func (e *SliderValueError) Hint() string {
	if e.Keys {
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
