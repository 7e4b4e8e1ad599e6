package browser

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/go-rod/rod/lib/cdp"
)

// conn is the DevTools connection under rod (it implements rod.CDPClient).
//
// rod's own client decodes every message twice (once for its id, once
// for the rest), and a snapshot's accessibility tree is most of a
// megabyte of JSON: on a large page that was ~8 ms of a ~60 ms snapshot.
// conn takes a response apart without decoding it: Chromium writes
// `{"id":N,"result":{…}}`, with `,"sessionId":"…"` appended for a
// session, so the result is the bytes between. Anything else (errors,
// events, an unexpected shape) goes through encoding/json as before.
type conn struct {
	ws     *cdp.WebSocket
	nextID atomic.Int64

	mu      sync.Mutex
	pending map[int64]pendingCall
	err     error // set once the connection is gone

	events chan *cdp.Event

	// fault is the stub DevTools client's hook, set only by package
	// browser's tests: asked before each command is sent, a non-nil error
	// fails that command there, as an answer of the browser's would
	// (docs/testing.md "The stub DevTools client"). Never set in a run.
	fault atomic.Pointer[faultFunc]
}

// faultFunc says whether the command method, with its params, on session
// sessionID ("" for the browser's own) fails, and with which error; nil
// lets it through.
type faultFunc func(sessionID, method string, params any) error

type connResult struct {
	msg []byte
	err error
}

// pendingCall is a command waiting for its response.
type pendingCall struct {
	ch      chan connResult
	session string
}

// ErrPageClosed is the error of a command that was waiting on a page (or
// an iframe's session) when it closed: the browser never answers it.
var ErrPageClosed = errors.New("the page closed")

// errConnClosed is the error of a call on a closed connection.
var errConnClosed = errors.New("the DevTools connection is closed")

// dial connects to a DevTools websocket URL within ctx. The connection
// lasts until the browser ends it or life ends (nil: no end).
func dial(ctx, life context.Context, u string) (*conn, error) {
	ws := &cdp.WebSocket{}
	if err := ws.Connect(ctx, u, nil); err != nil {
		return nil, err
	}
	c := &conn{ws: ws, pending: map[int64]pendingCall{}, events: make(chan *cdp.Event)}
	go c.read()
	if life != nil {
		go func() {
			<-life.Done()
			_ = ws.Close()
		}()
	}
	return c, nil
}

// Event implements rod.CDPClient: the browser's events, in order. It is
// closed when the connection ends.
func (c *conn) Event() <-chan *cdp.Event { return c.events }

type connRequest struct {
	ID        int64  `json:"id"`
	SessionID string `json:"sessionId,omitempty"`
	Method    string `json:"method"`
	Params    any    `json:"params,omitempty"`
}

// Call implements rod.CDPClient: it sends one command and waits for its
// result (raw JSON) or ctx.
func (c *conn) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	wait, err := c.send(sessionID, method, params)
	if err != nil {
		return nil, err
	}
	return wait(ctx)
}

// send sends one command and returns how to wait for its result: the
// browser runs a session's commands in the order they were sent, so a
// command sent after this one runs after it even before its answer comes
// back. The wait must be called once.
func (c *conn) send(sessionID, method string, params any) (wait func(context.Context) ([]byte, error), err error) {
	if f := c.fault.Load(); f != nil {
		if err := (*f)(sessionID, method, params); err != nil {
			return nil, err
		}
	}
	id := c.nextID.Add(1)
	data, err := json.Marshal(connRequest{ID: id, SessionID: sessionID, Method: method, Params: params})
	if err != nil {
		return nil, fmt.Errorf("%s: encoding the parameters: %w", method, err)
	}
	ch := make(chan connResult, 1)
	c.mu.Lock()
	if c.err != nil {
		c.mu.Unlock()
		return nil, c.err
	}
	c.pending[id] = pendingCall{ch: ch, session: sessionID}
	c.mu.Unlock()
	forget := func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}
	if err := c.ws.Send(data); err != nil {
		forget()
		return nil, err
	}
	return func(ctx context.Context) ([]byte, error) {
		defer forget()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case r := <-ch:
			return r.msg, r.err
		}
	}, nil
}

// read dispatches every message of the connection until it ends.
func (c *conn) read() {
	defer close(c.events)
	for {
		data, err := c.ws.Read()
		if err != nil {
			c.mu.Lock()
			c.err = fmt.Errorf("%w: %w", errConnClosed, err)
			for id, pc := range c.pending {
				pc.ch <- connResult{err: c.err}
				delete(c.pending, id)
			}
			c.mu.Unlock()
			return
		}
		if id, result, ok := splitResponse(data); ok {
			c.deliver(id, connResult{msg: result})
			continue
		}
		var m struct {
			ID        int64           `json:"id"`
			SessionID string          `json:"sessionId"`
			Method    string          `json:"method"`
			Params    json.RawMessage `json:"params"`
			Result    json.RawMessage `json:"result"`
			Error     *cdp.Error      `json:"error"`
		}
		if err := json.Unmarshal(data, &m); err != nil {
			continue // not JSON: nothing to deliver it to
		}
		switch {
		case m.ID == 0:
			if m.Method == "Target.detachedFromTarget" {
				c.detached(m.Params)
			}
			c.events <- &cdp.Event{SessionID: m.SessionID, Method: m.Method, Params: m.Params}
		case m.Error != nil:
			c.deliver(m.ID, connResult{err: m.Error})
		default:
			c.deliver(m.ID, connResult{msg: m.Result})
		}
	}
}

func (c *conn) deliver(id int64, r connResult) {
	c.mu.Lock()
	pc, ok := c.pending[id]
	delete(c.pending, id)
	c.mu.Unlock()
	if ok {
		pc.ch <- r // buffered: never blocks the reader
	}
}

// detached fails the commands still waiting on a session that ended (a
// page that closed itself mid-click): the browser drops them unanswered.
func (c *conn) detached(params json.RawMessage) {
	var e struct {
		SessionID string `json:"sessionId"`
	}
	if json.Unmarshal(params, &e) != nil || e.SessionID == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for id, pc := range c.pending {
		if pc.session == e.SessionID {
			pc.ch <- connResult{err: fmt.Errorf("%w (session %s ended)", ErrPageClosed, e.SessionID)}
			delete(c.pending, id)
		}
	}
}

var (
	idPrefix     = []byte(`{"id":`)
	resultKey    = []byte(`,"result":`)
	sessionIDKey = []byte(`,"sessionId":"`)
)

// splitResponse takes a successful response apart without decoding it:
// `{"id":N,"result":R}` or `{"id":N,"result":R,"sessionId":"S"}`, R an
// object. ok is false for anything else, which is then decoded in full.
func splitResponse(data []byte) (id int64, result []byte, ok bool) {
	if !bytes.HasPrefix(data, idPrefix) || len(data) < 2 || data[len(data)-1] != '}' {
		return 0, nil, false
	}
	rest := data[len(idPrefix):]
	i := 0
	for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
		i++
	}
	id, err := strconv.ParseInt(string(rest[:i]), 10, 64)
	if err != nil || id == 0 || !bytes.HasPrefix(rest[i:], resultKey) {
		return 0, nil, false
	}
	result = rest[i+len(resultKey) : len(rest)-1] // without the closing brace
	// A trailing string member can only be the session id: the result
	// itself is an object, so without one the bytes end with '}'.
	if n := len(result); n > 0 && result[n-1] == '"' {
		k := bytes.LastIndex(result, sessionIDKey)
		if k < 0 || k+len(sessionIDKey) > n-1 || bytes.IndexByte(result[k+len(sessionIDKey):n-1], '"') >= 0 {
			return 0, nil, false
		}
		result = result[:k]
	}
	if len(result) < 2 || result[0] != '{' || result[len(result)-1] != '}' {
		return 0, nil, false
	}
	return id, result, true
}
