package browser

import (
	"context"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/internal/cpuload"
)

// WaitedUntil takes the later reading's tasks less its processor time,
// each from the earlier reading, or from zero for a new document
// (docs/explore.md "Slowness on a busy machine").
func TestMainThreadWaitedUntil(t *testing.T) {
	ms := func(tasks, cpu int) MainThread {
		return MainThread{Tasks: time.Duration(tasks) * time.Millisecond, CPU: time.Duration(cpu) * time.Millisecond}
	}
	for _, c := range []struct {
		name          string
		before, after MainThread
		want          time.Duration
	}{
		{"idle machine: the thread never waited", ms(100, 100), ms(300, 300), 0},
		{"busy machine: the wall clock ran ahead of the processor", ms(100, 80), ms(2100, 580), 1500 * time.Millisecond},
		{"a new document began: its counts are all", ms(900, 300), ms(400, 100), 300 * time.Millisecond},
		{"the processor's count ran ahead a little: no wait", ms(100, 100), ms(200, 210), 0},
	} {
		if got := c.before.WaitedUntil(c.after); got != c.want {
			t.Errorf("%s: waited %s, want %s", c.name, got, c.want)
		}
	}
}

// On a busy machine, a page's main thread spends far longer on its
// tasks by the clock than in processor time; on an idle one the two are
// close. The busy half shows the reading can tell them apart.
func TestMainThreadTellsABusyMachine(t *testing.T) {
	b := sharedBrowser(t)
	// about 150 ms of a processor's work on an idle machine
	srv := serveHTML(t, `<!doctype html><p>work</p><script>let x = 0; for (let i = 0; i < 1.5e8; i++) { x += i % 7 }</script>`)
	read := func(busy int) MainThread {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		c, err := b.NewContext(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = c.Close() }()
		p, err := c.OpenPage(ctx, PageOptions{}, "about:blank", "load")
		if err != nil {
			t.Fatal(err)
		}
		if busy > 0 {
			defer cpuload.Start(busy)()
		}
		if _, err := p.Navigate(ctx, srv.URL, "load"); err != nil {
			t.Fatal(err)
		}
		m, err := p.MainThread(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	idle := read(0)
	if idle.CPU < 50*time.Millisecond {
		t.Fatalf("the script's work was not counted: %+v", idle)
	}
	busy := read(8)
	waited := MainThread{}.WaitedUntil(busy)
	t.Logf("idle %+v; busy %+v: waited %s", idle, busy, waited)
	if waited < busy.CPU/2 {
		t.Fatalf("with 8 threads spinning, the main thread waited only %s for %s of work (%+v); idle: %+v", waited, busy.CPU, busy, idle)
	}
}
