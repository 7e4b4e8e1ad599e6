package session

import (
	"context"
	"encoding/json"

	"github.com/smokeflow/smokeflow/diagnostics"
)

// outlineJS draws numbered outlines over the candidates, in the main
// document, for the failure screenshot. Like hiddenJS, it runs in
// smokeflow's isolated world (docs/targets.md "smokeflow's code in the
// page"): the page's own scripts can neither break it nor see it.
const outlineJS = `(boxes) => {
  const root = document.createElement('div');
  root.id = '__smokeflow_outline';
  root.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
  boxes.forEach((b, i) => {
    const d = document.createElement('div');
    d.style.cssText = 'position:fixed;border:3px solid #e11d48;box-sizing:border-box;left:' + b.x + 'px;top:' + b.y + 'px;width:' + b.w + 'px;height:' + b.h + 'px';
    const l = document.createElement('span');
    l.textContent = String(i + 1);
    l.style.cssText = 'position:absolute;left:-3px;top:-22px;background:#e11d48;color:#fff;font:bold 13px sans-serif;padding:1px 5px';
    d.appendChild(l);
    root.appendChild(d);
  });
  document.documentElement.appendChild(root);
}`

func (ss *Session) outlinedScreenshot(ctx context.Context, cands []diagnostics.Candidate) ([]byte, error) {
	var boxes []map[string]float64
	for _, c := range cands {
		if c.Box != nil && c.Visible {
			boxes = append(boxes, map[string]float64{"x": c.Box.X, "y": c.Box.Y, "w": c.Box.Width, "h": c.Box.Height})
		}
	}
	if len(boxes) > 0 {
		b, _ := json.Marshal(boxes)
		_, _ = ss.page.EvalOwn(ctx, "("+outlineJS+")("+string(b)+")")
		defer func() { _, _ = ss.page.EvalOwn(ctx, "document.getElementById('__smokeflow_outline')?.remove()") }()
	}
	return ss.page.Screenshot(ctx, false, nil)
}
