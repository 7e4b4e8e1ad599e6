package session

import (
	"context"
	"errors"
	"time"
	"weak"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// TraceCapture is how a session records its trace (docs/running.md
// "Traces"): after every step that acts on the page, a JPEG of the page
// and the snapshot the step read before it acted, kept in memory until
// KeepTrace writes them. The snapshot is kept as the text written, not
// as its nodes (a large page's nodes are ten times its text, and four
// workers hold a trace each: docs/running.md "Memory").
type TraceCapture int

const (
	// TraceOff records nothing.
	TraceOff TraceCapture = iota
	// TraceShots takes a JPEG screenshot once each step has finished.
	TraceShots
	// TraceScreencast takes each step's frame from the browser's
	// screencast, which runs from the step's end until its frame has come
	// (browser.ScreencastFrame), or a screenshot where the frame is not
	// safe (traceShot); the runner's default.
	TraceScreencast
)

// traceShotTimeout bounds the capture of one frame: a page too busy to
// paint loses its frame, not the flow's time.
const traceShotTimeout = 2 * time.Second

// traceFrame is one step of the trace, in memory.
type traceFrame struct {
	step string             // the step's index
	shot []byte             // JPEG after the step, a screenshot; nil when none
	cast *browser.CastFrame // the screencast's frame after the step, instead of shot
	snap *traceText         // read before the step acted; nil when none
}

// traceRead is the latest snapshot a trace rendered: a step that read
// no other shares its text. The snapshot is held weakly: the trace keeps
// texts, not nodes.
type traceRead struct {
	snap weak.Pointer[locate.Snapshot]
	text *traceText
}

// traceText is a snapshot's text in a trace, shared by the steps that
// read the same snapshot (written once).
type traceText struct{ text string }

// jpeg is the frame's picture; nil when none could be taken. A
// screencast frame still empty (its document had not painted) gets a
// screenshot of its tab now, when the tab still shows that document.
func (fr traceFrame) jpeg() []byte {
	if fr.cast == nil {
		return fr.shot
	}
	ctx, cancel := context.WithTimeout(context.Background(), traceShotTimeout)
	defer cancel()
	fr.cast.Fill(ctx)
	return fr.cast.JPEG()
}

// traceMark starts the trace of a step: the reads from now on are the
// step's.
func (ss *Session) traceMark() {
	if ss.opts.Trace != TraceOff {
		ss.page.MarkReads()
	}
}

// traceStep records a step that finished: the current tab's frame and the
// snapshot it read first. A frame that cannot be taken (a tab that
// closed, a page that does not paint) is left out: the trace never fails
// a step.
func (ss *Session) traceStep(ctx context.Context, idx string, before *browser.Page) {
	if ss.opts.Trace == TraceOff {
		return
	}
	fr := traceFrame{step: idx, snap: ss.traceText(before.FirstRead())}
	p := ss.page
	if !p.Closed() && !p.Crashed() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), traceShotTimeout)
		defer cancel()
		fr.shot, fr.cast = ss.traceShot(sctx, p)
	}
	if n := len(ss.trace); n > 0 && ss.trace[n-1].step == idx {
		ss.trace[n-1] = fr // a step's retry: its last try is the step's
		return
	}
	ss.trace = append(ss.trace, fr)
}

// traceText is snap's text in the trace, rendered once: the steps that
// read the same snapshot share it. nil when snap is.
func (ss *Session) traceText(snap *locate.Snapshot) *traceText {
	if snap == nil {
		return nil
	}
	if w := weak.Make(snap); ss.traceRead.snap != w {
		ss.traceRead.snap = w
		ss.traceRead.text = &traceText{text: snap.Render(locate.RenderOptions{Mask: ss.mask.Mask})}
	}
	return ss.traceRead.text
}

// traceShot is the frame of a step that finished: the screencast's
// frame where it is safe, else a screenshot measured around its capture
// (docs/running.md "Traces"): once a document showed something to paint
// over, its tab's frames are screenshots while it shows that document
// (browser.ErrFrameUnsafe). Neither when no picture could be taken.
func (ss *Session) traceShot(ctx context.Context, p *browser.Page) ([]byte, *browser.CastFrame) {
	if ss.opts.Trace == TraceScreencast {
		if f, err := p.ScreencastFrame(ctx); err == nil {
			return nil, f
		}
	}
	shot, err := p.TraceShot(ctx)
	if err != nil {
		return nil, nil
	}
	return shot, nil
}

// KeepTrace writes the trace recorded so far into the session's folder,
// trace/INDEX.jpg and trace/INDEX.before.txt per step, as artifacts of
// kinds trace-screenshot and trace-snapshot with their step
// (docs/running.md "Traces"), and drops it from memory. A snapshot that
// several steps share is written once. Without KeepTrace the trace is
// never written.
func (ss *Session) KeepTrace() error {
	var errs []error
	written := map[*traceText]results.Artifact{}
	for _, fr := range ss.trace {
		if fr.snap != nil {
			a, ok := written[fr.snap]
			if !ok {
				name := "trace/" + fr.step + ".before.txt"
				path, err := ss.artifact(results.ArtifactTraceSnapshot, name, []byte(fr.snap.text))
				errs = append(errs, err)
				a = results.Artifact{Kind: results.ArtifactTraceSnapshot, Name: name, Path: path}
				if err == nil {
					written[fr.snap] = a
					ss.artifacts = ss.artifacts[:len(ss.artifacts)-1]
				}
			}
			if a.Path != "" {
				a.Step = fr.step
				ss.artifacts = append(ss.artifacts, a)
			}
		}
		if shot := fr.jpeg(); shot != nil {
			name := "trace/" + fr.step + ".jpg"
			_, err := ss.artifact(results.ArtifactTraceScreenshot, name, shot)
			errs = append(errs, err)
			if err == nil {
				ss.artifacts[len(ss.artifacts)-1].Step = fr.step
			}
		}
	}
	ss.trace, ss.traceRead = nil, traceRead{}
	return errors.Join(errs...)
}
