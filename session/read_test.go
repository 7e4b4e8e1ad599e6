package session_test

import (
	"context"
	"errors"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/onsi/gomega/types"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/session"
)

var _ = Describe(`a settle policy (docs/architecture.md "The session is the only door")`, func() {
	deadline := func(d time.Duration) context.Context {
		ctx, cancel := context.WithTimeout(context.Background(), d)
		DeferCleanup(cancel)
		return ctx
	}
	near := func(d time.Duration) types.GomegaMatcher { return BeNumerically("~", d, 50*time.Millisecond) }

	It("waits at most 5 s when zero, whatever the time left", func() {
		Expect(session.SettlePolicy{}.Bound(context.Background())).To(Equal(browser.DefaultSettle))
		Expect(session.SettlePolicy{}.Bound(deadline(time.Second))).To(Equal(browser.DefaultSettle))
	})

	It("waits not at all when off, and at most its Max", func() {
		Expect(session.SettlePolicy{Off: true, Max: time.Second}.Bound(context.Background())).To(BeZero())
		Expect(session.SettlePolicy{Max: 300 * time.Millisecond}.Bound(deadline(time.Minute))).To(Equal(300 * time.Millisecond))
	})

	It("takes its share of the time left, and leaves its margin of it", func() {
		Expect(session.SettlePolicy{Share: 0.5}.Bound(deadline(2 * time.Second))).To(near(time.Second))
		Expect(session.SettlePolicy{Share: 0.5}.Bound(deadline(time.Minute))).To(Equal(browser.DefaultSettle))
		Expect(session.SettlePolicy{Share: 0.5}.Bound(context.Background())).To(Equal(browser.DefaultSettle))
		Expect(session.SettlePolicy{Margin: 250 * time.Millisecond}.Bound(deadline(time.Second))).To(near(750 * time.Millisecond))
		Expect(session.SettlePolicy{Margin: time.Second}.Bound(deadline(time.Second))).To(BeNumerically("<=", 0))
	})
})

var _ = Describe(`Session.Read (docs/architecture.md "The session is the only door")`, func() {
	open := func(p session.SettlePolicy) *session.Session {
		GinkgoHelper()
		return openOptions(session.Options{ArtifactsDir: GinkgoT().TempDir(), Settle: p})
	}
	ctx := func() context.Context {
		c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		DeferCleanup(cancel)
		return c
	}

	It("opens a URL, settles by the session's policy, and says what kept the page busy at its bound", func() {
		s := open(session.SettlePolicy{Max: 400 * time.Millisecond})
		start := time.Now()
		r, err := s.Read(ctx(), session.ReadOptions{URL: site.URL + "/conformance/pages/settle-never.html", Settle: session.ReadSettled})
		Expect(err).NotTo(HaveOccurred())
		Expect(time.Since(start)).To(BeNumerically("<", 3*time.Second))
		Expect(r.Settled.Note()).To(HavePrefix("the page did not settle within 400ms"))
		Expect(r.Snapshot.Title).To(Equal("Live prices"))
		Expect(r.Scope).To(BeNil())
	})

	It("reads as it is when not asked to settle, and scopes the read to the first node a selector matches", func() {
		s := open(session.SettlePolicy{})
		r, err := s.Read(ctx(), session.ReadOptions{URL: site.URL + "/conformance/pages/settle-never.html", Selector: "button"})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Settled).To(Equal(browser.Settled{}))
		Expect(r.Scope).To(HaveLen(1))
		Expect(r.Scope[0].Role).To(Equal("button"))
		Expect(r.Scope[0].Name).To(Equal("Buy"))
		r, err = s.Read(ctx(), session.ReadOptions{Selector: "table"})
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Scope).To(BeEmpty(), "nothing matches: the caller says so")
	})

	It("names the stage that failed", func() {
		s := open(session.SettlePolicy{})
		stage := func(ro session.ReadOptions) session.ReadStage {
			_, err := s.Read(ctx(), ro)
			var re *session.ReadError
			Expect(errors.As(err, &re)).To(BeTrue(), "%v", err)
			Expect(re.Error()).To(Equal(re.Err.Error()), "the error's own text")
			return re.Stage
		}
		Expect(stage(session.ReadOptions{Selector: "[["})).To(Equal(session.ReadScoping))
		Expect(stage(session.ReadOptions{URL: "http://127.0.0.1:1/"})).To(Equal(session.ReadOpening))
	})

	It("opens a URL only where the action policy allows an open", func() {
		s := openPolicySession(`deny: ["open:/settle-never/"]`, session.ConfirmDenies)
		_, err := s.Read(ctx(), session.ReadOptions{URL: site.URL + "/conformance/pages/settle-never.html"})
		var re *session.ReadError
		Expect(errors.As(err, &re)).To(BeTrue(), "%v", err)
		Expect(re.Stage).To(Equal(session.ReadOpening))
		Expect(err.Error()).To(ContainSubstring(`held back by the policy: rule "open:/settle-never/"`))
		Expect(err.Error()).To(ContainSubstring("open it with an `open` step instead"))
		Expect(s.URL(ctx())).NotTo(ContainSubstring("settle-never"), "the page was not opened")
	})
})
