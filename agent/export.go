package agent

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
)

// recorded is a step the session ran and passed, as export writes it
// (its ref targets already turned into targets a person writes), with
// the URL of the page before and after it.
type recorded struct {
	step     *flows.Step
	from, to string
}

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

// flowYAML is the flow file of the recorded steps: its name, base_url,
// secrets and steps; dir is the file's folder, which upload paths are
// written relative to. It returns the number of steps.
func (e *Engine) flowYAML(name, dir string) ([]byte, int, error) {
	base := e.exportBase()
	steps, secrets := e.exportSteps(base, dir)
	doc := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v *yaml.Node) { doc.Content = append(doc.Content, str(k), v) }
	add("name", str(name))
	add("description", str(fmt.Sprintf("Recorded by smokeflow from the session %q.", e.opts.Name)))
	if base != "" {
		add("base_url", str(base))
	}
	if len(secrets) > 0 {
		add("secrets", listOf(secrets))
	}
	list := &yaml.Node{Kind: yaml.SequenceNode}
	for _, st := range steps {
		list.Content = append(list.Content, st.Node())
	}
	add("steps", list)
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, 0, err
	}
	if err := enc.Close(); err != nil {
		return nil, 0, err
	}
	return b.Bytes(), len(steps), nil
}

// exportBase is the flow's base_url: Options.BaseURL, else the origin of
// the first page the session opened.
func (e *Engine) exportBase() string {
	if e.opts.BaseURL != "" {
		return e.opts.BaseURL
	}
	for _, r := range e.steps {
		if o, isOpen := r.step.Action.(*flows.Open); isOpen {
			if u, err := url.Parse(o.URL); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
				return u.Scheme + "://" + u.Host
			}
		}
	}
	return ""
}

// exportSteps are the steps as the flow writes them (docs/agents.md
// "Export"): open URLs relative to base, upload files relative to dir,
// secrets' values as ${secrets.NAME}, and an expect of the URL after an
// action that took the page elsewhere. It returns the names of the
// secrets the steps use.
func (e *Engine) exportSteps(base, dir string) ([]*flows.Step, []string) {
	var out []*flows.Step
	used := map[string]bool{}
	secret := func(s string) string { return e.secretRefs(s, used) }
	for i, r := range e.steps {
		out = append(out, r.step.Exported(&flows.Export{Base: base, Dir: dir, Secret: secret}))
		if i+1 < len(e.steps) && needsExpect(r, e.steps[i+1]) {
			out = append(out, urlExpect(r.to))
		}
	}
	var names []string
	for n := range used {
		names = append(names, n)
	}
	slices.Sort(names)
	return out, names
}

// secretRefs writes the secrets' values in s as ${secrets.NAME}, and
// notes the names used; `${` already in s is written as typed.
func (e *Engine) secretRefs(s string, used map[string]bool) string {
	// the longest value first, so that a value holding another is whole
	names := slices.Clone(e.secrets)
	slices.SortStableFunc(names, func(a, b string) int { return len(e.opts.Secrets[b]) - len(e.opts.Secrets[a]) })
	for _, n := range names {
		v := e.opts.Secrets[n]
		if v != "" && strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, "${secrets."+n+"}")
			used[n] = true
		}
	}
	return s
}

// needsExpect: an action that took the page to another path, followed by
// a step that does not itself wait for a page (an expect, a wait, an
// open), gets an expect of the new URL, so that a replay does not act on
// the page it is leaving (docs/agents.md "Export").
func needsExpect(r, next recorded) bool {
	if r.step.WaitsForPage() || next.step.WaitsForPage() {
		return false
	}
	p := stablePath(r.to)
	return p != "" && p != stablePath(r.from)
}

// stablePath is the part of a URL's path a replay will see again: its
// segments up to the first one that holds a digit (an order number, an
// id), without the query; "" when that leaves nothing but "/".
func stablePath(u string) string {
	pu, err := url.Parse(u)
	if err != nil {
		return ""
	}
	var keep []string
	for _, seg := range strings.Split(strings.Trim(pu.Path, "/"), "/") {
		if seg == "" || strings.ContainsAny(seg, "0123456789") {
			break
		}
		keep = append(keep, seg)
	}
	if len(keep) == 0 {
		return ""
	}
	return "/" + strings.Join(keep, "/")
}

// urlExpect is `expect: {url: {contains: PATH}}` of a URL's stable path.
func urlExpect(u string) *flows.Step {
	p := stablePath(u)
	return &flows.Step{Action: &flows.Expect{Kind: flows.ExpectURL, Match: &flows.Match{Contains: &p}}}
}
