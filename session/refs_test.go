package session_test

import (
	"context"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/session"
)

var _ = Describe(`a flow's ref resolves only once a snapshot step handed it (docs/targets.md "Resolution", 1)`, func() {
	var s *session.Session
	BeforeEach(func() {
		s = openSession(GinkgoT().TempDir(), &events{})
		do(s, "open: /conformance/pages/catalog.html")
	})
	url := func() string { return session.PageOf(s).URL(context.Background()) }

	It("fails at once on a ref of the page a click led to that no snapshot showed, and follows nothing", func() {
		do(s, "snapshot")
		do(s, `click: "@e1"`)
		do(s, "expect: {text: {role: heading}, equals: Lamp}")
		start := time.Now()
		_, se := doFails(s, "click: \"@e7\"\ntimeout: 8s")
		Expect(time.Since(start)).To(BeNumerically("<", 3*time.Second), "nothing can hand the ref while the step waits")
		Expect(se.Reason()).To(Equal(diagnostics.ReasonNotFound))
		Expect(se.Error()).To(ContainSubstring("@e7 was not in any snapshot of this page (take a snapshot)"))
		Expect(url()).To(HaveSuffix("/product.html"))

		do(s, "snapshot")
		do(s, `click: "@e7"`)
		Eventually(url).Should(HaveSuffix("#bought"))
	})
})

var _ = Describe(`a failure hands the refs it prints (docs/targets.md "Resolution", 1)`, func() {
	var s *session.Session
	BeforeEach(func() {
		s = openSession(GinkgoT().TempDir(), &events{})
		do(s, "open: /conformance/pages/order.html")
	})

	It("hands the refs of a disabled control's form blockers", func() {
		_, se := doFails(s, "expect: {enabled: Place order}\ntimeout: 1s")
		f := se.Failure.Diagnostics.Form
		Expect(f).NotTo(BeNil())
		var email string
		for _, b := range f.Blockers {
			if b.Name == "Email" {
				email = b.Ref
			}
		}
		Expect(email).NotTo(BeEmpty(), "%+v", f.Blockers)
		do(s, "fill: {target: \"@"+email+"\", value: ada@example.com}\ntimeout: 2s")
	})

	It("hands the refs of a missing container's near misses, and offers none of them as the step's own target", func() {
		_, se := doFails(s, "expect: {visible: {text: Place order, within: Emial}}\ntimeout: 1s")
		d := se.Failure.Diagnostics
		var email string
		for _, n := range d.NearMisses {
			if n.Role == "textbox" && n.Name == "Email" {
				email = n.Ref
			}
		}
		Expect(email).NotTo(BeEmpty(), "%+v", d.NearMisses)
		do(s, "fill: {target: \"@"+email+"\", value: ada@example.com}\ntimeout: 2s")

		_, se = doFails(s, "click: {role: button, name: Send feedback, within: Plaec order}\ntimeout: 1s")
		d = se.Failure.Diagnostics
		Expect(d.NearMisses).NotTo(BeEmpty())
		Expect(d.NearMisses[0].Name).To(Equal("Place order"))
		Expect(d.Suggestions).To(BeEmpty(), "the container's near miss is not the step's target")
	})
})
