package engine

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"unicode"

	"github.com/go-rod/rod/lib/proto"
)

// Key is one key of a combination, as CDP's Input.dispatchKeyEvent wants it.
type Key struct {
	Key     string // "Enter", "a"
	Code    string // "Enter", "KeyA"
	KeyCode int
	Text    string // what it types, "" for none
}

var namedKeys = map[string]Key{
	"enter":      {"Enter", "Enter", 13, "\r"},
	"tab":        {"Tab", "Tab", 9, ""},
	"escape":     {"Escape", "Escape", 27, ""},
	"esc":        {"Escape", "Escape", 27, ""},
	"backspace":  {"Backspace", "Backspace", 8, ""},
	"delete":     {"Delete", "Delete", 46, ""},
	"space":      {" ", "Space", 32, " "},
	"arrowup":    {"ArrowUp", "ArrowUp", 38, ""},
	"arrowdown":  {"ArrowDown", "ArrowDown", 40, ""},
	"arrowleft":  {"ArrowLeft", "ArrowLeft", 37, ""},
	"arrowright": {"ArrowRight", "ArrowRight", 39, ""},
	"home":       {"Home", "Home", 36, ""},
	"end":        {"End", "End", 35, ""},
	"pageup":     {"PageUp", "PageUp", 33, ""},
	"pagedown":   {"PageDown", "PageDown", 34, ""},
	"insert":     {"Insert", "Insert", 45, ""},
}

var modifierNames = map[string]int{
	"alt": 1, "control": 2, "ctrl": 2, "meta": 4, "cmd": 4, "command": 4, "shift": 8,
	// Playwright's ControlOrMeta: Control here (Linux), Meta on macOS
	"controlormeta": controlOrMeta,
}

var controlOrMeta = func() int {
	if runtime.GOOS == "darwin" {
		return 4
	}
	return 2
}()

var modifierKeys = map[int]Key{
	1: {"Alt", "AltLeft", 18, ""},
	2: {"Control", "ControlLeft", 17, ""},
	4: {"Meta", "MetaLeft", 91, ""},
	8: {"Shift", "ShiftLeft", 16, ""},
}

// Keys is a parsed combination: modifiers held while Key is pressed.
type Keys struct {
	Modifiers int
	Key       Key
}

// ParseKeys reads "Enter", "Control+A", "Shift+Tab", "F5".
func ParseKeys(combo string) (Keys, error) {
	parts := strings.Split(combo, "+")
	if combo == "+" || strings.HasSuffix(combo, "++") {
		parts = append(parts[:len(parts)-2], "+")
	}
	var k Keys
	for i, part := range parts {
		name := strings.TrimSpace(part)
		if i < len(parts)-1 {
			bit, ok := modifierNames[strings.ToLower(name)]
			if !ok {
				return k, fmt.Errorf("unknown modifier %q in %q (use Alt, Control, Meta or Shift)", name, combo)
			}
			k.Modifiers |= bit
			continue
		}
		key, err := keyFor(name)
		if err != nil {
			return k, fmt.Errorf("%v in %q", err, combo)
		}
		k.Key = key
	}
	return k, nil
}

func keyFor(name string) (Key, error) {
	if k, ok := namedKeys[strings.ToLower(name)]; ok {
		return k, nil
	}
	if bit, ok := modifierNames[strings.ToLower(name)]; ok {
		return modifierKeys[bit], nil
	}
	if len(name) >= 2 && (name[0] == 'F' || name[0] == 'f') {
		var n int
		if _, err := fmt.Sscanf(name[1:], "%d", &n); err == nil && n >= 1 && n <= 12 {
			return Key{Key: "F" + name[1:], Code: "F" + name[1:], KeyCode: 111 + n}, nil
		}
	}
	r := []rune(name)
	if len(r) == 1 {
		return runeKey(r[0]), nil
	}
	return Key{}, fmt.Errorf("unknown key %q", name)
}

func runeKey(r rune) Key {
	s := string(r)
	k := Key{Key: s, Text: s}
	switch {
	case r >= 'a' && r <= 'z':
		k.Code = "Key" + strings.ToUpper(s)
		k.KeyCode = int(unicode.ToUpper(r))
	case r >= 'A' && r <= 'Z':
		k.Code = "Key" + s
		k.KeyCode = int(r)
	case r >= '0' && r <= '9':
		k.Code = "Digit" + s
		k.KeyCode = int(r)
	case r == ' ':
		k.Code = "Space"
		k.KeyCode = 32
	}
	return k
}

func modifierBits(names []string) int {
	bits := 0
	for _, n := range names {
		bits |= modifierNames[strings.ToLower(n)]
	}
	return bits
}

func (p *Page) pressKeys(ctx context.Context, k Keys) error {
	c := p.main.Client(ctx)
	var held []int
	for _, bit := range []int{2, 1, 4, 8} {
		if k.Modifiers&bit != 0 {
			mk := modifierKeys[bit]
			held = append(held, bit)
			mods := 0
			for _, h := range held {
				mods |= h
			}
			if err := (proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeRawKeyDown, Key: mk.Key, Code: mk.Code,
				WindowsVirtualKeyCode: mk.KeyCode, Modifiers: mods}).Call(c); err != nil {
				return err
			}
		}
	}
	text := k.Key.Text
	if k.Modifiers&^8 != 0 {
		text = "" // Control+A types nothing
	}
	if k.Modifiers&8 != 0 && len([]rune(text)) == 1 {
		text = strings.ToUpper(text)
	}
	down := proto.InputDispatchKeyEventTypeKeyDown
	if text == "" {
		down = proto.InputDispatchKeyEventTypeRawKeyDown
	}
	ev := proto.InputDispatchKeyEvent{Type: down, Key: k.Key.Key, Code: k.Key.Code, WindowsVirtualKeyCode: k.Key.KeyCode,
		Text: text, UnmodifiedText: text, Modifiers: k.Modifiers}
	if k.Modifiers == 2 || k.Modifiers == 4 {
		switch strings.ToLower(k.Key.Key) {
		case "a":
			ev.Commands = []string{"selectAll"}
		}
	}
	if err := ev.Call(c); err != nil {
		return err
	}
	if err := (proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeKeyUp, Key: k.Key.Key, Code: k.Key.Code,
		WindowsVirtualKeyCode: k.Key.KeyCode, Modifiers: k.Modifiers}).Call(c); err != nil {
		return err
	}
	for i := len(held) - 1; i >= 0; i-- {
		mk := modifierKeys[held[i]]
		if err := (proto.InputDispatchKeyEvent{Type: proto.InputDispatchKeyEventTypeKeyUp, Key: mk.Key, Code: mk.Code,
			WindowsVirtualKeyCode: mk.KeyCode}).Call(c); err != nil {
			return err
		}
	}
	return nil
}

// typeRune types one character: a key press when the key is known, else
// an insertText (for characters no US keyboard has).
func (p *Page) typeRune(ctx context.Context, r rune) error {
	if r == '\n' {
		return p.pressKeys(ctx, Keys{Key: namedKeys["enter"]})
	}
	k := runeKey(r)
	if k.Code == "" && r > 127 {
		return proto.InputInsertText{Text: string(r)}.Call(p.main.Client(ctx))
	}
	return p.pressKeys(ctx, Keys{Key: k})
}
