package browser

import (
	"context"

	"github.com/go-rod/rod/lib/proto"
)

// caller sends CDP commands on a connection (a rod.Browser does).
type caller interface {
	Call(ctx context.Context, sessionID, method string, params any) ([]byte, error)
}

// CDPSession is one CDP session whose documents are part of the page:
// the main page, or an out-of-process iframe target. A snapshot's nodes
// name theirs by ID (locate.Handle); Page.sessionOf maps it back
// (docs/targets.md "The snapshot", "Who reads, who builds").
type CDPSession struct {
	conn    caller
	ID      proto.TargetSessionID
	Parent  *CDPSession       // nil for the main page
	FrameID proto.PageFrameID // the session's root frame
}

// Client returns a proto.Client for calls on this session bound to ctx.
func (s *CDPSession) Client(ctx context.Context) *Client {
	return &Client{conn: s.conn, id: s.ID, ctx: ctx}
}

// Client is a CDP session bound to a context, usable with proto calls.
type Client struct {
	conn caller
	id   proto.TargetSessionID
	ctx  context.Context
}

// Call implements proto.Client.
func (c *Client) Call(ctx context.Context, sessionID, method string, params any) ([]byte, error) {
	return c.conn.Call(ctx, sessionID, method, params)
}

// GetSessionID implements proto.Sessionable.
func (c *Client) GetSessionID() proto.TargetSessionID { return c.id }

// GetContext implements proto.Contextable.
func (c *Client) GetContext() context.Context { return c.ctx }
