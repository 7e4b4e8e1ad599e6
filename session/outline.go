package session

import (
	"context"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
)

func (ss *Session) outlinedScreenshot(ctx context.Context, cands []diagnostics.Candidate) ([]byte, error) {
	var boxes []map[string]float64
	for _, c := range cands {
		if c.Box != nil && c.Visible {
			boxes = append(boxes, map[string]float64{"x": c.Box.X, "y": c.Box.Y, "w": c.Box.Width, "h": c.Box.Height})
		}
	}
	if len(boxes) > 0 {
		_, _ = ss.page.EvalOwn(ctx, browser.Invoke(browser.OutlineJS(), boxes))
		defer func() { _, _ = ss.page.EvalOwn(ctx, "document.getElementById('__smokeflow_outline')?.remove()") }()
	}
	return ss.page.Screenshot(ctx, false, nil)
}
