package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
)

// Native dialogs (alert, confirm, prompt, beforeunload) stop the page's
// script until they are answered, and a headless browser shows no one to
// answer them: smokeflow answers each at once, as the `dialog` step said,
// else by default (an alert is accepted, the others dismissed), and keeps
// it in the page's dialog log. docs/flows.md "dialog".
//
// Chromium reports a dialog of an out-of-process iframe on the top-level
// page's session and takes the answer only there, so every session's
// event is answered through the page's main session.

// DialogAnswer is how to answer a dialog.
type DialogAnswer struct {
	Accept bool
	// Text is typed into a prompt that is accepted; nil keeps the
	// prompt's default value.
	Text *string
}

// DefaultDialogAnswer is the answer without a `dialog` step: accept an
// alert, dismiss a confirm, a prompt and a beforeunload (the page stays).
func DefaultDialogAnswer(t proto.PageDialogType) DialogAnswer {
	return DialogAnswer{Accept: t == proto.PageDialogTypeAlert}
}

// Dialog is a native dialog a page opened and how it was answered.
type Dialog struct {
	Type     proto.PageDialogType
	Message  string
	URL      string // the frame's
	Accepted bool
	Text     string // typed into an accepted prompt
	ByStep   bool   // answered as a `dialog` step said (not by default)
	Error    string // the answer could not be given
	Time     time.Time
}

// String renders the dialog and its answer for the step log:
// `confirm "Delete it?" dismissed (the default)`.
func (d Dialog) String() string {
	s := fmt.Sprintf("%s %q ", d.Type, d.Message)
	switch {
	case d.Accepted && d.Type == proto.PageDialogTypePrompt:
		s += fmt.Sprintf("accepted with %q", d.Text)
	case d.Accepted:
		s += "accepted"
	case d.Type == proto.PageDialogTypeBeforeunload:
		s += "dismissed: the page stays"
	default:
		s += "dismissed"
	}
	if d.ByStep {
		s += " (as the dialog step said)"
	} else {
		s += " (the default)"
	}
	if d.Error != "" {
		s += "; answering it failed: " + d.Error
	}
	return s
}

// AnswerNextDialog sets how to answer the next dialog that any page of
// the context opens (the `dialog` step); later ones get the default again.
func (c *Context) AnswerNextDialog(a DialogAnswer) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.answer = &a
}

// takeAnswer returns the answer for a dialog of type t and forgets a
// `dialog` step's answer once used.
func (c *Context) takeAnswer(t proto.PageDialogType) (DialogAnswer, bool) {
	if c == nil {
		return DefaultDialogAnswer(t), false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.answer == nil {
		return DefaultDialogAnswer(t), false
	}
	a := *c.answer
	c.answer = nil
	return a, true
}

// Dialogs returns the native dialogs the page opened so far, in order.
func (p *Page) Dialogs() []Dialog {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]Dialog(nil), p.dialogs...)
}

// onDialog answers a dialog that opens and logs it.
func (p *Page) onDialog(msg *rod.Message) {
	var e proto.PageJavascriptDialogOpening
	if !msg.Load(&e) {
		// Page.javascriptDialogClosed
		p.mu.Lock()
		p.dialogUp = false
		p.mu.Unlock()
		return
	}
	p.mu.Lock()
	if p.dialogUp {
		// the same dialog, reported by a second session
		p.mu.Unlock()
		return
	}
	p.dialogUp = true
	p.mu.Unlock()
	a, byStep := p.owner.takeAnswer(e.Type)
	d := Dialog{Type: e.Type, Message: e.Message, URL: e.URL, Accepted: a.Accept, ByStep: byStep, Time: time.Now()}
	if a.Accept && e.Type == proto.PageDialogTypePrompt {
		d.Text = e.DefaultPrompt
		if a.Text != nil {
			d.Text = *a.Text
		}
	}
	p.mu.Lock()
	i := len(p.dialogs)
	if i < 1000 {
		p.dialogs = append(p.dialogs, d)
	}
	p.signal()
	p.mu.Unlock()
	// answered off the event loop: the loop must go on reading events
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := proto.PageHandleJavaScriptDialog{Accept: d.Accepted, PromptText: d.Text}.Call(p.main.Client(ctx))
		if err != nil && i < 1000 {
			p.mu.Lock()
			p.dialogs[i].Error = err.Error()
			p.mu.Unlock()
		}
	}()
}
