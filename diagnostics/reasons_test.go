package diagnostics_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/diagnostics"
)

// The reasons table of docs/results.md lists every reason, in order, and
// nothing else.
func TestReasonsAreDocumented(t *testing.T) {
	b, err := os.ReadFile("../docs/results.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n### Reasons\n")
	if !ok {
		t.Fatal(`docs/results.md has no "### Reasons" section`)
	}
	section, _, _ = strings.Cut(section, "\n#")
	row := regexp.MustCompile("(?m)^\\| `([a-z_]+)` \\|")
	var documented []diagnostics.Reason
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		documented = append(documented, diagnostics.Reason(m[1]))
	}
	if !slices.Equal(documented, diagnostics.Reasons()) {
		t.Fatalf("docs/results.md lists %v;\nthe code has %v", documented, diagnostics.Reasons())
	}
}

func TestKnownReasons(t *testing.T) {
	for _, r := range diagnostics.Reasons() {
		if !r.Known() {
			t.Errorf("%s is not known", r)
		}
	}
	for _, r := range []diagnostics.Reason{"", "unknown", "failure", "Assertion"} {
		if r.Known() {
			t.Errorf("%q is known", r)
		}
	}
}
