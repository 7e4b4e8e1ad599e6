package locate

import (
	"fmt"
	"strconv"

	"github.com/valyala/fastjson"
)

// axNode is the part of a CDP AXNode a snapshot uses.
//
// Accessibility.getFullAXTree answers with every node's name sources, so
// a large page is most of a megabyte of JSON; decoding that into rod's
// proto types (gson values, through reflection) took ~8 ms of a ~50 ms
// snapshot. fastjson parses it without reflection, and only these fields
// are kept.
type axNode struct {
	id       string
	parent   string
	ignored  bool
	role     string
	name     string
	nameFrom string // where the name came from: see nameFrom
	value    string
	props    []axProp
	children []string
	backend  int64
}

type axProp struct {
	name  string // a CDP AXPropertyName: level, checked, ...
	value string
}

// AXTree is the decoded answer of an accessibility tree read
// (Accessibility.getFullAXTree for one frame, or getPartialAXTree for one
// element): its nodes, in the browser's order, without the InlineTextBox
// lines (docs/targets.md "The snapshot", "Who reads, who builds").
type AXTree struct {
	nodes []*axNode
}

// mappedRole is the node's role as a snapshot names it.
func (ax *axNode) mappedRole() string {
	if r, ok := chromeRoles[ax.role]; ok {
		return r
	}
	return ax.role
}

// setProps sets the states of n from AX properties, clearing those the
// node no longer has.
func (n *Node) setProps(props []axProp) {
	n.Level, n.Checked, n.Pressed, n.Expanded, n.Popup = 0, "", false, "", false
	n.Selected, n.Disabled, n.Required, n.ReadOnly = false, false, false, false
	n.Live = liveRoles[n.Role]
	n.editable = false
	for _, p := range props {
		v := p.value
		switch p.name {
		case "level":
			n.Level, _ = strconv.Atoi(v)
		case "checked":
			n.Checked = v
		case "pressed":
			// a toggle button (aria-pressed: Primer's ToggleSwitch) is
			// checked or not, as a checkbox is: check, uncheck and
			// expect checked take it (docs/targets.md "The snapshot")
			n.Pressed = v == "true"
			n.Checked = v
		case "expanded":
			n.Expanded = v
		case "hasPopup": // "true", "menu", "listbox", ...; "false"
			n.Popup = v != "" && v != "false"
		case "selected":
			n.Selected = v == "true"
		case "disabled":
			n.Disabled = v == "true"
		case "required":
			n.Required = v == "true"
		case "readonly":
			// HTML's readonly applies to no range input, which a person
			// moves as ever; Chromium says it is read-only all the same
			// (RSuite's Slider keeps a readonly one in its handle;
			// docs/targets.md "Sliders")
			n.ReadOnly = v == "true" && !(n.Role == "slider" && n.Tag == "input")
		case "live": // set on the root of an aria-live region
			n.Live = n.Live || v != "off" && v != ""
		case "editable": // "plaintext" or "richtext"
			n.editable = v != ""
		}
	}
}

// parsers keeps parsers between snapshots (for both reads), so that a
// parser's buffers grow to the page's size once rather than on every read. (A sync.Pool is
// emptied by every garbage collection, and a snapshot makes several.)
var parsers = make(chan *fastjson.Parser, 4)

func getParser() *fastjson.Parser {
	select {
	case p := <-parsers:
		return p
	default:
		return new(fastjson.Parser)
	}
}

func putParser(p *fastjson.Parser) {
	select {
	case parsers <- p:
	default:
	}
}

// DecodeAXTree decodes a list of AX nodes: the result of
// Accessibility.getFullAXTree, or of getPartialAXTree (LiveRef).
//
// Each node is parsed on its own (eachElement cuts the list): a parser
// holds a value for every token of what it parsed, about fifty times the
// JSON's size, so parsing the whole answer at once held 26 MB for the
// 376 KB tree of an admin page, and a kept parser held that much from then
// on (docs/benchmarks.md "Memory").
func DecodeAXTree(raw []byte) (*AXTree, error) {
	p := getParser()
	defer putParser(p) // nothing decoded refers to the parser's memory
	var out []*axNode
	err := eachElement(raw, "nodes", func(elem []byte) error {
		jn, err := p.ParseBytes(elem)
		if err != nil {
			return err
		}
		if n := decodeAXNode(jn); n != nil {
			out = append(out, n)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("decoding the accessibility tree: %w", err)
	}
	return &AXTree{nodes: out}, nil
}

// RoleName is the role and accessible name, as a snapshot gives them, of
// the element whose backend node id is backend; ok false when the tree
// does not hold it (the policy's look at the element an action
// activates, docs/security.md "What a rule on click covers").
func (t *AXTree) RoleName(backend int64) (role, name string, ok bool) {
	for _, n := range t.nodes {
		if n.backend == backend {
			return n.mappedRole(), Normalize(n.name), true
		}
	}
	return "", "", false
}

// decodeAXNode is one AX node, or nil for an InlineTextBox.
func decodeAXNode(jn *fastjson.Value) *axNode {
	role := axValue(jn.Get("role"))
	if role == "InlineTextBox" {
		return nil // a line of text inside a StaticText: a third of a page's nodes, never shown
	}
	n := &axNode{
		id:      string(jn.GetStringBytes("nodeId")),
		parent:  string(jn.GetStringBytes("parentId")),
		ignored: jn.GetBool("ignored"),
		role:    role,
		value:   axValue(jn.Get("value")),
		backend: jn.GetInt64("backendDOMNodeId"),
	}
	if name := jn.Get("name"); name != nil {
		n.name = axValue(name)
		n.nameFrom = nameFrom(name)
	}
	if props := jn.GetArray("properties"); len(props) > 0 {
		n.props = make([]axProp, 0, len(props))
		for _, pv := range props {
			n.props = append(n.props, axProp{
				name:  string(pv.GetStringBytes("name")),
				value: axValue(pv.Get("value")),
			})
		}
	}
	if kids := jn.GetArray("childIds"); len(kids) > 0 {
		n.children = make([]string, len(kids))
		for i, k := range kids {
			n.children[i] = string(k.GetStringBytes())
		}
	}
	return n
}

// axValue is an AXValue's value as text: a string as it is, a number or
// boolean as JSON writes it, anything else (node lists) empty.
func axValue(v *fastjson.Value) string {
	if v == nil {
		return ""
	}
	val := v.Get("value")
	if val == nil {
		return ""
	}
	switch val.Type() {
	case fastjson.TypeString:
		b, _ := val.StringBytes()
		return string(b)
	case fastjson.TypeNumber, fastjson.TypeTrue, fastjson.TypeFalse:
		return string(val.MarshalTo(nil))
	}
	return ""
}

// nameFrom tells where an AX name came from, from its sources: the first
// source that is not superseded and gave a value.
func nameFrom(name *fastjson.Value) string {
	for _, src := range name.GetArray("sources") {
		if src.GetBool("superseded") || axValue(src.Get("value")) == "" {
			continue
		}
		attr := string(src.GetStringBytes("attribute"))
		native := string(src.GetStringBytes("nativeSource"))
		// the CDP AXValueSourceType and AXValueNativeSourceType
		switch typ := string(src.GetStringBytes("type")); typ {
		case "relatedElement":
			if attr == "aria-labelledby" {
				return "labelledby"
			}
			if native == "labelfor" || native == "labelwrapped" || native == "label" {
				return "label"
			}
			if native != "" {
				return native
			}
			return "related"
		case "attribute":
			return attr
		default: // placeholder, contents, title, ...
			return typ
		}
	}
	return ""
}
