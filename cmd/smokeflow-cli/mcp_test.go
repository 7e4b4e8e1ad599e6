package main

import (
	"context"
	"os"
	"os/exec"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("smokeflow mcp (docs/mcp.md)", func() {
	It("serves the session to the SDK's own client, the same session the shell verbs drive", func() {
		sessionDir()

		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		server := exec.Command(os.Args[0], "mcp", "--session", "shared")
		server.Stderr = GinkgoWriter
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "v0"}, nil).
			Connect(ctx, &sdk.CommandTransport{Command: server}, nil)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = cs.Close() })
		call := func(tool string, args map[string]any) (string, bool) {
			GinkgoHelper()
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: tool, Arguments: args})
			Expect(err).NotTo(HaveOccurred())
			Expect(res.Content).To(HaveLen(1))
			return res.Content[0].(*sdk.TextContent).Text, res.IsError
		}

		text, isErr := call("navigate", map[string]any{"url": site.URL + "/snapshot/cart.html"})
		Expect(isErr).To(BeFalse(), text)
		snap, isErr := call("snapshot", map[string]any{})
		Expect(isErr).To(BeFalse())
		Expect(snap).To(ContainSubstring("[ref=e1]"))

		text, isErr = call("act", map[string]any{"action": "click", "target": "Nothing by this name at all"})
		Expect(isErr).To(BeTrue(), "a failed action is an error result")
		Expect(text).To(ContainSubstring("not_found"))

		// the shell reads the page the MCP client opened
		code, out, _ := smokeflowSplit("get", "url", "--session", "shared")
		Expect(code).To(Equal(0))
		Expect(out).To(ContainSubstring("/snapshot/cart.html"))
	})
})
