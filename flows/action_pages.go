package flows

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// The actions and checks that concern the browser's windows rather than
// one element: native dialogs, tabs and downloads. docs/flows.md
// "dialog", "tab", "expect".

// Dialog is `dialog`: how to answer the next native dialog (alert,
// confirm, prompt, beforeunload). docs/flows.md "dialog".
type Dialog struct {
	Accept bool
	Text   *string // the prompt's answer (nil: the prompt's default); with Accept only
}

// Tab is `tab`: exactly one of Previous, Index or URL is set.
// docs/flows.md "tab".
type Tab struct {
	Previous bool
	Index    *int   // 0 is the first open tab, in the order they opened
	URL      *Match // the one open tab whose URL matches
}

func (*Dialog) Name() ActionName { return ActionDialog }
func (*Tab) Name() ActionName    { return ActionTab }

// DownloadVar is the variable a download sets: the saved file's path.
// The actions that may set it say so with canDownload (docs/flows.md
// "Downloads").
const DownloadVar = "download"

// knowDownload makes DownloadVar known after a step that can set it.
func (p *parser) knowDownload(s *Step) {
	if s.CanDownload() {
		p.known[DownloadVar] = true
	}
}

// dialogScalarFix is what to write for a bare `dialog: accept`.
var dialogScalarFix = map[string]string{
	"accept": "accept: true", "true": "accept: true", "ok": "accept: true",
	"dismiss": "accept: false", "false": "accept: false", "cancel": "accept: false",
}

// parse reads `dialog: {accept, text}`.
func (a *Dialog) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	a.Accept = true
	if r := p.resolve(v); r != nil && r.Kind == yaml.ScalarNode {
		if fix, ok := dialogScalarFix[strings.ToLower(r.Value)]; ok {
			p.errorf(r, "dialog needs a map: write {%s}", fix)
			return
		}
	}
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return
	}
	if len(o.present(keysOf(spec.Args))) == 0 {
		if len(o.keys) == 0 {
			p.errorf(o.node, "dialog needs accept and/or text: {accept: true|false, text: \"...\"}")
		}
		return
	}
	if n := o.val("accept"); n != nil {
		a.Accept = p.boolean(n, "accept")
	}
	if n := o.val("text"); n != nil {
		t := p.istr(n, "text")
		a.Text = &t
		if !a.Accept && o.has("accept") {
			p.errorf(o.m["text"].k, "text is the answer to a prompt that is accepted; it does not go with accept: false")
		}
	}
}

// parse reads `tab: previous`, `tab: N` or `tab: {url: MATCH}`.
func (a *Tab) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	const forms = "previous, a tab number (0 is the first) or {url: {equals|contains|matches: ...}}"
	switch {
	case isNull(r):
		p.errorf(k, "tab needs %s", forms)
	case r.Kind == yaml.ScalarNode && r.ShortTag() == "!!int":
		if i, ok := p.integer(r, "tab", 0); ok {
			a.Index = &i
		}
	case r.Kind == yaml.ScalarNode:
		switch s := strings.TrimSpace(r.Value); {
		case s == TabPrevious:
			a.Previous = true
		case strings.EqualFold(s, TabPrevious) || nearest(s, []string{TabPrevious}) != "":
			p.errorf(r, "tab %q: did you mean %q?", r.Value, TabPrevious)
		default:
			hint := ""
			if _, err := strconv.Atoi(strings.TrimPrefix(s, "#")); err == nil {
				hint = "; write the number alone"
			}
			p.errorf(r, "tab takes %s, not %q%s", forms, r.Value, hint)
		}
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "tab")
		p.checkArgs(o, spec, k)
		if n := o.val("url"); n != nil {
			a.URL = p.match(n, "tab url")
		}
	default:
		p.errorf(r, "tab takes %s, not %s", forms, kindName(r))
	}
}

func (a *Dialog) arg() *yaml.Node {
	w := &mapWriter{}
	if !a.Accept || a.Text == nil {
		w.add("accept", boolNode(a.Accept))
	}
	if a.Text != nil {
		w.add("text", strNodeOf(*a.Text))
	}
	return w.node()
}

func (a *Tab) arg() *yaml.Node {
	switch {
	case a.Previous:
		return strNode(TabPrevious)
	case a.Index != nil:
		return intNode(*a.Index)
	}
	return (&mapWriter{}).add("url", matchNode(a.URL)).node()
}

// expectDownload reads the value of `expect: {download: {name: MATCH}}`.
func (p *parser) expectDownload(n *yaml.Node) *Match {
	r := p.resolve(n)
	if r == nil {
		return nil
	}
	if r.Kind != yaml.MappingNode {
		p.errorf(r, "expect download needs {name: {equals|contains|matches: \"...\"}}, not %s", kindName(r))
		return nil
	}
	o := p.mapping(r, "expect download")
	p.unknownKeys(o, "expect download", keysOf(downloadFields), func(key string) bool {
		if fieldOf(matchFields, key) != nil {
			p.errorf(o.m[key].k, "%s goes inside the download's name: {download: {name: {%s: ...}}}", key, key)
			return true
		}
		return false
	})
	nn := o.val("name")
	if nn == nil {
		if len(o.present(keysOf(matchFields))) == 0 {
			p.errorf(r, "expect download needs name: {download: {name: {equals|contains|matches: \"...\"}}}")
		}
		return nil
	}
	return p.match(nn, "expect download name")
}

// Answering a dialog lets the page's script go on, and a tab step brings
// another page (docs/agents.md "Reads after an action").
func (*Dialog) actsOnPage() bool { return true }
func (*Tab) actsOnPage() bool    { return true }
