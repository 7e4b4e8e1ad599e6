package flows

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"
)

// Interpolation namespaces.
const (
	nsVars    = "vars"
	nsEnv     = "env"
	nsSecrets = "secrets"
	nsFlow    = "flow"
	// nsRow is ${row.COLUMN}, the data row the flow runs (docs/flows.md
	// "Data rows").
	nsRow = "row"
)

// reserved names cannot be variables: they are the namespaces.
// `response` is the last request's (docs/flows.md "request").
var reservedNames = []string{nsVars, nsEnv, nsSecrets, nsFlow, nsRow, responseVar}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
var segmentRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*|[0-9]+)$`)

// ref is one ${...} in a string.
type ref struct {
	Start, End int    // byte offsets of "${" and after "}"
	Raw        string // the text between the braces
	NS         string // vars, env, secrets or flow
	Name       string
	Path       []string // vars only: keys/indexes into the value
	Func       string   // "totp" for ${totp(secrets.NAME)}, else ""
}

// funcRE is a function call in ${...}: ${totp(secrets.NAME)}.
var funcRE = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)\(\s*([^()]*?)\s*\)$`)

// refError is a syntax error of an interpolation at a byte offset.
type refError struct {
	Off    int
	Needle string
	Msg    string
}

func (e *refError) Error() string { return e.Msg }

// scanRefs finds the ${...} of s. "$${" is a literal "${" and is skipped.
func scanRefs(s string) ([]ref, *refError) {
	var refs []ref
	for i := 0; i < len(s); {
		switch {
		case strings.HasPrefix(s[i:], "$${"):
			i += 3
		case strings.HasPrefix(s[i:], "${"):
			j := strings.IndexByte(s[i+2:], '}')
			if j < 0 {
				return refs, &refError{Off: i, Needle: "${", Msg: "unterminated ${ (missing }); write $${ for a literal ${"}
			}
			raw := s[i+2 : i+2+j]
			r, err := parseRef(raw)
			if err != nil {
				return refs, &refError{Off: i, Needle: s[i : i+3+j], Msg: err.Error()}
			}
			r.Start, r.End = i, i+3+j
			refs = append(refs, r)
			i += 3 + j
		default:
			i++
		}
	}
	return refs, nil
}

func parseRef(raw string) (ref, error) {
	r := ref{Raw: raw}
	t := strings.TrimSpace(raw)
	if t == "" {
		return r, fmt.Errorf("empty ${}: write ${vars.NAME}, ${env.NAME}, ${secrets.NAME}, ${row.COLUMN} or ${flow.name}")
	}
	if col, ok := strings.CutPrefix(t, nsRow+"."); ok && strings.TrimSpace(col) != "" {
		// a column as its header names it, spaces, dashes and dots too
		// (`${row.First Name}`, `${row.e-mail}`): a spreadsheet's header
		// is no identifier (docs/flows.md "Data rows")
		r.NS, r.Name = nsRow, strings.TrimSpace(col)
		return r, nil
	}
	if m := funcRE.FindStringSubmatch(t); m != nil {
		return parseCall(raw, m[1], m[2])
	}
	parts := strings.Split(t, ".")
	bad := func() (ref, error) {
		return r, fmt.Errorf("bad reference ${%s}: write ${vars.NAME}, ${env.NAME}, ${secrets.NAME}, ${row.COLUMN} or ${flow.name}", raw)
	}
	for _, s := range parts {
		if !segmentRE.MatchString(s) {
			return bad()
		}
	}
	switch parts[0] {
	case nsVars, nsEnv, nsSecrets, nsFlow, nsRow:
		if len(parts) < 2 {
			return r, fmt.Errorf("${%s} needs a name: ${%s.NAME}", t, parts[0])
		}
		r.NS, r.Name, r.Path = parts[0], parts[1], parts[2:]
		if r.NS != nsVars && len(r.Path) > 0 {
			return bad()
		}
	default:
		r.NS, r.Name, r.Path = nsVars, parts[0], parts[1:]
	}
	if !identRE.MatchString(r.Name) {
		return bad()
	}
	return r, nil
}

// parseCall reads ${FN(ARG)}: only ${totp(secrets.NAME)} exists
// (docs/flows.md "One-time codes").
func parseCall(raw, fn, arg string) (ref, error) {
	if fn != fnTOTP {
		return ref{Raw: raw}, fmt.Errorf("unknown function %s() in ${%s}: the one function is ${totp(secrets.NAME)}", fn, raw)
	}
	r, err := parseRef(arg)
	if err != nil || r.NS != nsSecrets || r.Func != "" {
		return ref{Raw: raw}, fmt.Errorf("${%s}: totp takes a secret, write ${totp(secrets.NAME)} with NAME listed in secrets", raw)
	}
	r.Raw, r.Func = raw, fnTOTP
	return r, nil
}

// HasInterpolation reports whether s holds a ${...} (not counting $${).
func HasInterpolation(s string) bool {
	refs, err := scanRefs(s)
	return len(refs) > 0 || err != nil
}

// checkInterp checks every ${...} of s (from node n) against the names known
// at this point of the flow.
func (p *parser) checkInterp(s string, n *yaml.Node) {
	if !strings.Contains(s, "${") {
		return
	}
	refs, rerr := scanRefs(s)
	seen := map[string]bool{}
	for _, r := range refs {
		needle := s[r.Start:r.End]
		if seen[needle] {
			continue
		}
		seen[needle] = true
		if msg, fix := p.checkName(r.NS, r.Name, "${"+r.Raw+"}"); msg != "" {
			p.nameErrorAt(p.locate(n, needle, 0), r.NS, msg, fix)
		} else if msg := checkResponseRef(r); msg != "" {
			p.errorAt(p.locate(n, needle, 0), "%s", msg)
		} else if err := p.checkTOTP(r); err != nil {
			p.errorAt(p.locate(n, needle, 0), "%s", err)
		}
	}
	if rerr != nil {
		p.errorAt(p.locate(n, rerr.Needle, 0), "%s", rerr.Msg)
	}
}

// checkTOTP checks, before the browser starts, that the secret of a
// ${totp(secrets.NAME)} is a TOTP key, when the environment has it
// (docs/flows.md "One-time codes").
func (p *parser) checkTOTP(r ref) error {
	if r.Func != fnTOTP {
		return nil
	}
	v, ok := p.ld.opts.LookupEnv(r.Name)
	if !ok {
		return nil
	}
	_, _, err := totpKey(r.Name, v)
	return err
}

// nameErrorAt records checkName's message: an unset environment variable
// is about what the run needs (NeedEnv), any other unknown name is an
// error in the file.
func (p *parser) nameErrorAt(pos Pos, ns, msg string, fix Setting) {
	if ns == nsEnv {
		p.needAt(pos, NeedEnv, "%s", msg)
		return
	}
	p.addError(&Error{Pos: pos, Msg: msg, Fix: fix})
}

// checkName returns an error message when a name is unknown here, and
// the run setting that would also fix it (a variable's value), if any.
func (p *parser) checkName(ns, name, shown string) (string, Setting) {
	switch ns {
	case nsVars:
		p.used[name] = true
		if p.known[name] {
			return "", SettingNone
		}
		if name == responseVar {
			return noResponseMsg(shown), SettingNone
		}
		known := make([]string, 0, len(p.known))
		for k := range p.known {
			known = append(known, k)
		}
		sort.Strings(known)
		if dym := didYouMean(name, known); dym != "" {
			return fmt.Sprintf("unknown variable %q in %s%s", name, shown, dym), SettingNone
		}
		if name == "result" {
			return fmt.Sprintf("unknown variable \"result\" in %s: an eval step sets it, and there is none before this step", shown), SettingNone
		}
		if name == DownloadVar {
			return fmt.Sprintf("unknown variable %q in %s: a click, dblclick or press that downloads a file sets it (or an expect download), and there is none before this step", name, shown), SettingNone
		}
		return fmt.Sprintf("unknown variable %q in %s: declare it in vars, give it a value for the run (%s=VALUE) or set it with an earlier extract", name, shown, name), SettingVar
	case nsEnv:
		if _, ok := p.ld.opts.LookupEnv(name); ok {
			return "", SettingNone
		}
		return fmt.Sprintf("environment variable %q in %s is not set", name, shown), SettingNone
	case nsSecrets:
		if p.secrets[name] {
			return "", SettingNone
		}
		var names []string
		for k := range p.secrets {
			names = append(names, k)
		}
		sort.Strings(names)
		return fmt.Sprintf("secret %q in %s is not listed in secrets%s", name, shown, didYouMean(name, names)), SettingNone
	case nsFlow:
		if name == "name" {
			return "", SettingNone
		}
		return fmt.Sprintf("unknown %s: only ${flow.name} exists", shown), SettingNone
	case nsRow:
		return p.checkRowName(name, shown), SettingNone
	}
	return "", SettingNone
}

// Scope holds the values that interpolation and expressions read at run
// time.
type Scope struct {
	// Vars are the flow's variables: vars:, --var, with:, extract and
	// eval's result. Values are strings, numbers, booleans, nil, []any or
	// map[string]any.
	Vars map[string]any
	// Env looks up environment variables; nil means os.LookupEnv.
	Env func(string) (string, bool)
	// Secrets maps each name of secrets: to its value.
	Secrets map[string]string
	// FlowName is ${flow.name}: the name of the top-level flow (the test
	// case), also inside sub-flows.
	FlowName string
	// Now is the clock of ${totp(...)}; nil means time.Now.
	Now func() time.Time
	// Mask, when set, is given every one-time code made, so that outputs
	// hide it as they hide secrets (docs/flows.md "One-time codes").
	Mask *Masker
	// Row is ${row.COLUMN}: the values of the data row the top-level flow
	// runs, nil without one (docs/flows.md "Data rows").
	Row map[string]string
}

// totp is the one-time code of the secret name of value v, now.
func (sc *Scope) totp(name, v string) (string, error) {
	now := time.Now
	if sc.Now != nil {
		now = sc.Now
	}
	code, err := TOTPCode(name, v, now())
	if err == nil {
		sc.Mask.Add(code)
	}
	return code, err
}

// Interpolate replaces every ${...} of s with its value, and $${ with ${.
// An unknown name is an error, never an empty string.
func Interpolate(s string, sc *Scope) (string, error) {
	if !strings.Contains(s, "${") {
		return s, nil
	}
	refs, rerr := scanRefs(s)
	if rerr != nil {
		return "", rerr
	}
	var b strings.Builder
	last := 0
	for _, r := range refs {
		b.WriteString(unescape(s[last:r.Start]))
		v, err := sc.lookup(r)
		if err != nil {
			return "", err
		}
		b.WriteString(v)
		last = r.End
	}
	b.WriteString(unescape(s[last:]))
	return b.String(), nil
}

func unescape(s string) string { return strings.ReplaceAll(s, "$${", "${") }

func (sc *Scope) lookup(r ref) (string, error) {
	v, err := sc.refValue(r)
	if err != nil {
		return "", err
	}
	return render(v), nil
}

// refValue is the value of a reference, with its type.
func (sc *Scope) refValue(r ref) (any, error) {
	if sc == nil {
		sc = &Scope{}
	}
	switch r.NS {
	case nsEnv:
		env := sc.Env
		if env == nil {
			env = os.LookupEnv
		}
		if v, ok := env(r.Name); ok {
			return v, nil
		}
		return "", fmt.Errorf("environment variable %q is not set", r.Name)
	case nsSecrets:
		if v, ok := sc.Secrets[r.Name]; ok && r.Func == fnTOTP {
			return sc.totp(r.Name, v)
		} else if ok {
			return v, nil
		}
		return "", fmt.Errorf("unknown secret %q", r.Name)
	case nsFlow:
		if r.Name == "name" {
			return sc.FlowName, nil
		}
		return "", fmt.Errorf("unknown ${flow.%s}", r.Name)
	case nsRow:
		if v, ok := sc.Row[r.Name]; ok {
			return v, nil
		}
		return "", fmt.Errorf("${row.%s}: the row has no column %q", r.Name, r.Name)
	}
	v, ok := sc.Vars[r.Name]
	if !ok {
		return "", fmt.Errorf("unknown variable %q", r.Name)
	}
	for i, seg := range r.Path {
		switch x := v.(type) {
		case map[string]any:
			if v, ok = x[seg]; !ok {
				return "", fmt.Errorf("${%s}: %s has no key %q", r.Raw, strings.Join(append([]string{r.Name}, r.Path[:i]...), "."), seg)
			}
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(x) {
				return "", fmt.Errorf("${%s}: no index %s in a list of %d", r.Raw, seg, len(x))
			}
			v = x[n]
		case *Response:
			if v, ok = x.field(seg); !ok {
				return "", fmt.Errorf("${%s}: %s", r.Raw, noResponseField(seg))
			}
		case map[string]string:
			if v, ok = x[seg]; !ok {
				return "", fmt.Errorf("${%s}: %s has no key %q", r.Raw, strings.Join(append([]string{r.Name}, r.Path[:i]...), "."), seg)
			}
		default:
			return "", fmt.Errorf("${%s}: %s is not a map or a list", r.Raw, strings.Join(append([]string{r.Name}, r.Path[:i]...), "."))
		}
	}
	return v, nil
}

// render turns a variable's value into text: strings as they are, nil as
// "", numbers and booleans as written, lists and maps as JSON.
func render(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32)
	case fmt.Stringer:
		return x.String()
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// InterpolateTarget returns a copy of t with every string field
// interpolated, through Within.
func InterpolateTarget(t *Target, sc *Scope) (*Target, error) {
	if t == nil {
		return nil, nil
	}
	c := *t
	for _, f := range []*string{&c.Phrase, &c.Ref, &c.Role, &c.Name, &c.Label, &c.Placeholder, &c.Text, &c.TestID, &c.CSS, &c.HasText} {
		v, err := Interpolate(*f, sc)
		if err != nil {
			return nil, err
		}
		*f = v
	}
	c.Ref = strings.TrimPrefix(c.Ref, "@")
	if t.Nth != nil {
		n := *t.Nth
		c.Nth = &n
	}
	if t.Within != nil {
		w, err := InterpolateTarget(t.Within, sc)
		if err != nil {
			return nil, err
		}
		c.Within = w
	}
	return &c, nil
}

// InterpolateValue interpolates the strings inside a variable's value
// (strings, lists and maps), returning a copy.
func InterpolateValue(v any, sc *Scope) (any, error) {
	return mapStrings(v, func(x string) (any, error) { return Interpolate(x, sc) })
}

// mapStrings returns a copy of v (a YAML value: scalars, lists, maps) with
// every string replaced by what f makes of it.
func mapStrings(v any, f func(string) (any, error)) (any, error) {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			r, err := mapStrings(e, f)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			r, err := mapStrings(e, f)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		return out, nil
	}
	return v, nil
}

// NewScope is the scope a top-level flow starts with: its vars (each
// interpolated in file order, so later ones may use earlier ones), then
// the --var overrides, its secrets read from the environment, and its name.
func NewScope(f *Flow, opts LoadOptions) (*Scope, error) {
	lookup := opts.LookupEnv
	if lookup == nil {
		lookup = os.LookupEnv
	}
	sc := &Scope{Vars: map[string]any{}, Env: lookup, Secrets: map[string]string{}, FlowName: f.Name}
	if f.Row != nil {
		sc.Row = f.Row.Values
	}
	if err := sc.addSecrets(f.Secrets); err != nil {
		return nil, err
	}
	if err := sc.addVars(f.Vars, opts.Vars, nil, nil); err != nil {
		return nil, err
	}
	return sc, nil
}

func (sc *Scope) addSecrets(names []string) error {
	env := sc.Env
	if env == nil {
		env = os.LookupEnv
	}
	for _, name := range names {
		v, ok := env(name)
		if !ok {
			return fmt.Errorf("secret %q is not set in the environment", name)
		}
		sc.Secrets[name] = v
	}
	return nil
}

// addVars sets the --var overrides and with values, then the declared
// vars that neither overrides (each interpolated in sc, in file order).
func (sc *Scope) addVars(decl []Var, overrides map[string]string, with map[string]any, withOrder []string) error {
	for k, o := range overrides {
		sc.Vars[k] = o
	}
	for _, k := range withOrder {
		sc.Vars[k] = with[k]
	}
	for _, v := range decl {
		if _, ok := with[v.Name]; ok {
			continue
		}
		if _, ok := overrides[v.Name]; ok {
			continue
		}
		val, err := InterpolateValue(v.Value, sc)
		if err != nil {
			return fmt.Errorf("vars.%s: %w", v.Name, err)
		}
		sc.Vars[v.Name] = val
	}
	return nil
}

// SubScope is the scope a `run` step's sub-flow runs in: the sub-flow's
// own vars, overridden by --var, overridden by `with` (whose values are
// interpolated in the caller's scope sc). Secrets are the caller's and the
// sub-flow's; FlowName stays the top-level flow's.
func (sc *Scope) SubScope(run *Run, overrides map[string]string) (*Scope, error) {
	if run == nil || run.Loaded == nil {
		return nil, fmt.Errorf("run: the sub-flow is not loaded")
	}
	sub := &Scope{Vars: map[string]any{}, Env: sc.Env, Secrets: map[string]string{}, FlowName: sc.FlowName, Now: sc.Now, Mask: sc.Mask}
	for k, v := range sc.Secrets {
		sub.Secrets[k] = v
	}
	if err := sub.addSecrets(run.Loaded.Secrets); err != nil {
		return nil, err
	}
	with := map[string]any{}
	var order []string
	for _, w := range run.With {
		v, err := InterpolateValue(w.Value, sc)
		if err != nil {
			return nil, fmt.Errorf("with.%s: %w", w.Name, err)
		}
		with[w.Name] = v
		order = append(order, w.Name)
	}
	if err := sub.addVars(run.Loaded.Vars, overrides, with, order); err != nil {
		return nil, err
	}
	return sub, nil
}

// Export copies back into sc the variables that a sub-flow sets (its
// Exports: extract vars and eval's result), after a `run` step.
func (sc *Scope) Export(sub *Scope, names []string) {
	for _, n := range names {
		if v, ok := sub.Vars[n]; ok {
			sc.Vars[n] = v
		}
	}
}

// Masker hides secret values in text. It is safe for concurrent use: a
// one-time code joins it while outputs are written (Add).
type Masker struct {
	mu sync.RWMutex
	r  *strings.Replacer
	vs []string // the values and their escaped forms, longest first
}

// Mask is what a secret value becomes in outputs.
const Mask = "•••"

// NewMasker masks the given values (empty ones are ignored), longest
// first, together with their URL- and JSON-escaped forms.
func NewMasker(secretValues ...string) *Masker {
	m := &Masker{}
	m.Add(secretValues...)
	return m
}

// Add masks more values from now on (a one-time code once made). A nil
// Masker ignores them.
func (m *Masker) Add(secretValues ...string) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	seen := map[string]bool{}
	for _, v := range m.vs {
		seen[v] = true
	}
	vs := m.vs
	add := func(s string) {
		if s != "" && !seen[s] {
			seen[s] = true
			vs = append(vs, s)
		}
	}
	for _, s := range secretValues {
		if s == "" {
			continue
		}
		add(s)
		add(url.QueryEscape(s))
		add(url.PathEscape(s))
		if b, err := json.Marshal(s); err == nil {
			add(string(b[1 : len(b)-1]))
		}
	}
	if len(vs) == len(m.vs) {
		return
	}
	sort.SliceStable(vs, func(i, j int) bool { return len(vs[i]) > len(vs[j]) })
	pairs := make([]string, 0, 2*len(vs))
	for _, v := range vs {
		pairs = append(pairs, v, Mask)
	}
	m.r, m.vs = strings.NewReplacer(pairs...), vs
}

// Values are the strings the masker hides: every secret value and its
// URL- and JSON-escaped forms, longest first. Screenshots paint over what
// shows them (docs/running.md "Secrets in screenshots").
func (m *Masker) Values() []string {
	if m == nil {
		return nil
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	return append([]string(nil), m.vs...)
}

// Mask replaces every secret value in s with •••.
func (m *Masker) Mask(s string) string {
	if m == nil {
		return s
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.r == nil {
		return s
	}
	return m.r.Replace(s)
}

// MaskBytes is Mask for bytes.
func (m *Masker) MaskBytes(b []byte) []byte {
	if m == nil {
		return b
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if m.r == nil {
		return b
	}
	return []byte(m.r.Replace(string(b)))
}

// Masker returns a Masker of the scope's secret values.
func (sc *Scope) Masker() *Masker {
	vs := make([]string, 0, len(sc.Secrets))
	for _, v := range sc.Secrets {
		vs = append(vs, v)
	}
	return NewMasker(vs...)
}
