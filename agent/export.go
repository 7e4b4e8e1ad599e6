package agent

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// export writes the session's recorded steps as a flow that `smokeflow
// run` replays (docs/agents.md "Export"), checked with the flows loader
// before it is written.
func (e *Engine) export(_ context.Context, c Command, _ time.Duration) *Output {
	if len(c.Args) != 1 {
		return usage(c.Verb, "export takes the flow file to write: export flows/checkout.yaml")
	}
	file, err := path(c, c.Args[0])
	if err != nil {
		return usage(c.Verb, "%v", err)
	}
	if len(e.steps) == 0 {
		return usage(c.Verb, "the session has no step to export yet: open a page and act on it first")
	}
	src, n, err := e.flowYAML(strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)), filepath.Dir(file))
	if err != nil {
		return &Output{Code: ExitFailed, Error: "export: " + err.Error(), Reason: diagnostics.ReasonInternal}
	}
	if _, err := flows.Parse(file, src, flows.LoadOptions{LookupEnv: e.lookup}); err != nil {
		return &Output{Code: ExitFailed, Error: "export: the flow does not validate: " + err.Error(), Reason: diagnostics.ReasonInternal}
	}
	// its folder is made, as an editor's "save as" would (docs/agents.md "Export")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return &Output{Code: ExitFailed, Error: "export: " + err.Error(), Reason: diagnostics.ReasonFile}
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		return &Output{Code: ExitFailed, Error: "export: " + err.Error(), Reason: diagnostics.ReasonFile}
	}
	o := ok()
	o.File, o.Steps = file, n
	o.text = fmt.Sprintf("exported %d steps to %s", n, file)
	return o
}

// flowYAML is the flow file of the recorded steps (flows.RecordedFlow,
// the one writer of recorded flows); dir is the file's folder, which
// upload paths are written relative to. It returns the number of steps.
func (e *Engine) flowYAML(name, dir string) ([]byte, int, error) {
	secrets := map[string]string{}
	for _, n := range e.secrets {
		secrets[n] = e.opts.Secrets[n]
	}
	rf := &flows.RecordedFlow{Name: name, Dir: dir, Base: e.opts.BaseURL, Steps: e.steps, Secrets: secrets,
		Description: fmt.Sprintf("Recorded by smokeflow from the session %q.", e.opts.Name)}
	return rf.YAML()
}
