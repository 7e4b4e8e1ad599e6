package browser

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/locate"
)

// `fill` on a field of segments (locate.Node.Segments, docs/targets.md
// "Fields of segments"): a person clicks a part and types it; the field
// moves to the next part once one is full, and ignores a separator typed.
// So `fill` types each part of the value into its own segment, or a value
// of one run of letters and digits into the first.

// segmentParts splits a value into its parts: the runs of letters and
// digits between separators ("06/27/2025", "2:05 PM").
func segmentParts(value string) []string {
	return strings.FieldsFunc(value, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// fillSegments types value into the segments of the field n: a part into
// each segment when the value has as many parts as n has segments, all
// of it into the first when it is one run of letters and digits (the
// field moves on as each segment fills); then reads the segments back.
func (p *Page) fillSegments(ctx context.Context, n *locate.Node, segs []*locate.Node, value string) error {
	if segs[0].IsBox() {
		return p.fillBoxes(ctx, n, segs, value)
	}
	parts := segmentParts(value)
	switch {
	case len(parts) == len(segs):
		for i, seg := range segs {
			if err := p.typeInto(ctx, seg, parts[i], 0); err != nil {
				return err
			}
		}
	case len(parts) == 1:
		if err := p.typeInto(ctx, segs[0], parts[0], 0); err != nil {
			return err
		}
	default:
		return segmentsErr(n, segs, value, "")
	}
	shown, err := p.segmentTexts(ctx, segs)
	if err != nil {
		return err
	}
	if !segmentsShow(parts, shown) {
		return segmentsErr(n, segs, value, strings.Join(shown, " "))
	}
	return nil
}

// fillSegment fills seg, a segment of the field f: a value of several
// parts fills the whole field, as the field's own fill does (an agent's
// ref is a segment's); a value of one part is typed into seg alone. A
// box of a code is given a whole code only (segmentOf), which fills the
// field.
func (p *Page) fillSegment(ctx context.Context, f, seg *locate.Node, value string) error {
	segs, parts := f.Segments(), segmentParts(value)
	if len(parts) > 1 || seg.IsBox() {
		return p.fillSegments(ctx, f, segs, value)
	}
	if err := p.typeInto(ctx, seg, value, 0); err != nil {
		return err
	}
	shown, err := p.segmentTexts(ctx, []*locate.Node{seg})
	if err != nil {
		return err
	}
	if !segmentsShow(parts, shown) {
		return segmentsErr(f, segs, value, shown[0])
	}
	return nil
}

// segmentOf is the field of segments whose segment n is, as fill takes
// value: a box only with a whole code, which fills the field; a box given
// anything else is a field of its own (a row of narrow inputs that is no
// code: a week's hours, "7.5" into Monday's).
func segmentOf(n *locate.Node, value string) *locate.Node {
	f := n.FieldOf()
	if f == nil || n.IsBox() && len(codeChars(value)) != len(f.Segments()) {
		return nil
	}
	return f
}

// codeChars is what a code's boxes take of value: its letters and digits,
// one a box ("123 456", "123-456").
func codeChars(value string) []rune { return []rune(strings.Join(segmentParts(value), "")) }

// fillBoxes types value into the boxes of the code field n, a character
// a box: each box focused with what it holds selected, as a person
// clicks a box and types over it (the field may move the focus on
// itself, or not); then reads the boxes back (docs/targets.md "Fields of
// segments", Codes).
func (p *Page) fillBoxes(ctx context.Context, n *locate.Node, boxes []*locate.Node, value string) error {
	chars := codeChars(value)
	if len(chars) != len(boxes) {
		return segmentsErr(n, boxes, value, "")
	}
	for i, box := range boxes {
		if _, err := p.fillFocus(ctx, box, string(chars[i])); err != nil {
			return err
		}
		if err := p.typeRune(ctx, chars[i]); err != nil {
			return err
		}
	}
	shown, err := p.segmentTexts(ctx, boxes)
	if err != nil {
		return err
	}
	if !strings.EqualFold(strings.Join(shown, ""), string(chars)) {
		return segmentsErr(n, boxes, value, strings.Join(shown, " "))
	}
	return nil
}

// segmentTexts is what each segment shows now: a box's value.
func (p *Page) segmentTexts(ctx context.Context, segs []*locate.Node) ([]string, error) {
	out := make([]string, len(segs))
	for i, seg := range segs {
		var s string
		var err error
		if seg.IsBox() {
			s, err = p.Value(ctx, seg)
		} else {
			s, err = p.Attr(ctx, seg, "textContent")
		}
		if err != nil {
			return nil, err
		}
		out[i] = strings.TrimSpace(s)
	}
	return out, nil
}

// segmentsShow says the segments show the parts typed: part by part when
// there are as many, else the one run typed, read across them in turn.
// Numbers compare as numbers (a month shown 06 for 6, or 7 for 07), words
// by their start, case aside (PM for pm, Jun for June).
func segmentsShow(parts, shown []string) bool {
	if len(parts) == len(shown) {
		for i := range parts {
			if !samePart(parts[i], shown[i]) {
				return false
			}
		}
		return true
	}
	run := strings.ToLower(strings.Join(parts, ""))
	for _, s := range shown {
		n, ok := leadsWith(run, strings.ToLower(s))
		if !ok {
			return false
		}
		run = run[n:]
	}
	return run == ""
}

// samePart compares a part typed with what its segment shows.
func samePart(typed, shown string) bool {
	a, errA := strconv.Atoi(typed)
	b, errB := strconv.Atoi(shown)
	if errA == nil && errB == nil {
		return a == b
	}
	t, s := strings.ToLower(typed), strings.ToLower(shown)
	return t != "" && s != "" && (strings.HasPrefix(t, s) || strings.HasPrefix(s, t))
}

// leadsWith says run starts with what a segment shows, and how much of
// it that is: the number with or without its leading zeros (a month typed
// 07, shown 7), or the text.
func leadsWith(run, shown string) (int, bool) {
	if shown == "" {
		return 0, false
	}
	bare := strings.TrimLeft(shown, "0")
	if bare == "" {
		bare = "0"
	}
	if _, err := strconv.Atoi(shown); err == nil {
		for zeros := 0; zeros <= len(run)-len(bare); zeros++ {
			if strings.HasPrefix(run[zeros:], bare) && strings.Trim(run[:zeros], "0") == "" {
				return zeros + len(bare), true
			}
		}
		return 0, false
	}
	return len(shown), strings.HasPrefix(run, shown)
}

// SegmentsValueError is a value a field of segments did not take: its
// parts do not match the segments, or they showed something else once
// typed (docs/targets.md "Fields of segments"). It is final: typing it
// again would do the same.
type SegmentsValueError struct {
	Node     *locate.Node
	Value    string
	Segments []string // the segments' names, in order
	Shown    string   // what they showed after typing, "" when nothing was typed
	Boxes    bool     // the segments are a code's boxes, a character each
}

func (e *SegmentsValueError) Error() string {
	if e.Boxes {
		what := fmt.Sprintf("%q has %d", e.Value, len(codeChars(e.Value)))
		if e.Shown != "" {
			what = fmt.Sprintf("after typing %q they hold %s", e.Value, e.Shown)
		}
		return fmt.Sprintf("%s %q is a code of %d boxes, a letter or digit each: %s", e.Node.Role, e.Node.Name, len(e.Segments), what)
	}
	what := fmt.Sprintf("%q has %d parts", e.Value, len(segmentParts(e.Value)))
	if e.Shown != "" {
		what = fmt.Sprintf("after typing %q it shows %s", e.Value, e.Shown)
	}
	return fmt.Sprintf("%s %q is a field of %d segments (%s): %s", e.Node.Role, e.Node.Name, len(e.Segments),
		strings.Join(e.Segments, ", "), what)
}
func (e *SegmentsValueError) Reason() diagnostics.Reason { return diagnostics.ReasonNotEditable }

// Hint says how to give the value.
func (e *SegmentsValueError) Hint() string {
	if e.Boxes {
		return fmt.Sprintf("give the whole code, %d letters or digits, one for each box", len(e.Segments))
	}
	return fmt.Sprintf("give one part for each segment, in their order (%s), as the field shows them", strings.Join(e.Segments, ", "))
}

// segmentsErr is the SegmentsValueError of n's segments.
func segmentsErr(n *locate.Node, segs []*locate.Node, value, shown string) error {
	names := make([]string, len(segs))
	for i, s := range segs {
		names[i] = strconv.Quote(s.Name)
	}
	return &SegmentsValueError{Node: n, Value: value, Segments: names, Shown: shown, Boxes: segs[0].IsBox()}
}
