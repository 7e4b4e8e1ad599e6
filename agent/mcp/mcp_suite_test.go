package mcp_test

import (
	"context"
	"sync"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/mcp"
)

func TestMCP(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "MCP Suite")
}

// connect serves r over in-memory transports and returns the SDK's own
// client session to it, closed after the spec.
func connect(r agent.Runner) *sdk.ClientSession {
	GinkgoHelper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	ss, err := mcp.NewServer(r, "test").Connect(ctx, st, nil)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { _ = ss.Close() })
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "v0"}, nil).Connect(ctx, ct, nil)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { _ = cs.Close() })
	return cs
}

// call calls a tool and returns its text and whether it is an error.
func call(cs *sdk.ClientSession, name string, args map[string]any) (string, bool) {
	GinkgoHelper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	Expect(err).NotTo(HaveOccurred())
	Expect(res.Content).To(HaveLen(1))
	text, ok := res.Content[0].(*sdk.TextContent)
	Expect(ok).To(BeTrue())
	return text.Text, res.IsError
}

// recorder is a Runner that keeps the commands it is given and answers
// with a fixed result: it checks how tool calls become commands.
type recorder struct {
	mu   sync.Mutex
	got  []agent.Command
	with agent.Result
}

func (r *recorder) Run(_ context.Context, c agent.Command) agent.Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	c.Dir = "" // the server's folder: not what these specs check
	r.got = append(r.got, c)
	return r.with
}
