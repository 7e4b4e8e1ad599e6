package browser

import (
	"encoding/json"
	"errors"
	"testing"
)

// TestSplitResponse checks the fast path of conn against encoding/json:
// whatever it takes apart must be exactly the result JSON says, and
// whatever it cannot be sure of must be left to encoding/json.
func TestSplitResponse(t *testing.T) {
	cases := []struct {
		msg    string
		ok     bool
		id     int64
		result string
	}{
		{`{"id":7,"result":{}}`, true, 7, `{}`},
		{`{"id":12,"result":{"nodes":[{"nodeId":"1"}]},"sessionId":"AB12CD"}`, true, 12, `{"nodes":[{"nodeId":"1"}]}`},
		// a result that itself holds a session id, with and without an outer one
		{`{"id":3,"result":{"sessionId":"X1"}}`, true, 3, `{"sessionId":"X1"}`},
		{`{"id":3,"result":{"a":1,"sessionId":"X1"},"sessionId":"S9"}`, true, 3, `{"a":1,"sessionId":"X1"}`},
		{`{"id":4,"result":{"s":"a,\"sessionId\":\"b"}}`, true, 4, `{"s":"a,\"sessionId\":\"b"}`},
		// left to encoding/json
		{`{"id":5,"error":{"code":-32000,"message":"No node"}}`, false, 0, ``},
		{`{"method":"Page.loadEventFired","params":{"timestamp":1}}`, false, 0, ``},
		{`{"id":6,"result":{},"sessionId":"a"b"}`, false, 0, ``},
		{`{"id":0,"result":{}}`, false, 0, ``},
		{`{"id":8,"result":[1]}`, false, 0, ``},
		{`{"result":{},"id":9}`, false, 0, ``},
		{`{"id":`, false, 0, ``},
		{``, false, 0, ``},
	}
	for _, c := range cases {
		id, res, ok := splitResponse([]byte(c.msg))
		if ok != c.ok || id != c.id || string(res) != c.result {
			t.Errorf("%s: got (%d, %s, %v), want (%d, %s, %v)", c.msg, id, res, ok, c.id, c.result, c.ok)
		}
		if !ok {
			continue
		}
		var m struct {
			ID     int64           `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(c.msg), &m); err != nil || m.ID != id || string(m.Result) != string(res) {
			t.Errorf("%s: encoding/json reads (%d, %s, %v)", c.msg, m.ID, m.Result, err)
		}
	}
}

// FuzzSplitResponse: on any input the fast path either declines or agrees
// with encoding/json.
func FuzzSplitResponse(f *testing.F) {
	f.Add(`{"id":12,"result":{"x":"y"},"sessionId":"AB"}`)
	f.Add(`{"id":3,"result":{"sessionId":"X1"}}`)
	f.Fuzz(func(t *testing.T, msg string) {
		id, res, ok := splitResponse([]byte(msg))
		if !ok || !json.Valid([]byte(msg)) {
			return
		}
		var m struct {
			ID     int64           `json:"id"`
			Result json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal([]byte(msg), &m); err != nil {
			return
		}
		if m.ID != id || string(m.Result) != string(res) {
			t.Fatalf("%s: fast path (%d, %s), encoding/json (%d, %s)", msg, id, res, m.ID, m.Result)
		}
	})
}

// TestDetachedFailsPending checks that a command waiting on a session
// that ends fails at once with ErrPageClosed, and only that session's.
func TestDetachedFailsPending(t *testing.T) {
	c := &conn{pending: map[int64]pendingCall{}}
	gone := make(chan connResult, 1)
	other := make(chan connResult, 1)
	c.pending[1] = pendingCall{ch: gone, session: "S1"}
	c.pending[2] = pendingCall{ch: other, session: "S2"}
	c.detached(json.RawMessage(`{"sessionId":"S1","targetId":"T1"}`))
	select {
	case r := <-gone:
		if !errors.Is(r.err, ErrPageClosed) {
			t.Fatalf("got %v, want ErrPageClosed", r.err)
		}
	default:
		t.Fatal("the command on the ended session is still waiting")
	}
	if len(other) != 0 || c.pending[2].ch == nil {
		t.Fatal("a command on another session was failed")
	}
	if _, ok := c.pending[1]; ok {
		t.Fatal("the failed command is still pending")
	}
}
