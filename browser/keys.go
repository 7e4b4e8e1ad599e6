package browser

import (
	"context"
	"fmt"
	"runtime"

	"github.com/go-rod/rod/lib/proto"

	"github.com/smokeflow/smokeflow/flows"
)

// controlOrMeta is what ControlOrMeta holds: Meta on macOS, Control
// elsewhere, as in Playwright (docs/flows.md "press").
var controlOrMeta = func() flows.Modifier {
	if runtime.GOOS == "darwin" {
		return flows.ModMeta
	}
	return flows.ModControl
}()

// resolve turns ControlOrMeta into this platform's modifier, as a key or
// as a held modifier.
func resolve(k flows.Combo) flows.Combo {
	if k.Modifiers&flows.ModControlOrMeta != 0 {
		k.Modifiers = k.Modifiers&^flows.ModControlOrMeta | controlOrMeta
	}
	if k.Key.Name == "ControlOrMeta" {
		k.Key = flows.ModifierKey(controlOrMeta)
	}
	return k
}

// modifierBits are the DevTools modifier bits of click modifiers. The
// names were validated at load time; one that is not a modifier still
// fails here rather than clicking without it.
func modifierBits(names []string) (int, error) {
	var bits flows.Modifier
	for _, n := range names {
		m, ok := flows.ParseModifier(n)
		if !ok {
			return 0, fmt.Errorf("unknown modifier %q (use Alt, Control, ControlOrMeta, Meta or Shift)", n)
		}
		bits |= m
	}
	return int(resolve(flows.Combo{Modifiers: bits}).Modifiers), nil
}

// pressKeys dispatches a parsed combination: each modifier down, the key
// down and up, the modifiers up (docs/flows.md "press").
func (p *Page) pressKeys(ctx context.Context, combo flows.Combo) error {
	k := resolve(combo)
	c := p.main.Client(ctx)
	var held flows.Modifier
	for _, bit := range flows.ModifierBits {
		if k.Modifiers&bit != 0 {
			held |= bit
			if err := keyEvent(proto.InputDispatchKeyEventTypeRawKeyDown, flows.ModifierKey(bit), held).Call(c); err != nil {
				return err
			}
		}
	}
	key := k.Key
	if k.Modifiers&flows.ModShift != 0 {
		key = key.Shifted()
	}
	if k.Modifiers&^flows.ModShift != 0 {
		key.Text = "" // Control+A types nothing
	}
	// a modifier pressed alone is held while it goes down, as on a keyboard
	down := keyEvent(proto.InputDispatchKeyEventTypeKeyDown, key, k.Modifiers|key.Modifier())
	if key.Text == "" {
		down.Type = proto.InputDispatchKeyEventTypeRawKeyDown
	}
	if (k.Modifiers == flows.ModControl || k.Modifiers == flows.ModMeta) && key.Code == "KeyA" {
		down.Commands = []string{"selectAll"}
	}
	if err := down.Call(c); err != nil {
		return err
	}
	if err := keyEvent(proto.InputDispatchKeyEventTypeKeyUp, key, k.Modifiers).Call(c); err != nil {
		return err
	}
	for i := len(flows.ModifierBits) - 1; i >= 0; i-- {
		if bit := flows.ModifierBits[i]; held&bit != 0 {
			held &^= bit
			if err := keyEvent(proto.InputDispatchKeyEventTypeKeyUp, flows.ModifierKey(bit), held).Call(c); err != nil {
				return err
			}
		}
	}
	return nil
}

// keyEvent is one DevTools key event for k with mods held.
func keyEvent(t proto.InputDispatchKeyEventType, k flows.Key, mods flows.Modifier) proto.InputDispatchKeyEvent {
	ev := proto.InputDispatchKeyEvent{Type: t, Key: k.Key, Code: k.Code, WindowsVirtualKeyCode: k.KeyCode, Modifiers: int(mods)}
	if t != proto.InputDispatchKeyEventTypeKeyUp {
		ev.Text, ev.UnmodifiedText = k.Text, k.Text
	}
	return ev
}

// typeRune types one character: a key press when the key is known, else
// an insertText (for characters no US keyboard has).
func (p *Page) typeRune(ctx context.Context, r rune) error {
	k := flows.RuneKey(r)
	if k.Code == "" && r > 127 {
		return proto.InputInsertText{Text: string(r)}.Call(p.main.Client(ctx))
	}
	return p.pressKeys(ctx, flows.Combo{Key: k})
}
