package locate_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe(`Overlays (docs/targets.md "The snapshot", "Overlays")`, func() {
	text := func(page string) string {
		GinkgoHelper()
		return settled(open(site.URL + "/snapshot/" + page)).String()
	}

	It("shows a cookie banner over the page's controls, with its close control", func() {
		Expect(text("overlay-cookie.html")).To(MatchRegexp(
			`(?m)^# overlay: region "Cookie consent" covers 1\d% of the viewport, 3 controls beneath; close: button "Accept all" \[ref=e\d+\]$`))
	})

	It("shows a modal beside its backdrop as the dialog, closed by its × button", func() {
		Expect(text("overlay-modal.html")).To(MatchRegexp(
			`(?m)^# overlay: dialog "Delete order\?" covers 100% of the viewport, 3 controls beneath; close: button "Close" \[ref=e\d+\]$`))
	})

	It("shows a modal <dialog> without a close button as closed by Escape", func() {
		Expect(text("overlay-native.html")).To(MatchRegexp(
			`(?m)^# overlay: dialog "Terms" covers 100% of the viewport, 2 controls beneath; close: press Escape$`))
	})

	It("measures a dialog that overflows its zero-height portal by the dialog", func() {
		Expect(text("overlay-portal.html")).To(MatchRegexp(
			`(?m)^# overlay: dialog "Calendar" covers (9|10|11)% of the viewport, \d controls beneath; close: press Escape$`))
	})

	It("shows a full-page spinner as a layer nothing closes", func() {
		Expect(text("overlay-spinner.html")).To(ContainSubstring(
			"# overlay: layer div#busy covers 100% of the viewport, 2 controls beneath; no close control: wait for it to go\n"))
	})

	It("shows nothing for a fixed header that covers no control", func() {
		t := text("overlay-header.html")
		Expect(t).NotTo(ContainSubstring("# overlay:"))
		Expect(t).To(ContainSubstring(`- button "Save"`))
	})

	It("drops the line once the layer is gone", func() {
		p := open(site.URL + "/snapshot/overlay-cookie.html")
		Expect(settled(p).String()).To(ContainSubstring("# overlay:"))
		_, err := p.Eval(context.Background(), `document.getElementById('consent').remove()`)
		Expect(err).NotTo(HaveOccurred())
		Expect(settled(p).String()).NotTo(ContainSubstring("# overlay:"))
	})
})
