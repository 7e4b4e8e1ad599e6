package flows

import (
	"bytes"
	"net/url"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// Recorded is a step that was done and passed, as a recorded flow writes
// it (its targets already those a person writes), with the URL of the
// page before and after it: the agent session's steps for `export`, and
// the steps `smokeflow record` saw a person do (docs/agents.md "Export",
// docs/session.md "Recording a flow").
type Recorded struct {
	Step     *Step
	From, To string
}

// RecordedFlow is a flow file to write from recorded steps.
type RecordedFlow struct {
	Name, Description string
	// Base is the flow's base_url: open URLs under it are written as
	// paths. "": the origin of the first page a step opened.
	Base string
	// Dir is the file's folder: upload paths are written relative to it.
	Dir   string
	Steps []Recorded
	// Secrets are the values written as ${secrets.NAME}, by name. A name
	// with no value is listed when a step names it itself.
	Secrets map[string]string
}

// YAML is the flow file: its name, description, base_url, secrets and
// steps, and the number of steps it holds (docs/agents.md "Export").
func (r *RecordedFlow) YAML() ([]byte, int, error) {
	base := r.base()
	steps, secrets := r.exportSteps(base)
	doc := &yaml.Node{Kind: yaml.MappingNode}
	add := func(k string, v *yaml.Node) { doc.Content = append(doc.Content, yamlStr(k), v) }
	add("name", yamlStr(r.Name))
	if r.Description != "" {
		add("description", yamlStr(r.Description))
	}
	if base != "" {
		add("base_url", yamlStr(base))
	}
	if len(secrets) > 0 {
		l := &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle}
		for _, s := range secrets {
			l.Content = append(l.Content, yamlStr(s))
		}
		add("secrets", l)
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

func yamlStr(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// base is Base, else the origin of the first page a step opened.
func (r *RecordedFlow) base() string {
	if r.Base != "" {
		return r.Base
	}
	for _, rec := range r.Steps {
		if o, isOpen := rec.Step.Action.(*Open); isOpen {
			if pu, err := url.Parse(o.URL); err == nil && (pu.Scheme == "http" || pu.Scheme == "https") {
				return pu.Scheme + "://" + pu.Host
			}
		}
	}
	return ""
}

// exportSteps are the steps as the flow writes them (docs/agents.md
// "Export"): open URLs relative to base, upload files relative to Dir,
// secrets' values as ${secrets.NAME}, and an expect of the URL after an
// action that took the page elsewhere. It returns the names of the
// secrets the steps use.
func (r *RecordedFlow) exportSteps(base string) ([]*Step, []string) {
	var out []*Step
	used := map[string]bool{}
	x := &Export{Base: base, Dir: r.Dir, Secret: func(s string) string { return r.secretRefs(s, used) }}
	for i, rec := range r.Steps {
		out = append(out, rec.Step.Exported(x))
		if i+1 < len(r.Steps) && NeedsURLExpect(rec, r.Steps[i+1]) {
			out = append(out, URLExpect(rec.To))
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
func (r *RecordedFlow) secretRefs(s string, used map[string]bool) string {
	var names []string
	for n := range r.Secrets {
		names = append(names, n)
	}
	// the longest value first, so that a value holding another is whole
	slices.Sort(names)
	slices.SortStableFunc(names, func(a, b string) int { return len(r.Secrets[b]) - len(r.Secrets[a]) })
	for _, n := range names {
		if strings.Contains(s, "${secrets."+n+"}") {
			used[n] = true
		}
		v := r.Secrets[n]
		if v != "" && strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, "${secrets."+n+"}")
			used[n] = true
		}
	}
	return s
}

// NeedsURLExpect: an action that took the page to another path, followed
// by a step that does not itself wait for a page (an expect, a wait, an
// open), gets an expect of the new URL, so that a replay does not act on
// the page it is leaving (docs/agents.md "Export").
func NeedsURLExpect(r, next Recorded) bool {
	if r.Step.WaitsForPage() || next.Step.WaitsForPage() {
		return false
	}
	p := stablePath(r.To)
	return p != "" && p != stablePath(r.From)
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

// URLExpect is `expect: {url: {contains: PATH}}` of a URL's stable path.
func URLExpect(u string) *Step {
	p := stablePath(u)
	return &Step{Action: &Expect{Kind: ExpectURL, Match: &Match{Contains: &p}}}
}

// Exported is step i as the flow writes it (secrets as references, open
// URLs relative to the base), for showing it as it is recorded.
func (r *RecordedFlow) Exported(i int) *Step {
	used := map[string]bool{}
	return r.Steps[i].Step.Exported(&Export{Base: r.base(), Dir: r.Dir, Secret: func(s string) string { return r.secretRefs(s, used) }})
}
