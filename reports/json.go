package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/smokeflow/smokeflow/results"
)

// WriteJSON writes the whole results model, indented, in the shape
// docs/results.md documents. The shape is stable: schema_version is always
// set (to results.SchemaVersion when the run left it zero), and lists that
// the model always has (flows, an attempt's steps) are written as [] rather
// than null when empty. Text is written as the runner recorded it; HTML
// characters are not escaped.
func WriteJSON(w io.Writer, run *results.Run) error {
	if run == nil {
		return errors.New("reports: no run to write")
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(normalized(run)); err != nil {
		return fmt.Errorf("reports: write json: %w", err)
	}
	return nil
}

// normalized is a shallow copy of run with the stable-shape defaults
// filled in. run itself is not changed.
func normalized(run *results.Run) *results.Run {
	r := *run
	if r.SchemaVersion == 0 {
		r.SchemaVersion = results.SchemaVersion
	}
	r.Flows = make([]*results.Flow, 0, len(run.Flows))
	for _, f := range run.Flows {
		if f == nil {
			continue
		}
		fc := *f
		fc.Attempts = nil
		for _, a := range f.Attempts {
			if a == nil {
				continue
			}
			ac := *a
			if ac.Steps == nil {
				ac.Steps = []*results.Step{}
			}
			fc.Attempts = append(fc.Attempts, &ac)
		}
		r.Flows = append(r.Flows, &fc)
	}
	return &r
}
