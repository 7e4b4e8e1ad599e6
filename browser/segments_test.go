package browser

import (
	"reflect"
	"testing"
)

// TestSegmentParts checks how fill splits a value for a field of segments
// (docs/targets.md "Fields of segments"), and how it reads what the
// segments show back.
func TestSegmentParts(t *testing.T) {
	for _, c := range []struct {
		value string
		want  []string
	}{
		{"06/27/2025", []string{"06", "27", "2025"}},
		{"2:05 PM", []string{"2", "05", "PM"}},
		{"27.06.2025", []string{"27", "06", "2025"}},
		{"07042026", []string{"07042026"}},
		{"Jun 20, 2025", []string{"Jun", "20", "2025"}},
	} {
		if got := segmentParts(c.value); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: parts %q, want %q", c.value, got, c.want)
		}
	}
	for _, c := range []struct {
		parts, shown []string
		want         bool
	}{
		{[]string{"1", "5", "2026"}, []string{"01", "05", "2026"}, true},
		{[]string{"2", "05", "pm"}, []string{"02", "05", "PM"}, true},
		{[]string{"June", "20"}, []string{"Jun", "20"}, true},
		{[]string{"1", "5", "2026"}, []string{"05", "20", "0026"}, false},
		{[]string{"07042026"}, []string{"7", "4", "2026"}, true},
		{[]string{"07042026"}, []string{"07", "04", "2026"}, true},
		{[]string{"07042026"}, []string{"7", "4", "2025"}, false},
		{[]string{"2026"}, []string{"20", "26", "mm"}, false},
		{[]string{"0105"}, []string{"", "05"}, false},
	} {
		if got := segmentsShow(c.parts, c.shown); got != c.want {
			t.Errorf("%q shown as %q: %v, want %v", c.parts, c.shown, got, c.want)
		}
	}
}
