package session_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/session"
)

// posts is a server of the activation page (testdata/guard) that counts
// the POSTs it gets, by path.
type posts struct {
	srv *httptest.Server
	mu  sync.Mutex
	got map[string]int
}

func servePosts() *posts {
	p := &posts{got: map[string]int{}}
	p.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			p.mu.Lock()
			p.got[r.URL.Path]++
			p.mu.Unlock()
			_, _ = w.Write([]byte("<title>Done</title><p>done</p>"))
			return
		}
		src, err := os.ReadFile(filepath.Join("..", "testdata", "guard", filepath.Base(r.URL.Path)))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		_, _ = w.Write(src)
	}))
	return p
}

func (p *posts) count(path string) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.got[path]
}

// others are the POSTs the server got, but to /after.
func (p *posts) others() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]int{}
	for k, v := range p.got {
		if k != "/after" {
			out[k] = v
		}
	}
	return out
}

// activation is one way to activate an element of the activation page:
// focus names the field or button to focus first (for press without a
// target), or setup is the steps that move the focus there; reaches is
// the path the page POSTs to once it is activated.
type activation struct {
	step, focus, reaches string
	setup                []string
}

// activations are every action that activates an element, each on an
// element whose name (or whose form's submit button's) the rules match
// (docs/security.md "What a rule on click covers").
var activations = []activation{
	{step: "click: Delete account", reaches: "/delete"},
	{step: "dblclick: Delete account", reaches: "/delete"},
	{step: "press: { target: Delete account, key: Enter }", reaches: "/delete"},
	{step: "press: { target: Delete account, key: Space }", reaches: "/delete"},
	{step: "press: Enter", focus: "Delete account", reaches: "/delete"},
	{step: "press: Space", focus: "Delete account", reaches: "/delete"},
	{step: "press: Enter", setup: []string{"click: Keep here", "press: Tab"}, reaches: "/frame-delete"},
	{step: "press: Enter", setup: []string{"click: Keep there", "press: Tab"}, reaches: "/oopif-delete"},
	{step: "press: { target: Item, key: Enter }", reaches: "/remove"},
	{step: "press: Enter", focus: "Item", reaches: "/remove"},
	{step: "type: { target: Item, text: \"more\\n\" }", reaches: "/remove"},
	{step: "check: Remove backups", reaches: "/backups"},
	{step: "press: { target: Remove backups, key: Space }", reaches: "/backups"},
	{step: "uncheck: Remove logs", reaches: "/logs"},
	{step: "select: { target: Delete mode, option: hard }", reaches: "/mode"},
}

// inert are the actions on the same elements that activate nothing: the
// rules on click let them through.
var inert = []activation{
	{step: "hover: Delete account"},
	{step: "scroll: Delete account"},
	{step: "fill: { target: Item, value: y }"},
	{step: "type: { target: Item, text: more }"},
	{step: "press: { target: Delete account, key: Tab }"},
	{step: "press: Tab", focus: "Item"},
	{step: "press: Enter", focus: "Notes"},
	{step: "press: Space", focus: "Item"},
}

var _ = Describe(`a rule on click covers every action that activates the element (docs/security.md "What a rule on click covers")`, func() {
	var srv *posts
	BeforeEach(func() {
		srv = servePosts()
		DeferCleanup(srv.srv.Close)
	})

	open := func(policy string, mode session.ConfirmMode, a activation) *session.Session {
		GinkgoHelper()
		s := openPolicySession(policy, mode)
		page := srv.srv.URL + "/activation.html"
		if a.setup != nil {
			page += "?frames" // two frames, one out of process
		}
		octx, ocancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer ocancel()
		_, err := s.Do(octx, step("open: "+page+"\ntimeout: 25s"))
		Expect(err).NotTo(HaveOccurred())
		if a.focus != "" {
			do(s, `eval: focusOn("`+a.focus+`")`)
		}
		for _, st := range a.setup {
			do(s, st)
		}
		return s
	}
	// nothingReached clicks Save, which POSTs to /after, and once that came
	// asserts that no other POST did.
	nothingReached := func(s *session.Session, what string) {
		GinkgoHelper()
		do(s, "click: Save")
		Eventually(func() int { return srv.count("/after") }).Should(Equal(1))
		Expect(srv.others()).To(BeEmpty(), what+": the server got a POST")
	}

	for _, a := range activations {
		name := a.step
		if a.focus != "" || a.setup != nil {
			name += " (focus on " + a.focus + strings.Join(a.setup, ", ") + ")"
		}
		It("a deny rule stops "+name+" before anything reaches the server, and says which rule and how to allow it", func() {
			s := open(`deny: ["click:/delete|remove/i"]`, session.ConfirmDenies, a)
			_, se := doFails(s, a.step)
			Expect(se.Failure.Reason).To(Equal(diagnostics.ReasonPolicy))
			Expect(se.Failure.Message).To(ContainSubstring(`is denied by the policy: rule "click:/delete|remove/i" (policy.yaml:1:8)`))
			Expect(se.Failure.Message).To(ContainSubstring(`to allow it, narrow the deny rule "click:/delete|remove/i" (policy.yaml:1:8)`))
			nothingReached(s, a.step)
		})

		It("a confirm rule holds "+name+" back until it is confirmed, then it reaches the server", func() {
			s := open(`confirm: ["click:/delete|remove/i"]`, session.ConfirmAsks, a)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			_, err := s.Do(ctx, step(a.step))
			var cr *session.ConfirmRequired
			Expect(errors.As(err, &cr)).To(BeTrue(), "%s: want a confirmation, got %v", a.step, err)
			Expect(cr.Decision.Rule).To(Equal("click:/delete|remove/i"))
			Expect(srv.others()).To(BeEmpty(), a.step+": held back, yet the server got a POST")
			_, err = s.Confirm(ctx, cr.Token)
			Expect(err).NotTo(HaveOccurred())
			Eventually(func() int { return srv.count(a.reaches) }).Should(BeNumerically(">=", 1))
		})

		It("without a policy, "+name+" reaches the server (the control)", func() {
			s := open("", session.ConfirmDenies, a)
			do(s, a.step)
			Eventually(func() int { return srv.count(a.reaches) }).Should(BeNumerically(">=", 1))
		})
	}

	for _, a := range inert {
		It("a deny rule on click lets "+a.step+" through: it activates nothing", func() {
			s := open(`deny: ["click:/delete|remove/i"]`, session.ConfirmDenies, a)
			do(s, a.step)
			nothingReached(s, a.step)
		})
	}

	It("a rule on click neither widens what the default denies nor covers its allow rules' kinds", func() {
		s := open("default: deny\nallow: [open, eval, \"click:/delete|save/i\", expect]\n", session.ConfirmDenies, activation{})
		_, se := doFails(s, "dblclick: Delete account")
		Expect(se.Failure.Message).To(ContainSubstring(`dblclick "Delete account" is denied by the policy: the default (deny), as no rule allows it; to allow it, add an allow rule such as "dblclick:Delete account" to the policy`))
		nothingReached(s, "dblclick")
	})

	It("matches the rules on click against the element activated, not the key pressed", func() {
		s := open(`deny: ["click:/enter/i"]`, session.ConfirmDenies, activation{})
		do(s, "press: { target: Save, key: Enter }")
		Eventually(func() int { return srv.count("/after") }).Should(Equal(1))
	})

	It("names the form's submit button that Enter in its field activates", func() {
		s := open(`deny: ["click:/remove item/i"]`, session.ConfirmDenies, activation{focus: "Item"})
		_, se := doFails(s, "press: Enter")
		Expect(se.Failure.Message).To(ContainSubstring(`press "Enter" (it activates button "Remove item") is denied by the policy: rule "click:/remove item/i" (policy.yaml:1:8): a rule on click covers every action that activates an element; to allow it, `))
		Expect(strings.Count(se.Failure.Message, "to allow it")).To(Equal(1))
		nothingReached(s, "press Enter")
	})
})

// A guard that could not decide on a try (its look at the page failed
// for a passing reason) is tried again in the step's time; a guard's
// decision is final at once (docs/security.md "What a rule on click
// covers"). The guard is given through the step's context, as the
// session's policy gives it (browser.WithActGuard).
var _ = Describe("an act guard that could not decide", func() {
	open := func() (*session.Session, *posts) {
		GinkgoHelper()
		srv := servePosts()
		DeferCleanup(srv.srv.Close)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		bctx, err := shared.NewContext(ctx)
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = bctx.Close() })
		s, err := session.Open(ctx, bctx, session.Options{ArtifactsDir: GinkgoT().TempDir(), StepTimeout: 3 * time.Second})
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(func() { _ = s.Close() })
		do(s, "open: "+srv.srv.URL+"/activation.html")
		return s, srv
	}
	run := func(s *session.Session, guard func(n *locate.Node) error) error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_, err := s.Do(browser.WithActGuard(ctx, guard), step("click: Save"))
		return err
	}

	It("is tried again, and the step passes once a later try decides", func() {
		s, srv := open()
		tries := 0
		err := run(s, func(*locate.Node) error {
			if tries++; tries == 1 {
				return &browser.GuardUndecided{Err: errors.New("the look failed")}
			}
			return nil
		})
		Expect(err).NotTo(HaveOccurred())
		Expect(tries).To(Equal(2))
		Eventually(func() int { return srv.count("/after") }).Should(Equal(1))
	})

	It("fails the step with its last try's error when no try decides", func() {
		s, srv := open()
		err := run(s, func(*locate.Node) error {
			return &browser.GuardUndecided{Err: errors.New("the look failed")}
		})
		Expect(err).To(MatchError(ContainSubstring("the look failed")))
		Expect(srv.count("/after")).To(Equal(0))
	})

	It("ends the step at once on a decision", func() {
		s, srv := open()
		tries := 0
		err := run(s, func(*locate.Node) error {
			tries++
			return errors.New("denied")
		})
		Expect(err).To(MatchError(ContainSubstring("denied")))
		Expect(tries).To(Equal(1))
		Expect(srv.count("/after")).To(Equal(0))
	})
})
