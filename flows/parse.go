package flows

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// parser reads one flow file. Errors go to its loader.
type parser struct {
	ld             *loader
	file           string
	dir            string
	lines          []string
	budget         int
	budgetReported bool

	flow    *Flow
	known   map[string]bool // variables known at this point of the flow
	secrets map[string]bool // names listed in secrets:
	hasBase bool            // a base URL is there for relative opens
	used    map[string]bool // variables the flow reads
}

// subCtx is what a caller's `run` step gives the flow it loads.
type subCtx struct {
	with    []string // names given by with:
	hasBase bool     // the caller has a base URL
}

// yamlParserErrors are the messages of yaml.v3's parser (the others come
// from its scanner).
var yamlParserErrors = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected '-' indicator":    true,
	"did not find expected key":              true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found undefined tag handle":             true,
	"found duplicate %TAG directive":         true,
	"found duplicate %YAML directive":        true,
	"found incompatible YAML document":       true,
}

var yamlLineRE = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// parse parses and validates one flow file's source.
func (ld *loader) parse(file string, src []byte, ctx subCtx) *Flow {
	f, _ := ld.parseFile(file, src, ctx)
	return f
}

func (ld *loader) parseFile(file string, src []byte, ctx subCtx) (*Flow, *parser) {
	p := &parser{
		used:    map[string]bool{},
		ld:      ld,
		file:    file,
		dir:     filepath.Dir(file),
		budget:  nodeBudget,
		known:   map[string]bool{},
		secrets: map[string]bool{},
	}
	f := &Flow{File: file, Source: splitLines(src), Timeout: DefaultTimeout, StepTimeout: DefaultStepTimeout}
	p.lines, p.flow = f.Source, f
	f.Pos = Pos{File: file, Line: 1, Col: 1}

	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := decodeYAML(dec, &doc); err != nil {
		if errors.Is(err, io.EOF) {
			p.errorAt(f.Pos, "the file is empty: a flow needs name and steps")
		} else {
			p.yamlError(err)
		}
		return f, p
	}
	var extra yaml.Node
	switch err := decodeYAML(dec, &extra); {
	case err == nil:
		at := &extra
		if len(extra.Content) > 0 {
			at = extra.Content[0]
		}
		p.errorf(at, "a flow file holds one YAML document; move this one to its own file")
	case !errors.Is(err, io.EOF):
		p.yamlError(err)
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		p.errorAt(f.Pos, "the file is empty: a flow needs name and steps")
		return f, p
	}
	p.flowBody(doc.Content[0], ctx)
	ld.noteVars(p)
	return f, p
}

func decodeYAML(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	return dec.Decode(n)
}

func (p *parser) yamlError(err error) {
	msg := err.Error()
	line := 1
	if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
		// yaml.v3 gives the 0-based line for parser (not scanner) errors:
		// the line where the construct it was parsing starts.
		if yamlParserErrors[msg] {
			line++
		}
	} else {
		msg = strings.TrimPrefix(msg, "yaml: ")
	}
	line = max(1, min(line, len(p.lines)))
	col := 1
	if line <= len(p.lines) {
		l := p.lines[line-1]
		col = len([]rune(l)) - len([]rune(strings.TrimLeft(l, " \t"))) + 1
	}
	p.errorAt(Pos{File: p.file, Line: line, Col: col}, "YAML: %s", msg)
}

func splitLines(src []byte) []string {
	s := strings.ReplaceAll(string(src), "\r\n", "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// isExtensionKey: top-level keys starting with "x-" are ignored, a place
// for YAML anchors (`x-defaults: &slow {timeout: 30s}`).
func isExtensionKey(k string) bool { return strings.HasPrefix(k, "x-") }

var tagRE = regexp.MustCompile(`^[^\s,!][^\s,]*$`)

func (p *parser) flowBody(root *yaml.Node, ctx subCtx) {
	f := p.flow
	root = p.resolve(root)
	if root == nil {
		return
	}
	if root.Kind != yaml.MappingNode {
		p.errorf(root, "a flow file must be a map with name and steps, not %s", kindName(root))
		return
	}
	o := p.mapping(root, "flow")
	if o == nil {
		return
	}
	p.unknownKeys(o, "", keysOf(flowFields), isExtensionKey)

	if e, ok := o.get("name"); ok {
		f.Pos = p.pos(e.k)
		name, ok := p.scalar(e.v, "name")
		f.Name = strings.TrimSpace(name)
		if ok && f.Name == "" {
			p.errorf(p.resolve(e.v), "name must not be empty")
		}
	} else {
		f.Pos = p.pos(root)
		p.errorf(root, `missing "name": every flow needs a name`)
	}
	if n := o.val("description"); n != nil {
		f.Description = p.text(n, "description")
	}
	if n := o.val("tags"); n != nil {
		tags, nodes := p.strList(n, "tags", false)
		for i, t := range tags {
			if !tagRE.MatchString(t) {
				p.errorf(nodes[i], "tag %q must be one word without spaces or commas, not starting with !", t)
				continue
			}
			f.Tags = append(f.Tags, t)
		}
	}

	p.skipOnly(o)

	// Names known before any step: --var, with:, then vars in order.
	for k := range p.ld.opts.Vars {
		p.known[k] = true
	}
	for _, k := range ctx.with {
		p.known[k] = true
	}
	if n := o.val("secrets"); n != nil {
		names, nodes := p.strList(n, "secrets", false)
		for i, name := range names {
			switch {
			case !identRE.MatchString(name):
				p.errorf(nodes[i], "secret %q must be an environment variable name (letters, digits and _)", name)
			case p.secrets[name]:
				p.errorf(nodes[i], "secret %q is listed twice", name)
			default:
				p.secrets[name] = true
				f.Secrets = append(f.Secrets, name)
				if _, ok := p.ld.opts.LookupEnv(name); !ok {
					p.needAt(p.pos(nodes[i]), NeedEnv, "secret %q is not set in the environment", name)
				}
			}
		}
	}
	if n := o.val("vars"); n != nil && !isNull(p.resolve(n)) {
		f.Vars = p.vars(n, "vars")
	}
	if n := o.val("base_url"); n != nil {
		f.BaseURL = p.nonEmpty(n, "base_url")
		p.checkBaseURL(n, f.BaseURL)
	}
	p.hasBase = f.BaseURL != "" || p.ld.opts.BaseURL != "" || ctx.hasBase
	if n := o.val("timeout"); n != nil {
		if d, ok := p.duration(n, "timeout", true); ok {
			f.Timeout = d
		}
	}
	if n := o.val("step_timeout"); n != nil {
		if d, ok := p.duration(n, "step_timeout", true); ok {
			f.StepTimeout = d
		}
	}
	if n := o.val("viewport"); n != nil {
		f.Viewport = p.viewport(n)
	}
	if n := o.val("setup"); n != nil {
		f.Setup = p.steps(n, "setup", false)
	}
	if n := o.val("steps"); n != nil {
		f.Steps = p.steps(n, "steps", true)
	} else {
		p.errorf(root, `missing "steps": a flow needs at least one step`)
	}
	if n := o.val("teardown"); n != nil {
		f.Teardown = p.steps(n, "teardown", false)
	}
}

// vars reads a map of variables (vars:, with:). Each value may use the
// names declared before it.
func (p *parser) vars(n *yaml.Node, what string) []Var {
	vo := p.mapping(n, what)
	if vo == nil {
		return nil
	}
	var out []Var
	for _, k := range vo.keys {
		e := vo.m[k]
		if !p.checkVarName(k, e.k) {
			continue
		}
		out = append(out, Var{Name: k, Value: p.value(e.v, 0), Pos: p.pos(e.k)})
		if what == "vars" {
			p.known[k] = true
		}
	}
	return out
}

func (p *parser) checkVarName(name string, n *yaml.Node) bool {
	switch {
	case contains(reservedNames, name):
		p.errorf(n, "%q is reserved and cannot be a variable name", name)
		return false
	case !identRE.MatchString(name):
		p.errorf(n, "variable name %q must be letters, digits and _, not starting with a digit", name)
		return false
	}
	return true
}

func (p *parser) viewport(n *yaml.Node) *Viewport {
	o := p.mapping(n, "viewport")
	if o == nil {
		return nil
	}
	p.unknownKeys(o, "viewport", keysOf(viewportFields), nil)
	v := &Viewport{}
	for _, f := range viewportFields {
		e, ok := o.get(f.Key)
		if !ok {
			p.errorf(o.node, "viewport needs %q", f.Key)
			continue
		}
		i, _ := p.integer(e.v, f.Key, 1)
		if f.Key == "width" {
			v.Width = i
		} else {
			v.Height = i
		}
	}
	return v
}

// steps reads a list of steps.
func (p *parser) steps(n *yaml.Node, what string, required bool) []*Step {
	n = p.resolve(n)
	if n == nil {
		return nil
	}
	if isNull(n) || (n.Kind == yaml.SequenceNode && len(n.Content) == 0) {
		if required {
			p.errorf(n, "%s must not be empty", what)
		}
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		p.errorf(n, "%s must be a list of steps (each starting with \"- \"), not %s", what, kindName(n))
		return nil
	}
	var out []*Step
	for _, item := range n.Content {
		if s := p.step(item); s != nil {
			out = append(out, s)
		}
	}
	return out
}

func (p *parser) unknownStep(n *yaml.Node, name string) {
	if dym := didYouMean(name, actionNames()); dym != "" {
		p.errorf(n, "unknown step %q%s", name, dym)
		return
	}
	p.errorf(n, "unknown step %q; expected one of %s", name, strings.Join(actionNames(), ", "))
}

func (p *parser) step(item *yaml.Node) *Step {
	s := p.stepNode(item)
	if s != nil && item.Kind == yaml.AliasNode {
		// An aliased step (*name) is placed where the alias is written.
		s.Pos, s.EndLine = p.pos(item), item.Line
	}
	return s
}

func (p *parser) stepNode(item *yaml.Node) *Step {
	n := p.resolve(item)
	if n == nil {
		return nil
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if isNull(n) {
			p.errorf(n, "empty step: write \"- ACTION: ARGUMENT\"")
			return nil
		}
		spec := actionByName[n.Value]
		if spec == nil {
			p.unknownStep(n, n.Value)
			return nil
		}
		if !spec.Null {
			p.errorf(n, "%s needs an argument: \"- %s: ...\"", spec.Name, spec.Name)
			return nil
		}
		s := &Step{Pos: p.pos(n), EndLine: p.endLine(n), Action: spec.Name}
		p.action(s, spec, n, nil)
		return s
	case yaml.MappingNode:
	default:
		p.errorf(n, "a step must be a map such as \"- click: Sign in\", not %s", kindName(n))
		return nil
	}
	o := p.mapping(n, "step")
	if o == nil {
		return nil
	}
	common := keysOf(commonStepFields)
	var acts []string
	for _, k := range o.keys {
		switch {
		case actionByName[k] != nil:
			acts = append(acts, k)
		case contains(common, k):
		default:
			key := o.m[k].k
			sug := nearest(k, append(actionNames(), common...))
			switch {
			case sug != "" && actionByName[sug] != nil:
				p.errorf(key, "unknown step %q; did you mean %q?", k, sug)
			case sug != "":
				p.errorf(key, "unknown key %q in step; did you mean %q?", k, sug)
			case len(o.present(actionNames())) == 0:
				p.errorf(key, "unknown step %q; expected one of %s", k, strings.Join(actionNames(), ", "))
			default:
				p.errorf(key, "unknown key %q in step; a step has one action and the keys %s", k, orList(common))
			}
		}
	}
	if len(acts) == 0 {
		if len(o.keys) == len(o.present(common)) {
			p.errorf(n, "the step has no action; add one of %s", strings.Join(actionNames(), ", "))
		}
		return nil
	}
	if len(acts) > 1 {
		p.errorf(o.m[acts[1]].k, "a step has one action, but %q follows %q; start a new step with \"- %s:\"", acts[1], acts[0], acts[1])
	}
	e := o.m[acts[0]]
	spec := actionByName[acts[0]]
	s := &Step{Pos: p.pos(e.k), EndLine: p.endLine(n), Action: spec.Name}
	if v := o.val("name"); v != nil {
		s.Name = p.istr(v, "name")
	}
	if v := o.val("if"); v != nil {
		s.If = p.expr(v, "if", true)
	}
	if v := o.val("timeout"); v != nil {
		s.Timeout, _ = p.duration(v, "timeout", true)
	}
	if v := o.val("optional"); v != nil {
		s.Optional = p.boolean(v, "optional")
	}
	if v := o.val("retry"); v != nil {
		s.Retry, _ = p.integer(v, "retry", 0)
	}
	p.action(s, spec, e.k, e.v)
	return s
}

// action parses the argument v of action spec (k is the action's key).
func (p *parser) action(s *Step, spec *actionSpec, k, v *yaml.Node) {
	switch spec.Name {
	case "open":
		s.Open = p.open(spec, k, v)
	case "snapshot":
		s.Snapshot = p.snapshot(spec, v)
	case "click", "dblclick", "hover":
		s.Pointer = p.pointer(spec, k, v)
	case "fill":
		s.Fill = p.fill(spec, k, v)
	case "type":
		s.Type = p.typeArgs(spec, k, v)
	case "press":
		s.Press = p.press(spec, k, v)
	case "select":
		s.Select = p.selectArgs(spec, k, v)
	case "check", "uncheck":
		t, _ := p.targetForm(spec, k, v)
		if t == nil {
			t = &Target{}
		}
		s.Check = t
	case "upload":
		s.Upload = p.upload(spec, k, v)
	case "scroll":
		s.Scroll = p.scroll(spec, k, v)
	case "wait":
		s.Wait = p.wait(spec, k, v)
	case "expect":
		s.Expect = p.expect(spec, k, v)
	case "assert":
		s.Assert = p.assert(spec, k, v)
	case "extract":
		s.Extract = p.extract(spec, k, v)
	case "screenshot":
		s.Screenshot = p.screenshot(spec, k, v)
	case "eval":
		s.Eval = p.eval(k, v)
	case "dialog":
		s.Dialog = p.dialog(spec, k, v)
	case "tab":
		s.Tab = p.tab(spec, k, v)
	case "run":
		s.Run = p.run(spec, k, v)
	case "group":
		s.Group = &GroupArgs{}
		if o := p.argsOnly(spec, k, v); o != nil {
			if n := o.val("steps"); n != nil {
				s.Group.Steps = p.steps(n, "group steps", true)
			}
		}
	case "repeat":
		s.Repeat = p.repeat(spec, k, v)
	case "request":
		s.Request = p.request(spec, k, v)
	default:
		panic("flows: action without a parser: " + spec.Name)
	}
	p.knowDownload(s)
}

// argsShape renders the map form of an action for messages.
func argsShape(spec *actionSpec) string {
	return "{" + strings.Join(keysOf(spec.Args), ", ") + "}"
}

// argsOnly reads the argument of an action that has only a map form.
func (p *parser) argsOnly(spec *actionSpec, k, v *yaml.Node) *obj {
	r := p.resolve(v)
	if r == nil {
		return nil
	}
	if r.Kind != yaml.MappingNode {
		at := r
		if isNull(r) {
			at = k
		}
		hint := ""
		if spec.Name == "group" && r.Kind == yaml.SequenceNode {
			hint = "; put the list under steps:"
		}
		p.errorf(at, "%s needs %s, not %s%s", spec.Name, argsShape(spec), kindName(r), hint)
		return nil
	}
	o := p.mapping(r, spec.Name)
	p.checkArgs(o, spec, k)
	return o
}

// checkArgs reports unknown and missing keys of an action's map form.
func (p *parser) checkArgs(o *obj, spec *actionSpec, k *yaml.Node) {
	if o == nil {
		return
	}
	allowed := keysOf(spec.Args)
	var tkeys []string
	needsTarget := fieldOf(spec.Args, "target") != nil && !o.has("target")
	p.unknownKeys(o, spec.Name, allowed, func(key string) bool {
		if needsTarget && fieldOf(targetFields, key) != nil {
			tkeys = append(tkeys, key)
			return true
		}
		return false
	})
	if len(tkeys) > 0 {
		p.errorf(o.m[tkeys[0]].k, "%s: put %s under target: {target: {%s: ...}}", spec.Name, strconv.Quote(tkeys[0]), tkeys[0])
	}
	for _, f := range spec.Args {
		if f.Required && !o.has(f.Key) && !(f.Key == "target" && len(tkeys) > 0) {
			p.errorf(k, "%s needs %q: %s", spec.Name, f.Key, argsShape(spec))
		}
	}
}

// targetForm reads an argument that is a TARGET, a target map, or the
// action's map form with a target key. The map form's object is returned
// when it was used.
func (p *parser) targetForm(spec *actionSpec, k, v *yaml.Node) (*Target, *obj) {
	r := p.resolve(v)
	if r == nil {
		return nil, nil
	}
	switch {
	case isNull(r):
		p.errorf(k, "%s needs a target", spec.Name)
		return nil, nil
	case r.Kind == yaml.ScalarNode:
		return p.target(r, spec.Name), nil
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, spec.Name)
		if o == nil {
			return nil, nil
		}
		args := o.has("target")
		for _, key := range o.keys {
			if fieldOf(spec.Args, key) != nil && fieldOf(targetFields, key) == nil {
				args = true
			}
		}
		if !args {
			return p.targetMap(o, spec.Name, 0), nil
		}
		p.checkArgs(o, spec, k)
		var t *Target
		if n := o.val("target"); n != nil {
			t = p.target(n, spec.Name+" target")
		}
		return t, o
	}
	p.errorf(r, "%s needs a target (a string or a map), not %s", spec.Name, kindName(r))
	return nil, nil
}

var schemeRE = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

func (p *parser) open(spec *actionSpec, k, v *yaml.Node) *OpenArgs {
	a := &OpenArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	var at *yaml.Node
	switch {
	case isNull(r):
		p.errorf(k, "open needs a URL")
		return a
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
		return a
	}
	p.needsBase("open", a.URL, at)
	return a
}

var badFileNameRE = regexp.MustCompile(`[/\\\x00]`)

func (p *parser) artifactName(n *yaml.Node, what string) string {
	s := p.nonEmpty(n, what)
	if s != "" && (badFileNameRE.MatchString(s) || s == "." || s == "..") {
		p.errorf(p.resolve(n), "%s %q must be a file name, not a path", what, s)
	}
	return s
}

func (p *parser) snapshot(spec *actionSpec, v *yaml.Node) *SnapshotArgs {
	a := &SnapshotArgs{}
	r := p.resolve(v)
	if r == nil || isNull(r) {
		return a
	}
	switch r.Kind {
	case yaml.ScalarNode:
		a.Name = p.artifactName(r, "snapshot name")
	case yaml.MappingNode:
		o := p.mapping(r, "snapshot")
		p.checkArgs(o, spec, r)
		if n := o.val("name"); n != nil {
			a.Name = p.artifactName(n, "snapshot name")
		}
		if n := o.val("full"); n != nil {
			a.Full = p.boolean(n, "full")
		}
	default:
		p.errorf(r, "snapshot takes nothing, a name or {name, full}, not %s", kindName(r))
	}
	return a
}

func (p *parser) pointer(spec *actionSpec, k, v *yaml.Node) *PointerArgs {
	t, o := p.targetForm(spec, k, v)
	a := &PointerArgs{Target: t}
	if o == nil {
		return a
	}
	if n := o.val("button"); n != nil {
		a.Button = p.enum(n, "button", buttons)
	}
	if n := o.val("modifiers"); n != nil {
		mods, nodes := p.strList(n, "modifiers", false)
		for i, m := range mods {
			if contains(modifierNames, m) {
				a.Modifiers = append(a.Modifiers, m)
				continue
			}
			p.errorf(nodes[i], "modifier must be %s, not %q%s", orList(modifierNames), m, keyAliasHint(m, modifierNames))
		}
	}
	return a
}

// canonical is the element of set equal to s ignoring case, or "".
func canonical(s string, set []string) string {
	for _, x := range set {
		if strings.EqualFold(s, x) {
			return x
		}
	}
	return ""
}

// scalarValue reads a string value where numbers and booleans are taken as
// their text (fill value, type text, select option).
func (p *parser) scalarValue(n *yaml.Node, what string) string {
	return p.istr(n, what)
}

func (p *parser) fill(spec *actionSpec, k, v *yaml.Node) *FillArgs {
	a := &FillArgs{}
	o := p.argsOnly(spec, k, v)
	if n := o.val("target"); n != nil {
		a.Target = p.target(n, "fill target")
	}
	if n := o.val("value"); n != nil {
		a.Value = p.scalarValue(n, "value")
	}
	return a
}

func (p *parser) typeArgs(spec *actionSpec, k, v *yaml.Node) *TypeArgs {
	a := &TypeArgs{}
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
	return a
}

func (p *parser) press(spec *actionSpec, k, v *yaml.Node) *PressArgs {
	a := &PressArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
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
	return a
}

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

func (p *parser) selectArgs(spec *actionSpec, k, v *yaml.Node) *SelectArgs {
	a := &SelectArgs{}
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return a
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
	return a
}

func (p *parser) upload(spec *actionSpec, k, v *yaml.Node) *UploadArgs {
	a := &UploadArgs{}
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
	return a
}

func (p *parser) scroll(spec *actionSpec, k, v *yaml.Node) *ScrollArgs {
	a := &ScrollArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	if r.Kind == yaml.ScalarNode && !isNull(r) && contains(scrollTos, r.Value) {
		a.To = r.Value
		return a
	}
	t, o := p.targetForm(spec, k, v)
	a.Target = t
	if o == nil {
		return a
	}
	ks := o.present([]string{"target", "to", "by"})
	switch len(ks) {
	case 0:
		p.errorf(k, "scroll needs target, to or by")
	case 1:
	default:
		p.errorf(o.m[ks[1]].k, "scroll takes one of target, to or by, not %s and %s", ks[0], ks[1])
	}
	if n := o.val("to"); n != nil {
		a.To = p.enum(n, "to", scrollTos)
	}
	if n := o.val("by"); n != nil {
		a.By, _ = p.integer(n, "by", -1<<30)
		if a.By == 0 {
			p.errorf(p.resolve(n), "by must not be 0")
		}
	}
	return a
}

func (p *parser) wait(spec *actionSpec, k, v *yaml.Node) *WaitArgs {
	a := &WaitArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	switch {
	case isNull(r):
		p.errorf(k, "wait needs a duration such as 500ms or a map {text|target|gone|url|load}")
		return a
	case r.Kind == yaml.ScalarNode:
		a.Duration, _ = p.duration(r, "wait", false)
		return a
	case r.Kind != yaml.MappingNode:
		p.errorf(r, "wait needs a duration or a map {text|target|gone|url|load}, not %s", kindName(r))
		return a
	}
	o := p.mapping(r, "wait")
	p.unknownKeys(o, "wait", keysOf(spec.Args), nil)
	ks := o.present(keysOf(spec.Args))
	switch len(ks) {
	case 0:
		if len(o.keys) == 0 {
			p.errorf(r, "wait needs one of %s", orList(keysOf(spec.Args)))
		}
		return a
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
	return a
}

// match reads {equals|contains|matches: "..."}.
func (p *parser) match(n *yaml.Node, what string) *Match {
	r := p.resolve(n)
	if r == nil {
		return nil
	}
	if r.Kind != yaml.MappingNode {
		p.errorf(r, "%s needs a map {equals|contains|matches: \"...\"}, not %s", what, kindName(r))
		return nil
	}
	o := p.mapping(r, what)
	p.unknownKeys(o, what, keysOf(matchFields), nil)
	return p.matchFrom(o, r, what)
}

// matchFrom builds a Match from the equals/contains/matches keys of o.
func (p *parser) matchFrom(o *obj, at *yaml.Node, what string) *Match {
	ks := o.present(keysOf(matchFields))
	switch len(ks) {
	case 0:
		p.errorf(at, "%s needs one of equals, contains or matches", what)
		return nil
	case 1:
	default:
		p.errorf(o.m[ks[1]].k, "%s takes one of equals, contains or matches, not %s and %s", what, ks[0], ks[1])
	}
	m := &Match{}
	key := ks[0]
	n := p.resolve(o.val(key))
	s := p.istr(n, key)
	switch key {
	case "equals":
		m.Equals = &s
	case "contains":
		if s == "" {
			p.errorf(n, "contains must not be empty")
		}
		m.Contains = &s
	case "matches":
		m.Matches = &Regex{Source: s}
		if s == "" {
			p.errorf(n, "matches must not be empty")
		} else if !HasInterpolation(s) {
			re, err := CompileMatch(s)
			if err != nil {
				p.errorf(n, "matches: %v", err)
			}
			m.Matches.Re = re
		}
	}
	return m
}

func (p *parser) expect(spec *actionSpec, k, v *yaml.Node) *ExpectArgs {
	a := &ExpectArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	if r.Kind != yaml.MappingNode {
		at := r
		hint := ""
		if isNull(r) {
			at = k
		} else if r.Kind == yaml.ScalarNode {
			hint = fmt.Sprintf(" (to check that a text is shown: {visible: %q})", r.Value)
		}
		p.errorf(at, "expect needs a map such as {visible: TARGET}, not %s%s", kindName(r), hint)
		return a
	}
	o := p.mapping(r, "expect")
	if o == nil {
		return a
	}
	p.unknownKeys(o, "expect", keysOf(spec.Args), nil)
	kinds := o.present(keysOf(expectKinds))
	switch len(kinds) {
	case 0:
		p.errorf(k, "expect needs one of %s", strings.Join(keysOf(expectKinds), ", "))
		return a
	case 1:
	default:
		p.errorf(o.m[kinds[1]].k, "expect takes one kind per step, not %s and %s; write two steps", kinds[0], kinds[1])
	}
	a.Kind = kinds[0]
	kind := fieldOf(expectKinds, a.Kind)
	p.expectKind(a, kind, o.val(a.Kind))
	allowed := p.expectCompanions(o, a.Kind, kind)
	switch a.Kind {
	case ExpectText, ExpectValue:
		if len(o.present(keysOf(matchFields))) == 0 {
			hint := ""
			if a.Kind == ExpectText {
				hint = " (to check that a text is shown, use visible)"
			}
			p.errorf(k, "expect %s needs equals, contains or matches%s", a.Kind, hint)
			break
		}
		a.Match = p.matchFrom(o, r, "expect "+a.Kind)
	case ExpectCount:
		p.expectCount(a, k, o, allowed)
	}
	return a
}

// expectKind reads the value of the expect's kind key into a.
func (p *parser) expectKind(a *ExpectArgs, kind *field, kn *yaml.Node) {
	switch kind.Kind {
	case kTarget:
		a.Target = p.target(kn, "expect "+a.Kind)
	case kMatch:
		a.Match = p.match(kn, "expect "+a.Kind)
	case kTrue:
		if !p.boolean(kn, a.Kind) && p.resolve(kn) != nil && p.resolve(kn).ShortTag() == "!!bool" {
			p.errorf(p.resolve(kn), "%s must be true (false checks nothing)", a.Kind)
		}
	case kObject:
		a.Match = p.expectDownload(kn)
	}
}

// expectCompanions reports the companion keys that do not go with the
// expect's kind, and returns the ones that do.
func (p *parser) expectCompanions(o *obj, kindKey string, kind *field) []string {
	var allowed []string
	switch kindKey {
	case ExpectText, ExpectValue:
		allowed = keysOf(matchFields)
	case ExpectCount:
		allowed = []string{"equals", "min", "max"}
	}
	for _, c := range o.present(keysOf(expectCompanions)) {
		if contains(allowed, c) {
			continue
		}
		switch {
		case kind.Kind == kMatch && fieldOf(matchFields, c) != nil:
			p.errorf(o.m[c].k, "%s goes inside %s: {%s: {%s: ...}}", c, kindKey, kindKey, c)
		case kindKey == ExpectDownload && fieldOf(matchFields, c) != nil:
			p.errorf(o.m[c].k, "%s goes inside the download's name: {download: {name: {%s: ...}}}", c, c)
		case len(allowed) == 0:
			p.errorf(o.m[c].k, "%s does not go with expect %s", c, kindKey)
		default:
			p.errorf(o.m[c].k, "%s does not go with expect %s; use %s", c, kindKey, orList(allowed))
		}
	}
	return allowed
}

// expectCount reads the bounds of expect count.
func (p *parser) expectCount(a *ExpectArgs, k *yaml.Node, o *obj, allowed []string) {
	ks := o.present(allowed)
	if len(ks) == 0 {
		p.errorf(k, "expect count needs equals, min or max")
		return
	}
	for _, c := range ks {
		n, ok := p.integer(o.val(c), c, 0)
		if !ok {
			continue
		}
		switch c {
		case "equals":
			a.Equals = &n
		case "min":
			a.Min = &n
		case "max":
			a.Max = &n
		}
	}
	if o.has("equals") && (o.has("min") || o.has("max")) {
		p.errorf(o.m["equals"].k, "expect count takes equals, or min and/or max, not both")
	}
	if a.Min != nil && a.Max != nil && *a.Min > *a.Max {
		p.errorf(o.m["max"].k, "max (%d) is less than min (%d)", *a.Max, *a.Min)
	}
}

func (p *parser) assert(spec *actionSpec, k, v *yaml.Node) *AssertArgs {
	a := &AssertArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	switch {
	case isNull(r):
		p.errorf(k, "assert needs an expression")
	case r.Kind == yaml.ScalarNode:
		a.That = p.expr(r, "assert", true)
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "assert")
		p.checkArgs(o, spec, k)
		if n := o.val("that"); n != nil {
			a.That = p.expr(n, "that", true)
		}
		if n := o.val("message"); n != nil {
			a.Message = p.istr(n, "message")
		}
	default:
		p.errorf(r, "assert needs an expression or {that, message}, not %s", kindName(r))
	}
	return a
}

func (p *parser) extract(spec *actionSpec, k, v *yaml.Node) *ExtractArgs {
	a := &ExtractArgs{}
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return a
	}
	switch ks := o.present([]string{"from", "expr"}); len(ks) {
	case 0:
		p.errorf(k, "extract needs from (a TARGET) or expr")
	case 2:
		p.errorf(o.m[ks[1]].k, "extract takes from or expr, not both")
	}
	if n := o.val("from"); n != nil {
		a.From = p.target(n, "extract from")
	}
	if n := o.val("attr"); n != nil {
		a.Attr = p.nonEmpty(n, "attr")
		if !o.has("from") {
			p.errorf(o.m["attr"].k, "attr goes with from")
		}
	}
	if n := o.val("expr"); n != nil {
		a.Expr = p.expr(n, "expr", false)
	}
	if n := o.val("var"); n != nil {
		name := strings.TrimSpace(p.text(n, "var"))
		if p.checkVarName(name, p.resolve(n)) {
			a.Var = name
			p.known[name] = true
		}
	}
	return a
}

func (p *parser) screenshot(spec *actionSpec, k, v *yaml.Node) *ScreenshotArgs {
	a := &ScreenshotArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	switch {
	case isNull(r):
		p.errorf(k, "screenshot needs a name")
	case r.Kind == yaml.ScalarNode:
		a.Name = p.artifactName(r, "screenshot name")
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "screenshot")
		p.checkArgs(o, spec, k)
		if n := o.val("name"); n != nil {
			a.Name = p.artifactName(n, "screenshot name")
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
	return a
}

func (p *parser) eval(k, v *yaml.Node) string {
	r := p.resolve(v)
	if r == nil {
		return ""
	}
	if isNull(r) {
		p.errorf(k, "eval needs JavaScript")
		return ""
	}
	s := p.nonEmpty(r, "eval")
	p.known["result"] = true
	return s
}

func (p *parser) run(spec *actionSpec, k, v *yaml.Node) *RunArgs {
	a := &RunArgs{}
	r := p.resolve(v)
	if r == nil {
		return a
	}
	var at *yaml.Node
	var with []string
	switch {
	case isNull(r):
		p.errorf(k, "run needs a flow file")
		return a
	case r.Kind == yaml.ScalarNode:
		a.Flow, at = p.text(r, "run"), r
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, "run")
		p.checkArgs(o, spec, k)
		if n := o.val("flow"); n != nil {
			a.Flow, at = p.text(n, "flow"), p.resolve(n)
		}
		if n := o.val("with"); n != nil && !isNull(p.resolve(n)) {
			a.With = p.vars(n, "with")
			for _, w := range a.With {
				with = append(with, w.Name)
			}
		}
	default:
		p.errorf(r, "run needs a flow file or {flow, with}, not %s", kindName(r))
		return a
	}
	if at == nil {
		return a
	}
	switch {
	case strings.TrimSpace(a.Flow) == "":
		p.errorf(at, "run: the flow path must not be empty")
	case strings.Contains(a.Flow, "${"):
		p.errorf(at, "run: the flow path cannot use ${...}: sub-flows are loaded with the flow")
	default:
		p.loadSub(a, at, with)
	}
	return a
}

func (p *parser) repeat(spec *actionSpec, k, v *yaml.Node) *RepeatArgs {
	a := &RepeatArgs{}
	o := p.argsOnly(spec, k, v)
	if o == nil {
		return a
	}
	ks := o.present([]string{"times", "while", "until"})
	switch len(ks) {
	case 0:
		p.errorf(k, "repeat needs one of times, while or until")
	case 1:
	default:
		p.errorf(o.m[ks[1]].k, "repeat takes one of times, while or until, not %s and %s", ks[0], ks[1])
	}
	if n := o.val("times"); n != nil {
		a.Times, _ = p.integer(n, "times", 1)
	}
	if n := o.val("while"); n != nil {
		a.While = p.expr(n, "while", true)
	}
	if n := o.val("max"); n != nil {
		a.Max, _ = p.integer(n, "max", 1)
		if o.has("times") {
			p.errorf(o.m["max"].k, "max goes with while or until, not times")
		}
	} else if !o.has("times") {
		a.Max = DefaultRepeatMax
	}
	if n := o.val("steps"); n != nil {
		a.Steps = p.steps(n, "repeat steps", true)
	}
	// until is checked after each round: it sees what the steps set.
	if n := o.val("until"); n != nil {
		a.Until = p.expr(n, "until", true)
	}
	return a
}

// skipReasonHint is the fix given when skip: has no reason.
const skipReasonHint = `skip needs a reason, such as skip: "search is down on staging, see #123"`

// skipOnly reads skip: and only: (docs/flows.md "Skipping and focusing").
// They matter only for a flow run on its own; `run:` ignores them in the
// flows it loads.
func (p *parser) skipOnly(o *obj) {
	f := p.flow
	if e, ok := o.get("skip"); ok {
		n := p.resolve(e.v)
		switch {
		case n == nil:
		case n.Kind == yaml.ScalarNode && (isNull(n) || n.ShortTag() == "!!bool"):
			p.errorf(n, "%s, not %s", skipReasonHint, kindName(n))
		default:
			f.Skip = strings.TrimSpace(p.text(n, "skip"))
			if f.Skip == "" && n.Kind == yaml.ScalarNode {
				p.errorf(n, "%s", skipReasonHint)
			}
		}
	}
	if e, ok := o.get("only"); ok {
		f.Only = p.boolean(e.v, "only")
		f.OnlyPos = p.pos(e.k)
		if f.Only && f.Skip != "" {
			p.errorf(e.k, "a flow cannot have both skip and only: true; remove one of them")
		}
	}
}
