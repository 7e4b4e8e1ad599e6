package flows

import (
	"fmt"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"
)

var refRE = regexp.MustCompile(`^e[0-9]+$`)

// regexLiteral splits "/body/flags". ok is false when s is not written as
// a regex literal: it must start with "/", have a closing "/" and only
// letters after it.
func regexLiteral(s string) (body, flags string, ok bool) {
	if len(s) < 2 || s[0] != '/' {
		return "", "", false
	}
	j := strings.LastIndexByte(s, '/')
	if j == 0 {
		return "", "", false
	}
	flags = s[j+1:]
	for _, c := range flags {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return "", "", false
		}
	}
	return s[1:j], flags, true
}

func compileLiteral(body, flags string) (*regexp.Regexp, error) {
	if body == "" {
		return nil, fmt.Errorf("empty regex //")
	}
	prefix := ""
	for _, f := range flags {
		switch f {
		case 'i', 'm', 's':
			if !strings.ContainsRune(prefix, f) {
				prefix += string(f)
			}
		default:
			return nil, fmt.Errorf("unknown regex flag %q in /%s/%s: use i, m or s", string(f), body, flags)
		}
	}
	src := body
	if prefix != "" {
		src = "(?" + prefix + ")" + body
	}
	re, err := regexp.Compile(src)
	if err != nil {
		return nil, fmt.Errorf("bad regex /%s/%s: %s", body, flags, regexMsg(err))
	}
	return re, nil
}

// regexMsg is a regexp error without its prefix and quoted source.
func regexMsg(err error) string {
	msg := strings.TrimPrefix(err.Error(), "error parsing regexp: ")
	if i := strings.Index(msg, ": `"); i >= 0 {
		msg = msg[:i]
	}
	return msg
}

// NameRegex reports whether a target name (or a phrase) is written as a
// regex literal `/re/flags` (flags i, m, s) and compiles it.
func NameRegex(s string) (re *regexp.Regexp, ok bool, err error) {
	body, flags, ok := regexLiteral(s)
	if !ok {
		return nil, false, nil
	}
	re, err = compileLiteral(body, flags)
	return re, true, err
}

// CompileMatch compiles the pattern of `matches`: `/re/flags` when written
// so (flags i, m, s), else a Go regular expression.
func CompileMatch(s string) (*regexp.Regexp, error) {
	if body, flags, ok := regexLiteral(s); ok && strings.Trim(flags, "ims") == "" {
		return compileLiteral(body, flags)
	}
	re, err := regexp.Compile(s)
	if err != nil {
		return nil, fmt.Errorf("bad regex %q: %s", s, regexMsg(err))
	}
	return re, nil
}

// parseTargetString reads the string form of a TARGET: `@e6` is a ref,
// `/re/flags` a name regex, anything else a phrase.
func parseTargetString(s string) (*Target, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty target")
	}
	if strings.HasPrefix(s, "@") && !strings.ContainsAny(s, " \t\n") {
		r := s[1:]
		if !HasInterpolation(r) && !refRE.MatchString(r) {
			return nil, fmt.Errorf("bad ref %q: refs look like @e6 (for a text starting with @ write {text: %q})", s, s)
		}
		return &Target{Ref: r}, nil
	}
	if _, _, ok := regexLiteral(s); ok {
		if !HasInterpolation(s) {
			if _, _, err := NameRegex(s); err != nil {
				return nil, err
			}
		}
		return &Target{Name: s}, nil
	}
	return &Target{Phrase: s}, nil
}

// targetStringField is the string field of t for a target map key.
func targetStringField(t *Target, key string) *string {
	switch key {
	case "ref":
		return &t.Ref
	case "phrase":
		return &t.Phrase
	case "role":
		return &t.Role
	case "name":
		return &t.Name
	case "label":
		return &t.Label
	case "placeholder":
		return &t.Placeholder
	case "text":
		return &t.Text
	case "testid":
		return &t.TestID
	case "css":
		return &t.CSS
	case "has_text":
		return &t.HasText
	}
	return nil
}

// checkTargetShape checks that a target map says what to find: a ref, or
// one way to find (phrase, role/name, label, placeholder, text, testid,
// css).
func checkTargetShape(t *Target) error {
	var ways []string
	if t.Phrase != "" {
		ways = append(ways, "phrase")
	}
	if t.Role != "" || t.Name != "" {
		switch {
		case t.Role != "" && t.Name != "":
			ways = append(ways, "role/name")
		case t.Role != "":
			ways = append(ways, "role")
		default:
			ways = append(ways, "name")
		}
	}
	for _, w := range []struct{ k, v string }{{"label", t.Label}, {"placeholder", t.Placeholder}, {"text", t.Text}, {"testid", t.TestID}, {"css", t.CSS}} {
		if w.v != "" {
			ways = append(ways, w.k)
		}
	}
	if t.Ref != "" {
		if !HasInterpolation(t.Ref) && !refRE.MatchString(t.Ref) {
			return fmt.Errorf("bad ref %q: refs look like e6 or @e6", t.Ref)
		}
		// A ref may say which role and name it must still have.
		if len(ways) > 0 && (t.Role == "" && t.Name == "" || len(ways) > 1) {
			return fmt.Errorf("a ref goes alone or with role and name, not with %s", ways[len(ways)-1])
		}
		return nil
	}
	switch len(ways) {
	case 0:
		return fmt.Errorf("the target says nothing to find: give ref, role, name, label, placeholder, text, testid, css or phrase")
	case 1:
		return nil
	}
	return fmt.Errorf("the target mixes %s and %s: use one way to find it (within: narrows the search)", ways[0], ways[1])
}

// target parses a TARGET at node n: a string or a target map.
func (p *parser) target(n *yaml.Node, what string) *Target {
	return p.targetDepth(n, what, 0)
}

func (p *parser) targetDepth(n *yaml.Node, what string, depth int) *Target {
	n = p.resolve(n)
	if n == nil {
		return nil
	}
	switch {
	case isNull(n):
		p.errorf(n, "%s: missing target", what)
		return nil
	case n.Kind == yaml.ScalarNode:
		t, err := parseTargetString(n.Value)
		if err != nil {
			p.errorf(n, "%s: %v", what, err)
			return nil
		}
		p.checkInterp(n.Value, n)
		t.Pos = p.pos(n)
		return t
	case n.Kind == yaml.MappingNode:
		return p.targetMap(p.mapping(n, what), what, depth)
	}
	p.errorf(n, "%s must be a target (a string or a map), not %s", what, kindName(n))
	return nil
}

// targetMap reads a target from a map already read.
func (p *parser) targetMap(o *obj, what string, depth int) *Target {
	if o == nil {
		return nil
	}
	if depth > 20 {
		p.errorf(o.node, "%s: within nests too deep", what)
		return nil
	}
	t := &Target{Pos: p.pos(o.node)}
	ok := !p.unknownKeys(o, "target", keysOf(targetFields), nil)
	for _, k := range o.keys {
		e := o.m[k]
		if f := targetStringField(t, k); f != nil {
			s, good := p.scalar(e.v, k)
			if !good {
				ok = false
				continue
			}
			v := p.resolve(e.v)
			if strings.TrimSpace(s) == "" {
				p.errorf(v, "target %s must not be empty", k)
				ok = false
				continue
			}
			p.checkInterp(s, v)
			*f = s
			switch k {
			case "name":
				if !HasInterpolation(s) {
					if _, _, err := NameRegex(s); err != nil {
						p.errorf(v, "target name: %v", err)
						ok = false
					}
				}
			case "ref":
				*f = strings.TrimPrefix(s, "@")
			}
			continue
		}
		switch k {
		case "nth":
			if n, good := p.integer(e.v, "nth", 0); good {
				t.Nth = &n
			} else {
				ok = false
			}
		case "exact":
			t.Exact = p.boolean(e.v, "exact")
		case "within":
			t.Within = p.targetDepth(e.v, "within", depth+1)
			if t.Within == nil {
				ok = false
			}
		}
	}
	if !ok {
		return t
	}
	if err := checkTargetShape(t); err != nil {
		p.errorf(o.node, "%s: %v", what, err)
	}
	return t
}
