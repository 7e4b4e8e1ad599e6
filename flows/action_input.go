package flows

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// The actions that give a page input: `fill`, `type`, `press`, `select`,
// `check`, `uncheck` and `upload` (docs/flows.md "fill" to "upload").
// Each may open a tab, which the flow then follows (docs/flows.md "tab").

// Fill is `fill`.
type Fill struct {
	Target *Target
	Value  string
}

// TypeText is `type`.
type TypeText struct {
	Target *Target
	Text   string
	Delay  time.Duration
}

// Press is `press`. Target is nil for the focused element.
type Press struct {
	Target *Target
	Key    string // "Enter", "Control+A"
}

// Select is `select`: one option or several, by label or value.
type Select struct {
	Target  *Target
	Options []string
}

// Check is `check` or `uncheck`, as Act says.
type Check struct {
	Act    ActionName // ActionCheck (or ""), ActionUncheck
	Target *Target
}

// Upload is `upload`. Files are as written, relative to the flow file.
type Upload struct {
	Target *Target
	Files  []string
}

func (*Fill) Name() ActionName     { return ActionFill }
func (*TypeText) Name() ActionName { return ActionType }
func (*Press) Name() ActionName    { return ActionPress }
func (*Select) Name() ActionName   { return ActionSelect }
func (a *Check) Name() ActionName {
	if a.Act == "" {
		return ActionCheck
	}
	return a.Act
}
func (*Upload) Name() ActionName { return ActionUpload }

func (a *Fill) targetSlot() (string, *Target)     { return "target", a.Target }
func (a *TypeText) targetSlot() (string, *Target) { return "target", a.Target }
func (a *Press) targetSlot() (string, *Target)    { return "target", a.Target }
func (a *Select) targetSlot() (string, *Target)   { return "target", a.Target }
func (a *Check) targetSlot() (string, *Target)    { return string(a.Name()), a.Target }
func (a *Upload) targetSlot() (string, *Target)   { return "target", a.Target }

func (a *Press) subject() string { return a.Key }

func (*Fill) followsTab() bool     { return true }
func (*TypeText) followsTab() bool { return true }
func (*Press) followsTab() bool    { return true }
func (*Select) followsTab() bool   { return true }
func (*Check) followsTab() bool    { return true }
func (*Upload) followsTab() bool   { return true }

// Every input action acts on the element it resolves; press only with a
// target (without one, on the focused element).
func (*Fill) actsOnElement() bool     { return true }
func (*TypeText) actsOnElement() bool { return true }
func (a *Press) actsOnElement() bool  { return a.Target != nil }
func (*Select) actsOnElement() bool   { return true }
func (*Check) actsOnElement() bool    { return true }
func (*Upload) actsOnElement() bool   { return true }

// What each input action activates (docs/security.md "What a rule on
// click covers"): check, uncheck and select their element; press, the
// element its key activates (Enter or Space); type, what Enter activates
// when its text holds a line break, typed as Enter. fill and upload set
// a value and activate nothing.
func (*Check) activation(*Scope) Activation  { return Activation{By: ActivatesTarget} }
func (*Select) activation(*Scope) Activation { return Activation{By: ActivatesTarget} }
func (a *Press) activation(sc *Scope) Activation {
	return keyActivation(a.Key, sc)
}
func (a *TypeText) activation(sc *Scope) Activation {
	text := a.Text
	if s, err := Interpolate(text, sc); err == nil {
		text = s
	}
	if strings.ContainsAny(text, "\r\n") {
		return Activation{By: ActivatesByKey, Key: KeyEnter}
	}
	return Activation{}
}

// A key press may start a download (docs/flows.md "Downloads").
func (*Press) canDownload() bool { return true }

// scalarValue reads a string value where numbers and booleans are taken as
// their text (fill value, type text, select option).
func (p *parser) scalarValue(n *yaml.Node, what string) string {
	return p.istr(n, what)
}

func (a *Fill) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if n := o.val("target"); n != nil {
		a.Target = p.target(n, "fill target")
	}
	if n := o.val("value"); n != nil {
		a.Value = p.scalarValue(n, "value")
	}
}

func (a *Fill) arg() *yaml.Node {
	return (&mapWriter{}).add("target", targetNode(a.Target)).add("value", strNodeOf(a.Value)).node()
}

func (a *TypeText) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if n := o.val("target"); n != nil {
		a.Target = p.target(n, "type target")
	}
	if n := o.val("text"); n != nil {
		a.Text = p.scalarValue(n, "text")
	}
	if n := o.val("delay"); n != nil {
		a.Delay, _ = p.duration(n, "delay", false)
	}
}

func (a *TypeText) arg() *yaml.Node {
	w := (&mapWriter{}).add("target", targetNode(a.Target)).add("text", strNodeOf(a.Text))
	if a.Delay > 0 {
		w.add("delay", durationNode(a.Delay))
	}
	return w.node()
}

func (a *Press) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	switch {
	case isNull(r):
		p.errorf(k, "press needs a key such as Enter or Control+A")
	case r.Kind == yaml.ScalarNode:
		a.Key = p.key(r)
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "press")
		p.checkArgs(o, spec, k)
		if n := o.val("target"); n != nil {
			a.Target = p.target(n, "press target")
		}
		if n := o.val("key"); n != nil {
			a.Key = p.key(n)
		}
	default:
		p.errorf(r, "press needs a key or {target, key}, not %s", kindName(r))
	}
}

// key reads a key or combination and writes it the key table's way
// (flows/keys.go, docs/flows.md "press").
func (p *parser) key(n *yaml.Node) string {
	s := p.nonEmpty(n, "key")
	if s == "" || HasInterpolation(s) {
		return s
	}
	norm, err := NormalizeKey(s)
	if err != nil {
		p.errorf(p.resolve(n), "press: %v", err)
		return s
	}
	return norm
}

func (a *Press) arg() *yaml.Node {
	if a.Target == nil {
		return strNodeOf(a.Key)
	}
	return (&mapWriter{}).add("target", targetNode(a.Target)).add("key", strNodeOf(a.Key)).node()
}

func (a *Select) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return
	}
	if n := o.val("target"); n != nil {
		a.Target = p.target(n, "select target")
	}
	switch ks := o.present([]string{"option", "options"}); len(ks) {
	case 0:
		p.errorf(k, "select needs option or options")
	case 2:
		p.errorf(o.m[ks[1]].k, "select takes option or options, not both")
	default:
		if ks[0] == "option" {
			a.Options = []string{p.scalarValue(o.val("option"), "option")}
		} else {
			opts, _ := p.strList(o.val("options"), "options", true)
			if len(opts) == 0 && p.resolve(o.val("options")) != nil && p.resolve(o.val("options")).Kind == yaml.SequenceNode {
				p.errorf(p.resolve(o.val("options")), "options must not be empty")
			}
			a.Options = opts
		}
	}
}

func (a *Select) arg() *yaml.Node {
	w := (&mapWriter{}).add("target", targetNode(a.Target))
	if len(a.Options) == 1 {
		return w.add("option", strNodeOf(a.Options[0])).node()
	}
	return w.add("options", stringsNode(a.Options)).node()
}

func (a *Check) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	a.Target, _ = p.targetForm(spec, k, v)
	if a.Target == nil {
		a.Target = &Target{}
	}
}

func (a *Check) arg() *yaml.Node { return targetNode(a.Target) }

func (a *Upload) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	o := p.argsOnly(spec, k, v)
	if n := o.val("target"); n != nil {
		a.Target = p.target(n, "upload target")
	}
	if n := o.val("files"); n != nil {
		files, nodes := p.strList(n, "files", true)
		if len(files) == 0 && len(nodes) == 0 && p.resolve(n) != nil && p.resolve(n).Kind == yaml.SequenceNode {
			p.errorf(p.resolve(n), "files must not be empty")
		}
		for i, f := range files {
			if strings.TrimSpace(f) == "" {
				p.errorf(nodes[i], "a file path must not be empty")
				continue
			}
			if HasInterpolation(f) {
				continue
			}
			path := f
			if !filepath.IsAbs(path) {
				path = filepath.Join(p.dir, f)
			}
			if st, err := os.Stat(path); err != nil || st.IsDir() {
				p.errorf(nodes[i], "upload file %q not found (paths are relative to the flow file)", f)
			}
		}
		a.Files = files
	}
}

func (a *Upload) arg() *yaml.Node {
	return (&mapWriter{}).add("target", targetNode(a.Target)).add("files", stringsNode(a.Files)).node()
}

// neededRole: what each of these actions takes (docs/targets.md "Near
// misses").
func (*Check) neededRole() string    { return "checkbox" }
func (*Fill) neededRole() string     { return "textbox" }
func (*TypeText) neededRole() string { return "textbox" }
func (*Select) neededRole() string   { return "combobox" }

// The policy's patterns look at the key pressed (docs/security.md
// "Action policy").
func (a *Press) policySubject() (string, string) { return "", a.Key }

// Input acts on the page (docs/agents.md "Reads after an action").
func (*Fill) actsOnPage() bool     { return true }
func (*TypeText) actsOnPage() bool { return true }
func (*Press) actsOnPage() bool    { return true }
func (*Select) actsOnPage() bool   { return true }
func (*Check) actsOnPage() bool    { return true }
func (*Upload) actsOnPage() bool   { return true }

// exported: the secrets typed in a value, a text or an option as
// references, and upload files relative to the flow's folder
// (docs/agents.md "Export").
func (a *Fill) exported(x *Export, s *Step) {
	s.Action = &Fill{Target: a.Target, Value: x.Secret(a.Value)}
}
func (a *TypeText) exported(x *Export, s *Step) {
	s.Action = &TypeText{Target: a.Target, Text: x.Secret(a.Text), Delay: a.Delay}
}
func (a *Select) exported(x *Export, s *Step) {
	opts := make([]string, len(a.Options))
	for i, o := range a.Options {
		opts[i] = x.Secret(o)
	}
	s.Action = &Select{Target: a.Target, Options: opts}
}
func (a *Upload) exported(x *Export, s *Step) {
	files := make([]string, len(a.Files))
	for i, f := range a.Files {
		files[i] = f
		if rel, err := filepath.Rel(x.Dir, f); err == nil && !strings.HasPrefix(rel, "..") {
			files[i] = filepath.ToSlash(rel)
		}
	}
	s.Action = &Upload{Target: a.Target, Files: files}
}
