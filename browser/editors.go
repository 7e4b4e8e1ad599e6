package browser

import (
	"context"

	"github.com/smokeflow/smokeflow/locate"
)

// Editing hosts (a contenteditable element, the body of a designMode
// document) take fill, type and press as fields do; these are the parts
// that differ from an <input> (docs/targets.md "Actionability", docs/flows.md
// "fill", "type").

// focusForKeys focuses n for type and press: an editing host with
// hostFocusJS, anything else with focus().
func (p *Page) focusForKeys(ctx context.Context, n *locate.Node) error {
	fn := focusElementJS()
	if n.EditHost {
		fn = hostFocusJS()
	}
	_, err := p.callOn(ctx, n, fn)
	return err
}
