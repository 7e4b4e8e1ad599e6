package browser

import (
	"testing"

	"github.com/go-rod/rod/lib/proto"
)

// The screencast runs only while a step's frame waits for one: from the
// step's end until smokeflow's next input to the tab (docs/running.md "How
// the frame is taken"); on a page that animates, the browser would
// otherwise capture every paint of the whole flow.
func TestScreencastRunsOnlyWhileAFrameWaits(t *testing.T) {
	ctx, c := freshContext(t)
	const spinning = `data:text/html,<div style="width:40px;height:40px;background:red;animation:s 1s linear infinite"></div>` +
		`<style>@keyframes s{to{transform:rotate(360deg)}}</style>`
	p, err := c.OpenPage(ctx, PageOptions{}, spinning, "load")
	if err != nil {
		t.Fatal(err)
	}
	running := func() bool {
		p.cast.mu.Lock()
		defer p.cast.mu.Unlock()
		return p.cast.on
	}
	for step := 1; step <= 2; step++ {
		f, err := p.ScreencastFrame(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !running() {
			t.Fatalf("step %d: the screencast does not run while the step's frame waits", step)
		}
		for f.JPEG() == nil { // a round trip to the page: a moment for the frame
			if _, err := (proto.RuntimeEvaluate{Expression: "1"}).Call(p.main.Client(ctx)); err != nil {
				t.Fatalf("step %d: no frame came: %v", step, err)
			}
		}
		p.sealFrames() // the next step's input
		if running() {
			t.Fatalf("step %d: the screencast still runs after the next input, with no frame waiting", step)
		}
	}
}
