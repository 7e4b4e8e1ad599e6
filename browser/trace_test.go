package browser

import (
	"bytes"
	"context"
	"fmt"
	"image/jpeg"
	"testing"
	"time"

	"github.com/go-rod/rod/lib/proto"
)

// spinning is a page that keeps painting.
const spinning = `data:text/html,<div style="width:40px;height:40px;background:red;animation:s 1s linear infinite"></div>` +
	`<style>@keyframes s{to{transform:rotate(360deg)}}</style>`

// castRunning says whether p's screencast runs (no stop sent since its start).
func (p *Page) castRunning() bool {
	p.cast.mu.Lock()
	defer p.cast.mu.Unlock()
	return p.cast.on
}

// roundTrips waits until done, a round trip to the page at a time: a
// moment for the page's events to come. what says what was awaited when
// the page stops answering.
func roundTrips(ctx context.Context, t *testing.T, p *Page, what string, done func() bool) {
	t.Helper()
	for !done() {
		if _, err := (proto.RuntimeEvaluate{Expression: "1"}).Call(p.main.Client(ctx)); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
}

// awaitStop waits, for at most 2 s, for p's screencast to stop with no
// input sent.
func awaitStop(ctx context.Context, t *testing.T, p *Page, what string) {
	t.Helper()
	start := time.Now()
	roundTrips(ctx, t, p, what, func() bool {
		if time.Since(start) > 2*time.Second {
			t.Fatalf("%s: the screencast still runs 2 s after the step's frame came", what)
		}
		return !p.castRunning()
	})
}

// awaitJPEG waits for f's picture.
func awaitJPEG(ctx context.Context, t *testing.T, p *Page, f *CastFrame) []byte {
	t.Helper()
	roundTrips(ctx, t, p, "no frame came", func() bool { return f.JPEG() != nil })
	return f.JPEG()
}

// The screencast runs only while a step's frame waits for one: a step's
// frame is the first frame of its document to come after the step's end
// (or a paint within frameGrace of it), and the screencast stops then, on
// a page that keeps animating too, without waiting for the next input
// (docs/running.md "How the frame is taken"); left running, the browser
// would capture every paint of the spinner for the whole flow.
func TestScreencastRunsOnlyWhileAFrameWaits(t *testing.T) {
	ctx, c := freshContext(t)
	p, err := c.OpenPage(ctx, PageOptions{}, spinning, "load")
	if err != nil {
		t.Fatal(err)
	}
	for step := 1; step <= 2; step++ {
		p.cast.mu.Lock()
		before := p.cast.newest
		p.cast.mu.Unlock()
		f, err := p.ScreencastFrame(ctx)
		if err != nil {
			t.Fatal(err)
		}
		// a frame that came after the step is the screencast's: whether it
		// still runs now is a race with its frame and frameGrace on a busy
		// machine
		if got := awaitJPEG(ctx, t, p, f); len(before) > 0 && &got[0] == &before[0] {
			t.Fatalf("step %d: the screencast did not run for the step's frame: it has the frame before the step", step)
		}
		awaitStop(ctx, t, p, fmt.Sprintf("step %d", step))
		p.input()() // the next step's input
	}
}

// A step after which the page did not change (no input, no DOM change, the
// same document) gets the frame before it, with no capture; once the page
// changed, a new frame shows the change (docs/running.md "How the frame is
// taken").
func TestScreencastFrameStandsWhileThePageIsUnchanged(t *testing.T) {
	ctx, c := freshContext(t)
	p, err := c.OpenPage(ctx, PageOptions{}, `data:text/html,<body style="margin:0;background:rgb(255,0,0)"><p>red</p></body>`, "load")
	if err != nil {
		t.Fatal(err)
	}
	roundTrips(ctx, t, p, "networkIdle", func() bool { // the lifecycle's last event: none comes after it
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.life[p.loader]["networkIdle"]
	})
	f1, err := p.ScreencastFrame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	awaitJPEG(ctx, t, p, f1)
	awaitStop(ctx, t, p, "step 1")
	red := f1.JPEG()
	f2, err := p.ScreencastFrame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if p.castRunning() || !bytes.Equal(f2.JPEG(), red) {
		t.Fatal("a step after which nothing changed started the screencast instead of keeping the frame before it")
	}
	before := p.pictured()
	// the change, then a screenshot, which waits for a new frame of the
	// compositor: the browser has drawn the change before the step's frame
	// is asked for. A frame asked for sooner can be the paint before the
	// change (the browser captures what it last drew; docs/running.md "How
	// the frame is taken"), and two animation frames do not make sure of
	// it on a loaded machine; neither is what this test is about: that a
	// changed page is not given its old frame.
	change := `document.body.style.background = 'rgb(0,0,255)'; document.querySelector('p').textContent = 'blue'`
	if _, err := (proto.RuntimeEvaluate{Expression: change}).Call(p.main.Client(ctx)); err != nil {
		t.Fatal(err)
	}
	if _, err := (proto.PageCaptureScreenshot{}).Call(p.main.Client(ctx)); err != nil {
		t.Fatal(err)
	}
	// the change watcher reports the change
	roundTrips(ctx, t, p, "the change", func() bool { return p.pictured() != before })
	f3, err := p.ScreencastFrame(ctx)
	if err != nil {
		t.Fatal(err)
	}
	awaitJPEG(ctx, t, p, f3)
	awaitStop(ctx, t, p, "step 3") // a paint within frameGrace would replace it
	img, err := jpeg.Decode(bytes.NewReader(f3.JPEG()))
	if err != nil {
		t.Fatal(err)
	}
	if r, _, b, _ := img.At(img.Bounds().Dx()/2, img.Bounds().Dy()/2).RGBA(); b < 0xc000 || r > 0x4000 {
		t.Fatalf("the frame after the page changed shows the page before it (r %x, b %x)", r, b)
	}
}

// A step's frame whose document the tab leaves before any frame of it
// comes (a click on a link whose step ended before the tab left, on a
// busy machine) takes the newest frame that document painted: the page
// the step left, as last painted; never nothing, nor the next document's
// (docs/running.md "How the frame is taken").
func TestAFrameOfADocumentLeftTakesItsLastPaint(t *testing.T) {
	p := &Page{}
	waiting := &CastFrame{docs: 1, last: []byte("red"), page: p}
	sealed := &CastFrame{docs: 1, last: []byte("red, sealed"), page: p}
	next := &CastFrame{docs: 3, page: p}
	p.cast.waiting = []*CastFrame{waiting}
	p.cast.first = []*CastFrame{sealed, next}
	p.fill(2, []byte("blue"))
	if got := string(waiting.JPEG()); got != "red" {
		t.Fatalf("a waiting frame of the document left has %q", got)
	}
	if got := string(sealed.JPEG()); got != "red, sealed" {
		t.Fatalf("a sealed frame of the document left has %q", got)
	}
	if next.JPEG() != nil || len(p.cast.waiting) != 0 || len(p.cast.first) != 1 {
		t.Fatalf("a frame of a later document was filled (%q), or the frames left still wait (%d, %d)", next.JPEG(), len(p.cast.waiting), len(p.cast.first))
	}
	if p.cast.grace != nil {
		p.cast.grace.Stop()
	}
}

// A step's frame that an input sealed empty (its frame came later than
// frameDue on a busy machine) and that no frame filled by the time the
// trace is kept takes the newest frame its document painted before the
// step ended; one whose document had painted none stays empty, and one
// a frame filled keeps it. None is given a screenshot then, which would
// show the later steps' inputs (docs/running.md "How the frame is
// taken").
func TestASealedFrameNothingFilledTakesItsLastPaint(t *testing.T) {
	p := &Page{}
	late := &CastFrame{docs: 0, last: []byte("red"), sealed: true, page: p}
	unpainted := &CastFrame{docs: 0, sealed: true, page: p}
	filled := &CastFrame{docs: 0, data: []byte("blue"), last: []byte("red"), sealed: true, page: p}
	for _, f := range []*CastFrame{late, unpainted, filled} {
		f.Fill(context.Background())
	}
	if got := string(late.JPEG()); got != "red" {
		t.Fatalf("a sealed frame nothing filled has %q, not its document's last paint", got)
	}
	if unpainted.JPEG() != nil {
		t.Fatalf("a sealed frame of a document that painted nothing has %q", unpainted.JPEG())
	}
	if got := string(filled.JPEG()); got != "blue" {
		t.Fatalf("a sealed frame that a frame filled has %q", got)
	}
}
