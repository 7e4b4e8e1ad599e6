package flows

import (
	"errors"
	"path/filepath"

	"gopkg.in/yaml.v3"
)

// The keys of a flow that guard it and give it a saved state:
// allowed_domains, state and setup_flows (docs/flows.md "Flow fields",
// docs/security.md).

// SetupFlow is an entry of `setup_flows:`: a flow run once per run, whose
// state (cookies, localStorage) the flows that name it start from
// (docs/security.md "Log in once").
type SetupFlow struct {
	// Path is the file as the flow names it, joined to the flow's folder.
	Path string
	// Key names the file whoever names it: its absolute path. A run runs
	// each Key once.
	Key  string
	Pos  Pos
	Flow *Flow // nil when it did not load
}

// guardKeys reads allowed_domains, state and setup_flows.
func (p *parser) guardKeys(o *obj) {
	f := p.flow
	if n := o.val("allowed_domains"); n != nil {
		entries, nodes := p.strList(n, "allowed_domains", false)
		var ok []string
		for i, e := range entries {
			var de *DomainError
			if _, err := ParseDomains([]string{e}); errors.As(err, &de) {
				p.errorf(nodes[i], "allowed_domains: %q %s", de.Entry, de.Why)
				continue
			}
			ok = append(ok, e)
		}
		if r := p.resolve(n); len(entries) == 0 && r != nil && r.Kind == yaml.SequenceNode {
			p.errorf(n, "allowed_domains must not be empty: list the hosts the flow may load from")
		}
		// the entries were checked one by one: this cannot fail
		f.AllowedDomains, _ = ParseDomains(ok)
	}
	if n := o.val("state"); n != nil {
		if s := p.nonEmpty(n, "state"); s != "" {
			f.State = p.join(s)
			f.StatePos = p.pos(p.resolve(n))
		}
	}
	if n := o.val("setup_flows"); n != nil {
		paths, nodes := p.strList(n, "setup_flows", false)
		for i, path := range paths {
			p.loadSetup(path, nodes[i])
		}
	}
}

// join is a path written in the flow, relative to its folder.
func (p *parser) join(path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(p.dir, path)
}

// loadSetup loads a flow of setup_flows, as a `run:` sub-flow is loaded
// (cycles and depth are checked the same way). A setup flow has no
// setup_flows of its own.
func (p *parser) loadSetup(path string, at *yaml.Node) {
	ld := p.ld
	display := p.join(path)
	sf := &SetupFlow{Path: display, Key: absPath(display), Pos: p.pos(at)}
	for _, other := range p.flow.SetupFlows {
		if other.Key == sf.Key {
			p.errorf(at, "setup_flows: %s is listed twice", path)
			return
		}
	}
	if len(ld.stack) > 1 {
		p.errorf(at, "setup_flows: a setup flow or sub-flow cannot have setup flows of its own; list %s in the flow that runs it", path)
		return
	}
	if sf.Key == ld.stack[0].abs {
		p.errorf(at, "setup_flows: a flow cannot be its own setup flow")
		return
	}
	src, err := ld.read(display)
	if err != nil {
		p.errorf(at, "setup_flows: cannot read %s: %s", display, unwrapPathError(err))
		return
	}
	ld.stack = append(ld.stack, frame{display: display, abs: sf.Key})
	sf.Flow = ld.parse(display, src, subCtx{})
	ld.stack = ld.stack[:len(ld.stack)-1]
	p.flow.SetupFlows = append(p.flow.SetupFlows, sf)
}

// LoadSetupFlow loads a setup flow that a run gives every flow (not one a
// flow names), as Load loads a flow.
func LoadSetupFlow(path string, opts LoadOptions) (*SetupFlow, error) {
	f, err := Load(path, opts)
	if err != nil {
		return nil, err
	}
	if len(f.SetupFlows) > 0 {
		return nil, Errors{{Pos: f.SetupFlows[0].Pos, Msg: "setup_flows: a setup flow cannot have setup flows of its own"}}
	}
	if f.Data != nil {
		return nil, Errors{{Pos: f.Data.Pos, Msg: "data: a setup flow runs once per run, without rows; remove data: from it"}}
	}
	return &SetupFlow{Path: path, Key: absPath(path), Flow: f}, nil
}
