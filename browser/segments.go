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
// ref is a segment's); a value of one part is typed into seg alone.
func (p *Page) fillSegment(ctx context.Context, f, seg *locate.Node, value string) error {
	segs, parts := f.Segments(), segmentParts(value)
	if len(parts) > 1 {
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

// segmentTexts is what each segment shows now.
func (p *Page) segmentTexts(ctx context.Context, segs []*locate.Node) ([]string, error) {
	out := make([]string, len(segs))
	for i, seg := range segs {
		s, err := p.Attr(ctx, seg, "textContent")
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
}

func (e *SegmentsValueError) Error() string {
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
	return fmt.Sprintf("give one part for each segment, in their order (%s), as the field shows them", strings.Join(e.Segments, ", "))
}

// segmentsErr is the SegmentsValueError of n's segments.
func segmentsErr(n *locate.Node, segs []*locate.Node, value, shown string) error {
	names := make([]string, len(segs))
	for i, s := range segs {
		names[i] = strconv.Quote(s.Name)
	}
	return &SegmentsValueError{Node: n, Value: value, Segments: names, Shown: shown}
}
