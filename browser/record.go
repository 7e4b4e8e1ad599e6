package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/go-rod/rod/lib/proto"
	"github.com/ysmood/gson"
)

// The recorder of `smokeflow record` (docs/session.md "Recording a
// flow"): record.js, in every document of the page's main frame, in a
// world of its own, recordWorld (not smokeflow's world of the steps: the
// page's scripts see neither), sends what the person does through the
// binding recordBinding, exposed in that world only. Its events reach Go
// as Runtime.bindingCalled, read by the page's event loop: no polling.
const (
	recordWorld   = "smokeflow-recorder"
	recordBinding = "__smokeflowRecord"
)

// RecordCall is one call of the recorder's binding: what the person did,
// as record.js wrote it, and the world it came from.
type RecordCall struct {
	Kind     string   `json:"kind"` // point, click, dblclick, fill, select, check, uncheck, press, drag, expect
	ID       int      `json:"id"`   // the element, for Element (0: none)
	To       int      `json:"to"`   // drag: the element dropped on
	Value    string   `json:"value"`
	Secret   bool     `json:"secret"` // fill: a password field
	Name     string   `json:"name"`   // fill: the field's name, id, label or placeholder
	Options  []string `json:"options"`
	Multiple bool     `json:"multiple"`
	Key      string   `json:"key"`
	What     string   `json:"what"`   // expect: visible, text or value
	Text     string   `json:"text"`   // expect: the element's text
	Path     string   `json:"path"`   // where ID is in its document (record.js's pathOf)
	ToPath   string   `json:"toPath"` // where To is
	Doc      float64  `json:"doc"`    // the document's performance.timeOrigin
	URL      string   `json:"url"`    // the document's URL

	context proto.RuntimeExecutionContextID
}

// Record installs the recorder in the page's documents from now on (the
// page's next navigation shows it) and returns the channel its calls
// arrive on, in order.
func (p *Page) Record(ctx context.Context) (<-chan RecordCall, error) {
	ch := make(chan RecordCall, 4096)
	p.mu.Lock()
	p.recording = ch
	p.mu.Unlock()
	c := p.main.Client(ctx)
	if err := (proto.RuntimeAddBinding{Name: recordBinding, ExecutionContextName: recordWorld}).Call(c); err != nil {
		return nil, err
	}
	_, err := proto.PageAddScriptToEvaluateOnNewDocument{Source: recordJS(), WorldName: recordWorld, RunImmediately: true}.Call(c)
	return ch, err
}

// recorded hands a call of the recorder's binding to Record's channel;
// one that does not parse, or that finds the channel full, is dropped.
// Under no lock: the page's event loop calls it.
func (p *Page) recorded(e *proto.RuntimeBindingCalled) {
	var c RecordCall
	if json.Unmarshal([]byte(e.Payload), &c) != nil {
		return
	}
	c.context = e.ExecutionContextID
	p.mu.Lock()
	ch := p.recording
	p.mu.Unlock()
	if ch == nil {
		return
	}
	select {
	case ch <- c:
	default:
	}
}

// ErrRecordedGone: the element a recorder's call named is gone with its
// document (the page went elsewhere first).
var ErrRecordedGone = errors.New("the element is gone with its document")

// RecordedNode is the backend DOM node id of element id of a recorder's
// call, found in the world the call came from.
func (p *Page) RecordedNode(ctx context.Context, c RecordCall, id int) (int64, error) {
	cl := p.main.Client(ctx)
	r, err := proto.RuntimeEvaluate{Expression: fmt.Sprintf("globalThis.__smokeflowRecorded(%d)", id),
		ContextID: c.context, ObjectGroup: recordWorld}.Call(cl)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrRecordedGone, err)
	}
	defer func() { _ = proto.RuntimeReleaseObjectGroup{ObjectGroup: recordWorld}.Call(cl) }()
	if r.ExceptionDetails != nil || r.Result.ObjectID == "" {
		return 0, ErrRecordedGone
	}
	d, err := proto.DOMDescribeNode{ObjectID: r.Result.ObjectID}.Call(cl)
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrRecordedGone, err)
	}
	return int64(d.Node.BackendNodeID), nil
}

// Document tells the documents of the recorder's calls apart: element
// numbers are per document.
func (c RecordCall) Document() int64 { return int64(c.context) }

// DocumentPaths are the backend node ids of the main document's elements
// by their path as record.js's pathOf writes it: the element's index
// among its parent's elements, from the document down, "s" for a shadow
// root. Read next to a snapshot, they find an element of a recorder's
// call in that snapshot once its document is gone.
func (p *Page) DocumentPaths(ctx context.Context) (map[string]int64, error) {
	d, err := proto.DOMGetDocument{Depth: gson.Int(-1), Pierce: true}.Call(p.main.Client(ctx))
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	var walk func(n *proto.DOMNode, path string)
	walk = func(n *proto.DOMNode, path string) {
		i := 0
		for _, c := range n.Children {
			if c.NodeType != 1 {
				continue
			}
			cp := strconv.Itoa(i)
			if path != "" {
				cp = path + "/" + cp
			}
			out[cp] = int64(c.BackendNodeID)
			walk(c, cp)
			i++
		}
		for _, sr := range n.ShadowRoots {
			walk(sr, path+"/s")
		}
	}
	walk(d.Root, "")
	return out, nil
}

// DocumentOrigin is the main document's performance.timeOrigin, read in
// the recorder's world: it tells documents apart, as a recorder's call's
// Doc does.
func (p *Page) DocumentOrigin(ctx context.Context) (float64, error) {
	c := p.main.Client(ctx)
	w, err := proto.PageCreateIsolatedWorld{FrameID: p.main.FrameID, WorldName: recordWorld}.Call(c)
	if err != nil {
		return 0, err
	}
	r, err := proto.RuntimeEvaluate{Expression: "performance.timeOrigin", ContextID: w.ExecutionContextID, ReturnByValue: true}.Call(c)
	if err != nil {
		return 0, err
	}
	if r.ExceptionDetails != nil {
		return 0, errors.New(exceptionMessage(r.ExceptionDetails))
	}
	return r.Result.Value.Num(), nil
}

// RecordReady tells the recorder's toolbar that the page was read as it
// is: its light turns green (docs/session.md "Recording a flow").
func (p *Page) RecordReady(ctx context.Context) {
	c := p.main.Client(ctx)
	w, err := proto.PageCreateIsolatedWorld{FrameID: p.main.FrameID, WorldName: recordWorld}.Call(c)
	if err != nil {
		return
	}
	_, _ = proto.RuntimeEvaluate{Expression: "globalThis.__smokeflowReady && globalThis.__smokeflowReady()",
		ContextID: w.ExecutionContextID}.Call(c)
}
