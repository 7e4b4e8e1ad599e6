package flows

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// Open is `open`: navigates to a URL (docs/flows.md "open").
type Open struct {
	URL  string
	Wait string // load (default), domcontentloaded, networkidle
}

func (*Open) Name() ActionName  { return ActionOpen }
func (a *Open) subject() string { return a.URL }

func (a *Open) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	var at *yaml.Node
	switch {
	case isNull(r):
		p.errorf(k, "open needs a URL")
		return
	case r.Kind == yaml.ScalarNode:
		a.URL, at = p.nonEmpty(r, "open"), r
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "open")
		p.checkArgs(o, spec, k)
		if n := o.val("url"); n != nil {
			a.URL, at = p.nonEmpty(n, "url"), p.resolve(n)
		}
		if n := o.val("wait"); n != nil {
			a.Wait = p.enum(n, "wait", openWaits)
		}
	default:
		p.errorf(r, "open needs a URL or {url, wait}, not %s", kindName(r))
		return
	}
	p.needsBase("open", a.URL, at)
}

func (a *Open) arg() *yaml.Node {
	if a.Wait == "" {
		return strNodeOf(a.URL)
	}
	return (&mapWriter{}).add("url", strNodeOf(a.URL)).add("wait", strNode(a.Wait)).node()
}

// The policy's patterns look at the URL opened (docs/security.md "Action
// policy").
func (a *Open) policySubject() (string, string) { return a.URL, "" }

// open ends on the page it loads (docs/agents.md "Export").
func (*Open) waitsForPage() bool { return true }

// exported: a URL under the flow's base_url is written as a path, and its
// secrets as references (docs/agents.md "Export").
func (a *Open) exported(x *Export, s *Step) {
	u := a.URL
	if x.Base != "" && strings.HasPrefix(u, x.Base+"/") {
		u = strings.TrimPrefix(u, x.Base)
	}
	s.Action = &Open{URL: x.Secret(u), Wait: a.Wait}
}
