package flows

import (
	"regexp"

	"gopkg.in/yaml.v3"
)

// The actions that save an artifact: `snapshot` and `screenshot`
// (docs/flows.md "snapshot", "screenshot").

// Snapshot is `snapshot`.
type Snapshot struct {
	Artifact string // the artifact's name, `name:`
	Full     bool
	Compact  bool // the visible text next to actionable elements too
}

// Screenshot is `screenshot`.
type Screenshot struct {
	Artifact string // the artifact's name, `name:`
	FullPage bool
	Target   *Target
}

func (*Snapshot) Name() ActionName   { return ActionSnapshot }
func (*Screenshot) Name() ActionName { return ActionScreenshot }

func (a *Screenshot) targetSlot() (string, *Target) { return "target", a.Target }

var badFileNameRE = regexp.MustCompile(`[/\\\x00]`)

func (p *parser) artifactName(n *yaml.Node, what string) string {
	s := p.nonEmpty(n, what)
	if s != "" && (badFileNameRE.MatchString(s) || s == "." || s == "..") {
		p.errorf(p.resolve(n), "%s %q must be a file name, not a path", what, s)
	}
	return s
}

func (a *Snapshot) parse(p *parser, spec *actionSpec, _, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil || isNull(r) {
		return
	}
	switch r.Kind {
	case yaml.ScalarNode:
		a.Artifact = p.artifactName(r, "snapshot name")
	case yaml.MappingNode:
		o := p.mapping(r, "snapshot")
		p.checkArgs(o, spec, r)
		if n := o.val("name"); n != nil {
			a.Artifact = p.artifactName(n, "snapshot name")
		}
		if n := o.val("full"); n != nil {
			a.Full = p.boolean(n, "full")
		}
		if n := o.val("compact"); n != nil {
			a.Compact = p.boolean(n, "compact")
			if a.Full && a.Compact {
				p.errorf(n, "snapshot takes full or compact, not both")
			}
		}
	default:
		p.errorf(r, "snapshot takes nothing, a name or {name, full, compact}, not %s", kindName(r))
	}
}

func (a *Snapshot) arg() *yaml.Node {
	switch {
	case a.Full || a.Compact:
		w := &mapWriter{}
		if a.Artifact != "" {
			w.add("name", strNodeOf(a.Artifact))
		}
		if a.Full {
			w.add("full", boolNode(true))
		}
		if a.Compact {
			w.add("compact", boolNode(true))
		}
		return w.node()
	case a.Artifact != "":
		return strNodeOf(a.Artifact)
	}
	return nil
}

func (a *Screenshot) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	switch {
	case isNull(r):
		p.errorf(k, "screenshot needs a name")
	case r.Kind == yaml.ScalarNode:
		a.Artifact = p.artifactName(r, "screenshot name")
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "screenshot")
		p.checkArgs(o, spec, k)
		if n := o.val("name"); n != nil {
			a.Artifact = p.artifactName(n, "screenshot name")
		}
		if n := o.val("full_page"); n != nil {
			a.FullPage = p.boolean(n, "full_page")
		}
		if n := o.val("target"); n != nil {
			a.Target = p.target(n, "screenshot target")
		}
		if a.FullPage && a.Target != nil {
			p.errorf(o.m["full_page"].k, "screenshot takes full_page or target, not both")
		}
	default:
		p.errorf(r, "screenshot needs a name or {name, full_page, target}, not %s", kindName(r))
	}
}

func (a *Screenshot) arg() *yaml.Node {
	if !a.FullPage && a.Target == nil {
		return strNodeOf(a.Artifact)
	}
	w := (&mapWriter{}).add("name", strNodeOf(a.Artifact))
	if a.FullPage {
		w.add("full_page", boolNode(true))
	}
	return w.add("target", targetNode(a.Target)).node()
}

// The name each gives its artifact (docs/session.md "Artifact names").
func (a *Snapshot) artifactName() string   { return a.Artifact }
func (a *Screenshot) artifactName() string { return a.Artifact }
