package flows

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

// The action policy (docs/security.md "Action policy"): a file of rules
// that allow, deny or ask to confirm steps by their action and what they
// act on. The grammar and the precedence are those of docs/security.md.

// Effect is what a policy does with a step.
type Effect int

const (
	Allow   Effect = iota // the step runs
	Deny                  // the step fails, with reason policy
	Confirm               // the step runs once confirmed (docs/security.md "Confirmations")
)

func (e Effect) String() string {
	switch e {
	case Deny:
		return "deny"
	case Confirm:
		return "confirm"
	}
	return "allow"
}

// KindDownload is the kind of the policy's rules about downloads: no step
// action, the files a page downloads.
const KindDownload = "download"

// Policy is a loaded policy file. A nil *Policy allows everything.
type Policy struct {
	File    string
	Default Effect
	// DefaultPos is where `default:` is written (Line 0 when it is not).
	DefaultPos Pos
	rules      []policyRule
}

// policyRule is one entry of allow, deny or confirm.
type policyRule struct {
	Src    string
	Pos    Pos
	Effect Effect
	Kind   string         // an action name, download, or * for any
	Re     *regexp.Regexp // /re/flags: searched in the subjects
	Glob   string         // a glob, lower case: matched whole (the host of a URL)
}

// Decision is what a policy says of a step, and the rule that says it.
type Decision struct {
	Effect Effect
	// Rule is the rule as written ("" when the default decided), at Pos.
	Rule string
	Pos  Pos
	// Activation: the rule is a rule on click that matched the element
	// the step activates, not the step itself.
	Activation bool
}

// String says it for a message: `rule "click:/delete/i" (policy.yaml:3:5)`
// or `the default (deny)`.
func (d Decision) String() string {
	if d.Rule == "" {
		return fmt.Sprintf("the default (%s)", d.Effect)
	}
	return fmt.Sprintf("rule %q (%s)", d.Rule, d.Pos)
}

// policyKinds are what a rule's kind may name: the step actions but the
// containers (their steps are checked one by one), download, and *.
func policyKinds() []string {
	var out []string
	for _, a := range Actions() {
		if a != ActionRun && a != ActionGroup && a != ActionRepeat {
			out = append(out, string(a))
		}
	}
	return append(out, KindDownload, "*")
}

var policyFields = []string{"default", "allow", "deny", "confirm"}

// LoadPolicy reads a policy file, YAML or JSON. Every problem is an
// *Error at its place, joined as Errors.
func LoadPolicy(file string) (*Policy, error) {
	src, err := readFlowFile(file)
	if err != nil {
		return nil, Errors{{Pos: Pos{File: file}, Msg: "cannot read the policy: " + unwrapPathError(err)}}
	}
	return ParsePolicy(file, src)
}

// ParsePolicy reads a policy from its source; file names it in errors.
func ParsePolicy(file string, src []byte) (*Policy, error) {
	ld := newLoader(LoadOptions{})
	p := &parser{ld: ld, file: file, dir: path.Dir(file), lines: splitLines(src), budget: nodeBudget}
	pol := &Policy{File: file}
	var doc yaml.Node
	err := decodeYAML(yaml.NewDecoder(bytes.NewReader(src)), &doc)
	switch {
	case errors.Is(err, io.EOF):
		p.errorAt(Pos{File: file, Line: 1, Col: 1}, "the policy is empty: write default, allow, deny or confirm")
	case err != nil:
		p.yamlError(err)
	case len(doc.Content) > 0:
		p.policyBody(pol, doc.Content[0])
	}
	if len(ld.errs) > 0 {
		return nil, sortErrors(ld.errs, file)
	}
	return pol, nil
}

func (p *parser) policyBody(pol *Policy, root *yaml.Node) {
	o := p.mapping(root, "a policy")
	if o == nil {
		return
	}
	p.unknownKeys(o, "", policyFields, nil)
	if e, ok := o.get("default"); ok {
		pol.DefaultPos = p.pos(e.v)
		if p.enum(e.v, "default", []string{"allow", "deny"}) == "deny" {
			pol.Default = Deny
		}
	}
	for _, eff := range []Effect{Deny, Confirm, Allow} {
		n := o.val(eff.String())
		if n == nil {
			continue
		}
		rules, nodes := p.strList(n, eff.String(), false)
		for i, r := range rules {
			if rule, ok := p.policyRule(r, nodes[i], eff); ok {
				pol.rules = append(pol.rules, rule)
			}
		}
	}
}

// policyRule reads one rule: KIND or KIND:PATTERN.
func (p *parser) policyRule(src string, n *yaml.Node, eff Effect) (policyRule, bool) {
	r := policyRule{Src: src, Pos: p.pos(n), Effect: eff}
	kind, pat, hasPat := strings.Cut(strings.TrimSpace(src), ":")
	r.Kind = strings.ToLower(strings.TrimSpace(kind))
	if kinds := policyKinds(); !contains(kinds, r.Kind) {
		p.errorf(n, "%s: unknown kind %q in rule %q (a rule is KIND or KIND:PATTERN, KIND an action, download or *)%s",
			eff, r.Kind, src, didYouMean(r.Kind, kinds))
		return r, false
	}
	if !hasPat {
		return r, true
	}
	if r.Kind == KindDownload {
		p.errorf(n, "%s: rule %q: download takes no pattern (a download is allowed or refused as a whole)", eff, src)
		return r, false
	}
	pat = strings.TrimSpace(pat)
	re, isRe, err := NameRegex(pat)
	switch {
	case pat == "":
		p.errorf(n, "%s: rule %q has nothing after the colon; write KIND alone, or a pattern after it", eff, src)
		return r, false
	case err != nil:
		p.errorf(n, "%s: rule %q: %v", eff, src, err)
		return r, false
	case isRe:
		r.Re = re
	default:
		r.Glob = strings.ToLower(pat)
	}
	return r, true
}

// Subject is what a step acts on, as a policy's patterns see it: the
// texts (an element's accessible name, the target as written, a key, a
// script) or the URL of open and request.
type Subject struct {
	Texts []string
	URL   string
}

// Decide says what the policy does with a step of that kind (an action
// name, or KindDownload) acting on s. Deny rules come first, then
// confirm, then allow; the first rule that matches decides, else the
// default does (docs/security.md "Action policy").
func (pol *Policy) Decide(kind string, s Subject) Decision {
	return pol.DecideStep(kind, s, nil)
}

// DecideStep is Decide for a step that may activate an element:
// activated, when not nil, is the element the step activates
// (Step.Activation): the deny and confirm rules on click are looked at
// for it too, each after the step's own, so that no other action than a
// click gets past them; the allow rules on click and the default do not
// decide for it (docs/security.md "What a rule on click covers").
func (pol *Policy) DecideStep(kind string, s Subject, activated *Subject) Decision {
	if pol == nil {
		return Decision{Effect: Allow}
	}
	for _, eff := range []Effect{Deny, Confirm, Allow} {
		if d, ok := pol.first(eff, kind, s); ok {
			return d
		}
		if activated == nil || eff == Allow {
			continue
		}
		if d, ok := pol.first(eff, string(ActionClick), *activated); ok {
			d.Activation = true
			return d
		}
	}
	return Decision{Effect: pol.Default, Pos: pol.DefaultPos}
}

// first is the first rule of effect eff that matches a step of that kind
// acting on s.
func (pol *Policy) first(eff Effect, kind string, s Subject) (Decision, bool) {
	for _, r := range pol.rules {
		if r.Effect == eff && r.matches(kind, s) {
			return Decision{Effect: eff, Rule: r.Src, Pos: r.Pos}, true
		}
	}
	return Decision{}, false
}

// Covers reports whether some rule of the policy, other than an allow
// rule, may match a step of that kind: a rule on the kind, or on *.
func (pol *Policy) Covers(kind string) bool {
	if pol == nil {
		return false
	}
	for _, r := range pol.rules {
		if r.Effect != Allow && (r.Kind == kind || r.Kind == "*") {
			return true
		}
	}
	return false
}

func (r policyRule) matches(kind string, s Subject) bool {
	if r.Kind != "*" && r.Kind != kind {
		return false
	}
	if r.Re == nil && r.Glob == "" {
		return true
	}
	if s.URL != "" {
		if r.Re != nil {
			return r.Re.MatchString(s.URL)
		}
		host, ok := urlHost(s.URL)
		return ok && globMatch(r.Glob, host)
	}
	for _, t := range s.Texts {
		if r.Re != nil && r.Re.MatchString(t) || r.Re == nil && globMatch(r.Glob, strings.ToLower(strings.TrimSpace(t))) {
			return true
		}
	}
	return false
}

// urlHost is what a glob is matched against in a URL: its host, in
// lower case (docs/security.md "Action policy").
func urlHost(raw string) (string, bool) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", false
	}
	return strings.ToLower(u.Hostname()), true
}

// RuleFor is a rule that names a step of that kind acting on s, as a
// message suggests one to write, matched as Decide matches it: for a URL,
// kind:host (a glob is matched against the host), or the bare kind when
// it has none; else kind and s's first text, else the bare kind.
func (s Subject) RuleFor(kind string) string {
	if s.URL != "" {
		if host, ok := urlHost(s.URL); ok && host != "" {
			return kind + ":" + host
		}
		return kind
	}
	if len(s.Texts) > 0 && s.Texts[0] != "" {
		return kind + ":" + s.Texts[0]
	}
	return kind
}

// globMatch matches s whole against a glob whose * stands for any run of
// characters.
func globMatch(glob, s string) bool {
	parts := strings.Split(glob, "*")
	if len(parts) == 1 {
		return glob == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, mid := range parts[1 : len(parts)-1] {
		i := strings.Index(s, mid)
		if i < 0 {
			return false
		}
		s = s[i+len(mid):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}
