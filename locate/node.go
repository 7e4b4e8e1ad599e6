// Package locate reads a page as a compact accessibility-tree snapshot with
// refs on everything actionable (docs/targets.md "The snapshot"), and
// resolves targets against it: ref first, then the ladder role → label →
// placeholder → text (docs/targets.md "Resolution").
package locate

import (
	"context"
	"strings"
	"unicode"

	"github.com/go-rod/rod/lib/proto"
)

// Caller sends CDP commands on a connection (a rod.Browser does).
type Caller interface {
	Call(ctx context.Context, sessionID, method string, params any) ([]byte, error)
}

// Session is one CDP session whose documents are part of the page: the
// main page, or an out-of-process iframe target.
type Session struct {
	Conn    Caller
	ID      proto.TargetSessionID
	Parent  *Session          // nil for the main page
	FrameID proto.PageFrameID // the session's root frame
}

// Client returns a proto.Client for calls on this session bound to ctx.
func (s *Session) Client(ctx context.Context) *Client {
	return &Client{conn: s.Conn, id: s.ID, ctx: ctx}
}

// Client is a CDP session bound to a context, usable with proto calls.
type Client struct {
	conn Caller
	id   proto.TargetSessionID
	ctx  context.Context
}

// Call implements proto.Client.
func (c *Client) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	return c.conn.Call(ctx, sessionID, method, params)
}

// GetSessionID implements proto.Sessionable.
func (c *Client) GetSessionID() proto.TargetSessionID { return c.id }

// GetContext implements proto.Contextable.
func (c *Client) GetContext() context.Context { return c.ctx }

// Box is a rectangle in CSS pixels of the top-level viewport.
type Box struct {
	X, Y, W, H float64
}

// Empty reports a box with no area.
func (b Box) Empty() bool { return b.W <= 0 || b.H <= 0 }

// Node is one accessibility node of the page, merged with what the DOM
// says of its element.
type Node struct {
	Role  string
	Name  string
	Value string

	Level     int
	Checked   string // "true", "false", "mixed"; "" when not checkable
	Expanded  string // "true", "false"; "" when not expandable
	Selected  bool
	Pressed   bool
	Disabled  bool
	Required  bool
	ReadOnly  bool
	Clickable bool // made actionable by cursor:pointer, onclick or tabindex
	Ignored   bool // ignored by the accessibility tree (kept for text and structure)
	// InSelect marks the options of a native <select>: `select` picks them,
	// they get no ref.
	InSelect bool

	Ref string // "e3" for actionable nodes
	Nth int    // index among actionable nodes with the same role and name

	// NameFrom says where the name came from: label, labelledby,
	// aria-label, placeholder, title, contents, ...
	NameFrom    string
	Placeholder string
	TestID      string
	Href        string
	Tag         string
	Text        string // rendered text of the subtree, whitespace-normalised

	Visible bool
	Box     Box    // in the top-level viewport
	Region  string // nearest landmark: main, navigation, banner, contentinfo, complementary

	Backend proto.DOMBackendNodeID
	Session *Session
	Frame   proto.PageFrameID
	// FrameName is the title or URL of the iframe this node is in ("" for
	// the main frame).
	FrameName string

	Parent   *Node
	Children []*Node
	order    int
}

// Actionable reports whether the node gets a ref.
func (n *Node) Actionable() bool {
	if n.Ignored && !n.Clickable || n.InSelect {
		return false
	}
	return interactiveRoles[n.Role] || n.Clickable
}

// Within reports whether n is anc or inside it.
func (n *Node) Within(anc *Node) bool {
	for p := n; p != nil; p = p.Parent {
		if p == anc {
			return true
		}
	}
	return false
}

// Enabled is the opposite of Disabled, for readability.
func (n *Node) Enabled() bool { return !n.Disabled }

// Editable reports a field that takes text (fill and type work on it).
func (n *Node) Editable() bool { return editableRoles[n.Role] && !n.ReadOnly }

// interactiveRoles get refs.
var interactiveRoles = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true,
	"checkbox": true, "radio": true, "combobox": true, "listbox": true,
	"option": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "tab": true, "switch": true, "slider": true,
	"spinbutton": true, "treeitem": true,
}

// editableRoles take fill and type.
var editableRoles = map[string]bool{
	"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true,
}

// contextRoles are kept in interactive mode when they hold something kept
// (or always, for those in alwaysKept).
var contextRoles = map[string]bool{
	"navigation": true, "main": true, "banner": true, "contentinfo": true,
	"complementary": true, "search": true, "region": true, "form": true,
	"heading": true, "group": true, "radiogroup": true, "dialog": true,
	"alertdialog": true, "alert": true, "status": true, "table": true,
	"grid": true, "row": true, "listitem": true, "Iframe": true,
	"tablist": true, "menu": true, "menubar": true,
}

var alwaysKept = map[string]bool{
	"heading": true, "alert": true, "dialog": true, "alertdialog": true,
}

// needsName are context roles kept only when named.
var needsName = map[string]bool{"group": true, "region": true}

var landmarks = map[string]bool{
	"main": true, "navigation": true, "banner": true, "contentinfo": true, "complementary": true,
}

// MaxNameLen is where long names are cut with an ellipsis.
const MaxNameLen = 100

// contextNameLen cuts the names rows and list items get from their text.
const contextNameLen = 60

// chromeRoles maps Chromium's internal roles to the ARIA role people use:
// a <summary> is a button to whoever clicks it.
var chromeRoles = map[string]string{"DisclosureTriangle": "button"}

// Normalize collapses white space, strips invisible characters and trims.
func Normalize(s string) string {
	if normalASCII(s) {
		return s
	}
	return normalize(s)
}

func normalize(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '\u00ad' || r == '\u200b' || r == '\u200c' || r == '\u200d' || r == '\u200e' ||
			r == '\u200f' || r == '\u2060' || r == '\ufeff':
			continue
		case unicode.IsSpace(r):
			space = true
			continue
		case !unicode.IsPrint(r):
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// normalASCII reports a string Normalize would leave as it is: printable
// ASCII, single spaces, none at either end. Most names are.
func normalASCII(s string) bool {
	if s == "" {
		return true
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c > '~' || c == ' ' && s[i+1] == ' ' {
			return false
		}
	}
	return true
}

func cut(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimSpace(string(r[:n-1])) + "…"
}
