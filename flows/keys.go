package flows

import (
	"fmt"
	"strings"
)

// The keys `press` accepts (docs/flows.md "press"): this file is the one
// table of key names, modifiers and the DevTools key data each one sends.
// Validation and the engine both read it through ParseKeys.

// Modifier is a set of held modifier keys, as bits of DevTools'
// Input.dispatchKeyEvent `modifiers` (ModControlOrMeta is resolved to
// Control or Meta by the engine, per platform).
type Modifier int

// The modifiers.
const (
	ModAlt           Modifier = 1
	ModControl       Modifier = 2
	ModMeta          Modifier = 4
	ModShift         Modifier = 8
	ModControlOrMeta Modifier = 16
)

// Key is one key: its name in flows and the DevTools key data it sends.
type Key struct {
	Name     string // the spelling in flows: "Enter", "KeyA"; "" for a character
	Key      string // event.key: "Enter", "a"
	Code     string // event.code: "Enter", "KeyA"; "" for a character no US key types
	KeyCode  int    // windowsVirtualKeyCode
	Text     string // what it types, "" for none
	ShiftKey string // event.key with Shift held, "" when the same as Key
}

// Shifted is the key as pressed with Shift held: "a" gives "A", "1" "!".
func (k Key) Shifted() Key {
	if k.ShiftKey == "" {
		return k
	}
	k.Key, k.Text = k.ShiftKey, k.ShiftKey
	return k
}

// Combo is a parsed `press` combination: Modifiers held while Key is pressed.
type Combo struct {
	Modifiers Modifier
	Key       Key
}

// String is the combination in its canonical spelling: "Control+KeyA".
func (k Combo) String() string {
	var parts []string
	for _, m := range modifierTable {
		if k.Modifiers&m.bit != 0 {
			parts = append(parts, m.name)
		}
	}
	name := k.Key.Name
	if name == "" {
		name = k.Key.Key
	}
	return strings.Join(append(parts, name), "+")
}

type modifierRow struct {
	name string
	bit  Modifier
	key  Key // the key itself, when pressed alone or held
}

// modifierTable is in the order modifiers are written.
var modifierTable = []modifierRow{
	{"Alt", ModAlt, Key{Name: "Alt", Key: "Alt", Code: "AltLeft", KeyCode: 18}},
	{"Control", ModControl, Key{Name: "Control", Key: "Control", Code: "ControlLeft", KeyCode: 17}},
	{"Meta", ModMeta, Key{Name: "Meta", Key: "Meta", Code: "MetaLeft", KeyCode: 91}},
	{"Shift", ModShift, Key{Name: "Shift", Key: "Shift", Code: "ShiftLeft", KeyCode: 16}},
	{"ControlOrMeta", ModControlOrMeta, Key{Name: "ControlOrMeta"}},
}

// ModifierKey is the key of one modifier bit (ModControlOrMeta excluded).
func ModifierKey(m Modifier) Key {
	for _, r := range modifierTable {
		if r.bit == m {
			return r.key
		}
	}
	return Key{}
}

// Modifier is the modifier this key is (Shift for "Shift"), or 0.
func (k Key) Modifier() Modifier {
	if k.Name == "" {
		return 0
	}
	m, _ := ParseModifier(k.Name)
	return m
}

// ModifierBits are the real modifier bits in pressing order.
var ModifierBits = []Modifier{ModControl, ModAlt, ModMeta, ModShift}

// ParseModifier reads a modifier name, ignoring case.
func ParseModifier(name string) (Modifier, bool) {
	for _, m := range modifierTable {
		if strings.EqualFold(name, m.name) {
			return m.bit, true
		}
	}
	return 0, false
}

// modifierNames are the modifiers' names, for validation and messages.
var modifierNames = func() []string {
	var ns []string
	for _, m := range modifierTable {
		ns = append(ns, m.name)
	}
	return ns
}()

// printable are the US keyboard's character keys: code, key, shifted key,
// keyCode.
var printable = func() []Key {
	ks := []Key{
		{Name: "Backquote", Key: "`", ShiftKey: "~", KeyCode: 192},
		{Name: "Minus", Key: "-", ShiftKey: "_", KeyCode: 189},
		{Name: "Equal", Key: "=", ShiftKey: "+", KeyCode: 187},
		{Name: "BracketLeft", Key: "[", ShiftKey: "{", KeyCode: 219},
		{Name: "BracketRight", Key: "]", ShiftKey: "}", KeyCode: 221},
		{Name: "Backslash", Key: `\`, ShiftKey: "|", KeyCode: 220},
		{Name: "Semicolon", Key: ";", ShiftKey: ":", KeyCode: 186},
		{Name: "Quote", Key: "'", ShiftKey: `"`, KeyCode: 222},
		{Name: "Comma", Key: ",", ShiftKey: "<", KeyCode: 188},
		{Name: "Period", Key: ".", ShiftKey: ">", KeyCode: 190},
		{Name: "Slash", Key: "/", ShiftKey: "?", KeyCode: 191},
		{Name: "Space", Key: " ", KeyCode: 32},
	}
	for i, s := range ")!@#$%^&*(" {
		d := string(rune('0' + i))
		ks = append(ks, Key{Name: "Digit" + d, Key: d, ShiftKey: string(s), KeyCode: '0' + i})
	}
	for c := 'A'; c <= 'Z'; c++ {
		ks = append(ks, Key{Name: "Key" + string(c), Key: strings.ToLower(string(c)), ShiftKey: string(c), KeyCode: int(c)})
	}
	for i := range ks {
		ks[i].Code, ks[i].Text = ks[i].Name, ks[i].Key
	}
	return ks
}()

// functional are the keys that are not characters (and the numpad's).
var functional = func() []Key {
	ks := []Key{
		{Name: "Enter", Key: "Enter", KeyCode: 13, Text: "\r"},
		{Name: "Tab", Key: "Tab", KeyCode: 9},
		{Name: "Escape", Key: "Escape", KeyCode: 27},
		{Name: "Backspace", Key: "Backspace", KeyCode: 8},
		{Name: "Delete", Key: "Delete", KeyCode: 46},
		{Name: "Insert", Key: "Insert", KeyCode: 45},
		{Name: "Home", Key: "Home", KeyCode: 36},
		{Name: "End", Key: "End", KeyCode: 35},
		{Name: "PageUp", Key: "PageUp", KeyCode: 33},
		{Name: "PageDown", Key: "PageDown", KeyCode: 34},
		{Name: "ArrowUp", Key: "ArrowUp", KeyCode: 38},
		{Name: "ArrowDown", Key: "ArrowDown", KeyCode: 40},
		{Name: "ArrowLeft", Key: "ArrowLeft", KeyCode: 37},
		{Name: "ArrowRight", Key: "ArrowRight", KeyCode: 39},
		{Name: "CapsLock", Key: "CapsLock", KeyCode: 20},
		{Name: "NumLock", Key: "NumLock", KeyCode: 144},
		{Name: "ScrollLock", Key: "ScrollLock", KeyCode: 145},
		{Name: "PrintScreen", Key: "PrintScreen", KeyCode: 44},
		{Name: "Pause", Key: "Pause", KeyCode: 19},
		{Name: "ContextMenu", Key: "ContextMenu", KeyCode: 93},
		{Name: "NumpadAdd", Key: "+", KeyCode: 107, Text: "+"},
		{Name: "NumpadSubtract", Key: "-", KeyCode: 109, Text: "-"},
		{Name: "NumpadMultiply", Key: "*", KeyCode: 106, Text: "*"},
		{Name: "NumpadDivide", Key: "/", KeyCode: 111, Text: "/"},
		{Name: "NumpadDecimal", Key: ".", KeyCode: 110, Text: "."},
		{Name: "NumpadEnter", Key: "Enter", KeyCode: 13, Text: "\r"},
	}
	for i := 1; i <= 12; i++ {
		f := fmt.Sprintf("F%d", i)
		ks = append(ks, Key{Name: f, Key: f, KeyCode: 111 + i})
	}
	for i := 0; i <= 9; i++ {
		d := string(rune('0' + i))
		ks = append(ks, Key{Name: "Numpad" + d, Key: d, KeyCode: 96 + i, Text: d})
	}
	for i := range ks {
		ks[i].Code = ks[i].Name
	}
	return ks
}()

// keyTable is every named key: functional, printable, then the modifiers.
var keyTable = func() []Key {
	ks := append(append([]Key{}, functional...), printable...)
	for _, m := range modifierTable {
		ks = append(ks, m.key)
	}
	return ks
}()

// keyNames are the names `press` accepts, besides any one character.
var keyNames = func() []string {
	ns := make([]string, len(keyTable))
	for i, k := range keyTable {
		ns[i] = k.Name
	}
	return ns
}()

// keyAliases are common other names of keys, suggested in errors.
var keyAliases = map[string]string{
	"esc": "Escape", "return": "Enter", "ctrl": "Control", "cmd": "Meta", "command": "Meta",
	"option": "Alt", "opt": "Alt", "del": "Delete", "up": "ArrowUp", "down": "ArrowDown",
	"left": "ArrowLeft", "right": "ArrowRight", "pgup": "PageUp", "pgdn": "PageDown",
	"spacebar": "Space", "win": "Meta", "super": "Meta",
}

// RuneKey is the key that types r: the US key with that character
// (unshifted or shifted), or a key with no code for any other character.
func RuneKey(r rune) Key {
	s := string(r)
	if r == '\n' || r == '\r' {
		return functional[0]
	}
	for _, k := range printable {
		if k.Key == s {
			return Key{Key: s, Code: k.Code, KeyCode: k.KeyCode, Text: s, ShiftKey: k.ShiftKey}
		}
		if k.ShiftKey == s {
			return Key{Key: s, Code: k.Code, KeyCode: k.KeyCode, Text: s}
		}
	}
	return Key{Key: s, Text: s}
}

// namedKey is the key called name, ignoring case.
func namedKey(name string) (Key, bool) {
	for _, k := range keyTable {
		if strings.EqualFold(name, k.Name) {
			return k, true
		}
	}
	return Key{}, false
}

// ParseKeys reads a key or combination for `press` ("Enter", "Control+A",
// "Shift+ArrowDown", "KeyA", "a", "+", "Control++"); names are matched
// ignoring case (docs/flows.md "press").
func ParseKeys(combo string) (Combo, error) {
	var parts []string
	switch {
	case combo == "+":
		parts = []string{"+"}
	case strings.HasSuffix(combo, "++"):
		parts = append(strings.Split(strings.TrimSuffix(combo, "++"), "+"), "+")
	default:
		parts = strings.Split(combo, "+")
	}
	var ks Combo
	for i, part := range parts {
		if part == "" {
			return ks, fmt.Errorf("bad key %q: write keys joined with +, such as Control+A", combo)
		}
		if i < len(parts)-1 {
			m, ok := ParseModifier(part)
			if !ok {
				return ks, fmt.Errorf("%q in %q is not a modifier: use %s%s", part, combo, orList(modifierNames), keyAliasHint(part, modifierNames))
			}
			ks.Modifiers |= m
			continue
		}
		if r := []rune(part); len(r) == 1 {
			ks.Key = RuneKey(r[0])
		} else if k, ok := namedKey(part); ok {
			ks.Key = k
		} else {
			return ks, fmt.Errorf("unknown key name %q%s", part, keyAliasHint(part, keyNames))
		}
	}
	return ks, nil
}

// NormalizeKey checks a key or combination for `press` and returns it with
// the canonical spelling of each name.
func NormalizeKey(s string) (string, error) {
	k, err := ParseKeys(s)
	if err != nil {
		return "", err
	}
	return k.String(), nil
}

func keyAliasHint(s string, set []string) string {
	if a, ok := keyAliases[strings.ToLower(s)]; ok && contains(set, a) {
		return `; did you mean "` + a + `"?`
	}
	return didYouMean(s, set)
}

// The keys that activate the element they are pressed on, as a click
// would (docs/security.md "What a rule on click covers").
const (
	KeyEnter = "Enter"
	KeySpace = "Space"
)

// Activates is KeyEnter for Enter (and the numpad's), KeySpace for the
// space bar, and "" for a key that activates nothing.
func (k Key) Activates() string {
	switch k.Key {
	case "Enter":
		return KeyEnter
	case " ":
		return KeySpace
	}
	return ""
}

// keyActivation is what pressing combo (interpolated in sc) activates:
// by key for Enter and Space, with any modifiers held; nothing else.
func keyActivation(combo string, sc *Scope) Activation {
	if s, err := Interpolate(combo, sc); err == nil {
		combo = s
	}
	c, err := ParseKeys(combo)
	if err != nil {
		return Activation{}
	}
	if k := c.Key.Activates(); k != "" {
		return Activation{By: ActivatesByKey, Key: k}
	}
	return Activation{}
}
