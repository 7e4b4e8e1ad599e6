package flows

import (
	"gopkg.in/yaml.v3"
)

// Requests a flow expects to fail: the flow field `ignore_requests:` and
// `expect: {no_failed_requests: {ignore: [...]}}` (docs/flows.md "Failed
// requests").

// ignoreRequests reads the flow field ignore_requests.
func (p *parser) ignoreRequests(o *obj) {
	if n := o.val("ignore_requests"); n != nil {
		p.flow.IgnoreRequests = p.urlPatterns(n, "ignore_requests")
	}
}

// noFailedIgnore reads the value of no_failed_requests: true, or
// {ignore: [GLOB|/regex/...]}.
func (p *parser) noFailedIgnore(n *yaml.Node, kind string) URLPatterns {
	r := p.resolve(n)
	if r == nil {
		return nil
	}
	if r.Kind != yaml.MappingNode {
		if !p.boolean(r, kind) && r.ShortTag() == "!!bool" {
			p.errorf(r, "%s must be true (false checks nothing), or {ignore: [GLOB|/regex/...]}", kind)
		}
		return nil
	}
	o := p.mapping(r, "expect "+kind)
	unknown := p.unknownKeys(o, kind, keysOf(noFailedFields), nil)
	in := o.val("ignore")
	if in == nil {
		if !unknown {
			p.errorf(r, "%s takes true or {ignore: [GLOB|/regex/...]}", kind)
		}
		return nil
	}
	return p.urlPatterns(in, "ignore")
}
