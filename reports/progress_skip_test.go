package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

func TestProgressSkippedFlow(t *testing.T) {
	var out bytes.Buffer
	p := NewProgress(&out, Normal, false, false)
	f := &flows.Flow{Name: "Search", Skip: "service down"}
	res := &results.Flow{Name: "Search", Status: results.Skipped, SkipReason: f.Skip}
	p.Event(results.Event{Kind: results.FlowFinished, Flow: f.Name, Result: res})
	p.Summary(&results.Run{Flows: []*results.Flow{res}, Duration: time.Second, ArtifactsDir: "smokeflow-results"}, nil)
	s := out.String()
	for _, want := range []string{"- Search (skipped: service down)\n", "0 passed, 1 skipped in 1.0s\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("%q not in output:\n%s", want, s)
		}
	}
	if strings.Contains(s, "artifacts:") {
		t.Errorf("names an artifacts folder although nothing ran:\n%s", s)
	}
}
