package flows

import (
	"time"

	"gopkg.in/yaml.v3"
)

// Wait is `wait`: exactly one form is set (docs/flows.md "wait").
type Wait struct {
	Duration time.Duration
	Text     string
	Target   *Target
	Gone     *Target
	URL      *Match
	Load     string // networkidle, load, domcontentloaded
}

// waitsWholeTimeout: waiting is what a wait step asks for (docs/targets.md
// "When waiting ends").
func (*Wait) waitsWholeTimeout() bool { return true }

func (*Wait) Name() ActionName { return ActionWait }

func (a *Wait) targetSlot() (string, *Target) {
	if a.Target != nil {
		return "target", a.Target
	}
	return "gone", a.Gone
}

func (a *Wait) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	switch {
	case isNull(r):
		p.errorf(k, "wait needs a duration such as 500ms or a map {text|target|gone|url|load}")
		return
	case r.Kind == yaml.ScalarNode:
		a.Duration, _ = p.duration(r, "wait", false)
		return
	case r.Kind != yaml.MappingNode:
		p.errorf(r, "wait needs a duration or a map {text|target|gone|url|load}, not %s", kindName(r))
		return
	}
	o := p.mapping(r, "wait")
	p.unknownKeys(o, "wait", keysOf(spec.Args), nil)
	ks := o.present(keysOf(spec.Args))
	switch len(ks) {
	case 0:
		if len(o.keys) == 0 {
			p.errorf(r, "wait needs one of %s", orList(keysOf(spec.Args)))
		}
		return
	case 1:
	default:
		p.errorf(o.m[ks[1]].k, "wait takes one of %s, not %s and %s", orList(keysOf(spec.Args)), ks[0], ks[1])
	}
	for _, key := range ks {
		n := o.val(key)
		switch key {
		case "text":
			a.Text = p.nonEmpty(n, "text")
		case "target":
			a.Target = p.target(n, "wait target")
		case "gone":
			a.Gone = p.target(n, "wait gone")
		case "url":
			a.URL = p.match(n, "wait url")
		case "load":
			a.Load = p.enum(n, "load", openWaits)
		}
	}
}

func (a *Wait) arg() *yaml.Node {
	w := &mapWriter{}
	switch {
	case a.Text != "":
		w.add("text", strNodeOf(a.Text))
	case a.Target != nil:
		w.add("target", targetNode(a.Target))
	case a.Gone != nil:
		w.add("gone", targetNode(a.Gone))
	case a.URL != nil:
		w.add("url", matchNode(a.URL))
	case a.Load != "":
		w.add("load", strNode(a.Load))
	default:
		return durationNode(a.Duration)
	}
	return w.node()
}

// wait ends on the state of the page it waits for (docs/agents.md
// "Export").
func (*Wait) waitsForPage() bool { return true }

// exported: a wait as long as the default step timeout or longer is
// given a timeout that lets it end (docs/agents.md "Export").
func (a *Wait) exported(_ *Export, s *Step) {
	if a.Duration >= DefaultStepTimeout && s.Timeout == 0 {
		s.Timeout = a.Duration + DefaultStepTimeout
	}
}
