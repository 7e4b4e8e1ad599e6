package flows

import (
	"bytes"
	"errors"
	"fmt"
	"io"
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
	// dataBroken: data: had errors, so ${row.NAME} is not checked
	// against it; rowChecked are the columns checked against every row.
	dataBroken bool
	rowChecked map[string]bool
}

// subCtx is what a caller's `run` step gives the flow it loads.
type subCtx struct {
	with    []string // names given by with:
	hasBase bool     // the caller has a base URL
}

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
	p.localTags(&doc)
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
		hint := ""
		if root.Kind == yaml.SequenceNode {
			// docs/flows.md "Data rows": a YAML data file found as a flow
			hint = "; if this is a data: file, start its name with _ (_users.yaml) so that folders searched for flows leave it out"
		}
		p.errorf(root, "a flow file must be a map with name and steps, not %s%s", kindName(root), hint)
		return
	}
	o := p.mapping(root, "flow")
	if o == nil {
		return
	}
	p.unknownKeys(o, "", keysOf(flowFields), isExtensionKey)

	p.flowHeader(o, root)
	p.skipOnly(o)
	p.dataKeys(o)
	p.quarantineField(o)
	p.retriesField(o)

	// Names known before any step: --var, with:, then vars in order.
	for k := range p.ld.opts.Vars {
		p.known[k] = true
	}
	for _, k := range ctx.with {
		p.known[k] = true
	}
	if n := o.val("secrets"); n != nil {
		p.secretsField(n)
	}
	if n := o.val("vars"); n != nil && !isNull(p.resolve(n)) {
		f.Vars = p.vars(n, "vars")
	}
	if n := o.val("base_url"); n != nil {
		f.BaseURL = p.nonEmpty(n, "base_url")
		p.checkBaseURL(n, f.BaseURL)
	}
	p.hasBase = f.BaseURL != "" || p.ld.opts.BaseURL != "" || ctx.hasBase
	p.timeouts(o)
	if n := o.val("viewport"); n != nil {
		f.Viewport = p.viewport(n)
	}
	p.places(o)
	p.guardKeys(o)
	p.ignoreRequests(o)
	if n := o.val("routes"); n != nil {
		p.routesField(n)
	}
	if n := o.val("har"); n != nil {
		p.harRecordField(n)
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

// flowHeader reads name, description and tags.
func (p *parser) flowHeader(o *obj, root *yaml.Node) {
	f := p.flow
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

}

// secretsField reads secrets: environment variable names, each once.
func (p *parser) secretsField(n *yaml.Node) {
	names, nodes := p.strList(n, "secrets", false)
	for i, name := range names {
		switch {
		case !identRE.MatchString(name):
			p.errorf(nodes[i], "secret %q must be an environment variable name (letters, digits and _)", name)
		case p.secrets[name]:
			p.errorf(nodes[i], "secret %q is listed twice", name)
		default:
			p.secrets[name] = true
			p.flow.Secrets = append(p.flow.Secrets, name)
			if _, ok := p.ld.opts.LookupEnv(name); !ok {
				p.needAt(p.pos(nodes[i]), NeedEnv, "secret %q is not set in the environment", name)
			}
		}
	}
}

// timeouts reads timeout and step_timeout.
func (p *parser) timeouts(o *obj) {
	if n := o.val("timeout"); n != nil {
		if d, ok := p.duration(n, "timeout", true); ok {
			p.flow.Timeout = d
		}
	}
	if n := o.val("step_timeout"); n != nil {
		if d, ok := p.duration(n, "step_timeout", true); ok {
			p.flow.StepTimeout = d
		}
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
		spec := actionByName[ActionName(n.Value)]
		if spec == nil {
			p.unknownStep(n, n.Value)
			return nil
		}
		if !spec.Null {
			p.errorf(n, "%s needs an argument: \"- %s: ...\"", spec.Name, spec.Name)
			return nil
		}
		s := &Step{Pos: p.pos(n), EndLine: p.endLine(n)}
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
		case actionByName[ActionName(k)] != nil:
			acts = append(acts, k)
		case contains(common, k):
		default:
			key := o.m[k].k
			sug := nearest(k, append(actionNames(), common...))
			switch {
			case sug != "" && actionByName[ActionName(sug)] != nil:
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
	spec := actionByName[ActionName(acts[0])]
	s := &Step{Pos: p.pos(e.k), EndLine: p.endLine(n)}
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
	if v := o.val("soft"); v != nil {
		s.Soft = p.soft(v, spec.Name, s.Optional)
	}
	p.action(s, spec, e.k, e.v)
	return s
}

// soft reads a step's `soft:`, which only checks take
// (docs/flows.md "Soft checks").
func (p *parser) soft(v *yaml.Node, action ActionName, optional bool) bool {
	soft := p.boolean(v, "soft")
	switch {
	case !soft:
	case action != ActionExpect && action != ActionAssert:
		p.errorf(v, "soft: true is for expect and assert steps, not %s; to let a %s step fail and go on, write optional: true", action, action)
	case optional:
		p.errorf(v, "a step is soft or optional, not both: soft fails the flow at its end, optional only warns; remove one")
	}
	return soft
}

// action parses the argument v of action spec (k is the action's key)
// into the step's action, made by the spec.
func (p *parser) action(s *Step, spec *actionSpec, k, v *yaml.Node) {
	s.Action = spec.New()
	s.Action.parse(p, spec, k, v)
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
		if spec.Name == ActionGroup && r.Kind == yaml.SequenceNode {
			hint = "; put the list under steps:"
		}
		p.errorf(at, "%s needs %s, not %s%s", spec.Name, argsShape(spec), kindName(r), hint)
		return nil
	}
	o := p.mapping(r, string(spec.Name))
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
	p.unknownKeys(o, string(spec.Name), allowed, func(key string) bool {
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
		return p.target(r, string(spec.Name)), nil
	case r.Kind == yaml.MappingNode:
		o := p.mapping(r, string(spec.Name))
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
			return p.targetMap(o, string(spec.Name), 0), nil
		}
		p.checkArgs(o, spec, k)
		var t *Target
		if n := o.val("target"); n != nil {
			t = p.target(n, string(spec.Name)+" target")
		}
		return t, o
	}
	p.errorf(r, "%s needs a target (a string or a map), not %s", spec.Name, kindName(r))
	return nil, nil
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
