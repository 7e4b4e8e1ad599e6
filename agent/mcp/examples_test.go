package mcp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/mcp"
	"github.com/smokeflow/smokeflow/browser"
)

// checkoutHTML is a page the tools' examples can act on: a sign-in form
// with an email field, a size select and a photo upload, and an order
// confirmation.
const checkoutHTML = `<!doctype html><html lang="en"><head><title>Checkout</title></head><body><main>
<h1>Checkout</h1><p>Order placed</p><p id="s">Done</p><a href="/">Home</a>
<form onsubmit="return false"><label>Email <input type="email" name="email"></label>
<label>Size <select name="size"><option>S</option><option>M</option><option>L</option></select></label>
<label>Photo <input type="file" name="photo"></label><button>Sign in</button></form>
</main></body></html>`

// engineRunner runs the tools' commands on a real engine, its files in
// dir, and keeps the last result.
type engineRunner struct {
	mu   sync.Mutex
	e    *agent.Engine
	dir  string
	ran  int
	last agent.Result
}

func (r *engineRunner) Run(ctx context.Context, c agent.Command) agent.Result {
	r.mu.Lock()
	defer r.mu.Unlock()
	c.Dir = r.dir
	r.ran++
	r.last = r.e.Run(ctx, c)
	return r.last
}

// onCheckout is a real engine on checkoutHTML, its files in a temporary
// folder.
func onCheckout(ctx context.Context) *engineRunner {
	GinkgoHelper()
	b, err := browser.Launch(ctx, browser.Options{})
	Expect(err).NotTo(HaveOccurred(), "this test drives a real Chromium: install it or set SMOKEFLOW_BROWSER")
	DeferCleanup(func() { Expect(b.Close()).To(Succeed()); browser.ReapZombies() })
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, checkoutHTML)
	}))
	DeferCleanup(srv.Close)
	dir := GinkgoT().TempDir()
	Expect(os.WriteFile(filepath.Join(dir, "photo.png"), []byte("not really a PNG"), 0o644)).To(Succeed())
	e, err := agent.New(ctx, agent.Options{Use: b, ArtifactsDir: dir, StepTimeout: time.Second})
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(func() { Expect(e.Close()).To(Succeed()) })
	r := &engineRunner{e: e, dir: dir}
	Expect(r.Run(ctx, agent.Command{Verb: agent.VerbOpen, Args: []string{srv.URL + "/checkout"}}).Code).To(Equal(agent.ExitOK))
	return r
}

var _ = Describe("the tools' examples", func() {
	It("are each accepted by their tool, run on a real page", func() {
		ctx := context.Background()
		r := onCheckout(ctx)
		cs := connect(r)

		described := map[string]string{}
		for t, err := range cs.Tools(ctx, nil) {
			Expect(err).NotTo(HaveOccurred())
			described[t.Name] = t.Description
		}
		shown := map[string]int{}
		var refused []string
		for _, ex := range mcp.Examples() {
			shown[ex.Tool]++
			Expect(described[ex.Tool]).To(ContainSubstring("\n"+string(ex.Args)), "the description shows the example")
			before := r.ran
			res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: ex.Tool, Arguments: ex.Args})
			Expect(err).NotTo(HaveOccurred())
			var text []string
			for _, c := range res.Content {
				if t, ok := c.(*sdk.TextContent); ok {
					text = append(text, t.Text)
				}
			}
			switch {
			case r.ran == before:
				refused = append(refused, fmt.Sprintf("%s %s: refused by the tool: %s", ex.Tool, ex.Args, strings.Join(text, " ")))
			case r.last.Code == agent.ExitUsage:
				refused = append(refused, fmt.Sprintf("%s %s: a malformed command: %s", ex.Tool, ex.Args, strings.Join(text, " ")))
			}
		}
		Expect(refused).To(BeEmpty())
		for name := range described {
			if name != "close" {
				Expect(shown).To(HaveKey(name), "every tool with arguments shows examples")
			}
		}
	})
})

// docs/mcp.md "Tools": screenshot
var _ = Describe("the screenshot tool", func() {
	It("gives the picture as image content, and its path as text", func() {
		ctx := context.Background()
		r := onCheckout(ctx)
		res, err := connect(r).CallTool(ctx, &sdk.CallToolParams{Name: "screenshot", Arguments: map[string]any{"file": "shot.png"}})
		Expect(err).NotTo(HaveOccurred())
		Expect(res.IsError).To(BeFalse())
		Expect(res.Content).To(HaveLen(2))
		text, ok := res.Content[0].(*sdk.TextContent)
		Expect(ok).To(BeTrue())
		Expect(text.Text).To(Equal(filepath.Join(r.dir, "shot.png")))
		img, ok := res.Content[1].(*sdk.ImageContent)
		Expect(ok).To(BeTrue())
		Expect(img.MIMEType).To(Equal("image/png"))
		Expect(string(img.Data)).To(HavePrefix("\x89PNG\r\n\x1a\n"))
	})
})
