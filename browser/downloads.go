package browser

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// Downloads: the context's downloads are saved into a folder of its own,
// each file named by its download's GUID, and reported through a browser
// session of the context's own. Chromium sends every download's events to
// every browser session that asked for them, so a context keeps only the
// downloads that a frame of its own began: a tab's main frame (its target
// ID) or a frame attached in one of its pages. docs/flows.md "Downloads".

// Download is one file a page of the context downloaded.
type Download struct {
	GUID  string
	URL   string
	Name  string // the name the page suggested (Content-Disposition, the link's download attribute)
	Path  string // where the browser writes it: the folder of EnableDownloads, then the GUID
	State proto.BrowserDownloadProgressState
	Bytes int64             // received so far
	Total int64             // expected, 0 when unknown
	frame proto.PageFrameID // the frame that began it
}

// Done reports a download that completed or was canceled.
func (d Download) Done() bool {
	return d.State == proto.BrowserDownloadProgressStateCompleted || d.State == proto.BrowserDownloadProgressStateCanceled
}

// downloads is a context's download state.
type downloads struct {
	dir     string
	session *CDPSession // the context's own browser session
	stop    context.CancelFunc
	list    []Download
	notify  chan struct{}
}

// EnableDownloads lets the context's pages download files into dir (an
// absolute path; the browser creates it when the first download starts).
func (c *Context) EnableDownloads(ctx context.Context, dir string) error {
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("the download folder %q must be an absolute path", dir)
	}
	subCtx, unsubscribe := context.WithCancel(context.Background())
	events := c.b.rod.Context(subCtx).Event()
	r, err := proto.TargetAttachToBrowserTarget{}.Call(c.b.rod.Context(ctx))
	if err != nil {
		unsubscribe()
		return fmt.Errorf("cannot watch downloads: %w", err)
	}
	s := &CDPSession{conn: c.b.rod, ID: r.SessionID}
	d := &downloads{dir: dir, session: s, stop: unsubscribe, notify: make(chan struct{})}
	c.mu.Lock()
	c.dl = d
	c.mu.Unlock()
	go c.downloadLoop(d, events)
	err = proto.BrowserSetDownloadBehavior{Behavior: proto.BrowserSetDownloadBehaviorBehaviorAllowAndName,
		BrowserContextID: c.id, DownloadPath: dir, EventsEnabled: true}.Call(s.Client(ctx))
	if err != nil {
		return fmt.Errorf("cannot allow downloads: %w", err)
	}
	return nil
}

// DenyDownloads makes the context's pages refuse every download (the
// action policy, docs/security.md "Action policy").
func (c *Context) DenyDownloads(ctx context.Context) error {
	err := proto.BrowserSetDownloadBehavior{Behavior: proto.BrowserSetDownloadBehaviorBehaviorDeny,
		BrowserContextID: c.id}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return fmt.Errorf("cannot refuse downloads: %w", err)
	}
	return nil
}

// stopDownloads ends the context's browser session.
func (c *Context) stopDownloads(ctx context.Context) {
	c.mu.Lock()
	d := c.dl
	c.mu.Unlock()
	if d == nil {
		return
	}
	// the session ends with the context anyway: an error here changes nothing
	_ = proto.TargetDetachFromTarget{SessionID: d.session.ID}.Call(c.b.rod.Context(ctx))
	d.stop()
}

func (c *Context) downloadLoop(d *downloads, events <-chan *rod.Message) {
	for msg := range events {
		if msg.SessionID != d.session.ID {
			continue
		}
		var begin proto.BrowserDownloadWillBegin
		var progress proto.BrowserDownloadProgress
		c.mu.Lock()
		switch {
		case msg.Load(&begin):
			// another context's download is kept too, and never shown: its
			// frame may be attached in one of this context's pages only
			// after the page's events are read (Downloads filters)
			d.list = append(d.list, Download{GUID: begin.GUID, URL: begin.URL, Name: begin.SuggestedFilename,
				Path: filepath.Join(d.dir, begin.GUID), State: proto.BrowserDownloadProgressStateInProgress, frame: begin.FrameID})
		case msg.Load(&progress):
			for i := range d.list {
				if x := &d.list[i]; x.GUID == progress.GUID {
					x.State, x.Bytes, x.Total = progress.State, int64(progress.ReceivedBytes), int64(progress.TotalBytes)
				}
			}
		default:
			c.mu.Unlock()
			continue
		}
		close(d.notify)
		d.notify = make(chan struct{})
		c.mu.Unlock()
	}
}

// Downloads returns the context's downloads so far, in the order they
// began, and a channel closed at the next change.
func (c *Context) Downloads() ([]Download, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.dl == nil {
		return nil, nil
	}
	var own []Download
	for _, d := range c.dl.list {
		if c.ownsFrame(d.frame) {
			own = append(own, d)
		}
	}
	return own, c.dl.notify
}

// ownsFrame says the frame is or was one of the context's: a tab's main
// frame or a frame attached in one of its pages. Under c.mu.
func (c *Context) ownsFrame(id proto.PageFrameID) bool {
	if c.frames[id] {
		return true
	}
	for _, t := range c.tabs {
		if string(t.id) == string(id) {
			return true
		}
	}
	return false
}

// noteFrame records a frame attached in one of the context's pages
// (Page.frameAttached), and wakes a wait on downloads: a download that
// frame began may have been heard first.
func (c *Context) noteFrame(id proto.PageFrameID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.frames == nil {
		c.frames = map[proto.PageFrameID]bool{}
	}
	c.frames[id] = true
	if d := c.dl; d != nil {
		close(d.notify)
		d.notify = make(chan struct{})
	}
}

// WaitDownloads calls cond with the downloads at every change until it
// reports true or ctx ends.
func (c *Context) WaitDownloads(ctx context.Context, cond func([]Download) bool) error {
	for {
		list, changed := c.Downloads()
		if cond(list) {
			return nil
		}
		if changed == nil {
			changed = make(chan struct{}) // downloads are off: nothing will change
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}
