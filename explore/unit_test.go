package explore

import (
	"net/url"
	"testing"
	"time"

	. "github.com/onsi/gomega"
)

// The avoid list matches destructive and leaving controls as whole
// words, by name or by path, and refuses a pattern that does not compile.
func TestAvoid(t *testing.T) {
	g := NewWithT(t)
	a, err := newAvoider([]string{"archive"})
	g.Expect(err).NotTo(HaveOccurred())
	for _, name := range []string{"Delete account", "Remove item", "Log out", "Sign-out", "sign out", "Unsubscribe",
		"Pay now", "Purchase", "Place order", "Place your order", "Cancel subscription", "Close account", "Archive all"} {
		g.Expect(a.match(name)).NotTo(BeEmpty(), name)
	}
	g.Expect(a.match("Bye", "/logout")).To(Equal("log[ -]?out"))
	for _, name := range []string{"Save", "Payments history", "Removal policy", "Add to cart", "Sign in", "Cancel", "Close"} {
		g.Expect(a.match(name)).To(BeEmpty(), name)
	}
	_, err = newAvoider([]string{"(oops"})
	var oe *OptionError
	g.Expect(err).To(BeAssignableToTypeOf(oe))
}

// Plausible values go by the input type first, then by the field's
// name and label.
func TestPlausibleValues(t *testing.T) {
	g := NewWithT(t)
	g.Expect(plausibleValue(fieldFacts{Type: "email"})).To(Equal("qa@example.com"))
	g.Expect(plausibleValue(fieldFacts{Type: "text", Name: "user_email"})).To(Equal("qa@example.com"))
	g.Expect(plausibleValue(fieldFacts{Type: "tel"})).To(Equal("+1 555 0100"))
	g.Expect(plausibleValue(fieldFacts{Type: "url", Label: "Email me"})).To(Equal("https://example.com"))
	g.Expect(plausibleValue(fieldFacts{Type: "date"})).To(Equal("2024-05-17"))
	g.Expect(plausibleValue(fieldFacts{Type: "password"})).To(Equal("Sm0keflow-pass!"))
	g.Expect(plausibleValue(fieldFacts{Type: "number", Min: "5", Max: "9"})).To(Equal("5"))
	g.Expect(plausibleValue(fieldFacts{Type: "number", Max: "1"})).To(Equal("1"))
	g.Expect(plausibleValue(fieldFacts{Label: "First name"})).To(Equal("Ada"))
	g.Expect(plausibleValue(fieldFacts{Label: "Full name *"})).To(Equal("Ada Lovelace"))
	g.Expect(plausibleValue(fieldFacts{Label: "Message"})).To(Equal("Hello from smokeflow explore."))
	g.Expect(plausibleValue(fieldFacts{Label: "Favourite colour"})).To(Equal("Test"))
}

// Pages of one pattern are one kind of page; the walk keeps to the start
// URL's origin, or to the prefixes given.
func TestPatternAndScope(t *testing.T) {
	g := NewWithT(t)
	u := func(s string) *url.URL {
		x, err := url.Parse(s)
		g.Expect(err).NotTo(HaveOccurred())
		return x
	}
	g.Expect(pattern(u("http://h/calendar?month=2024-05"))).To(Equal(pattern(u("http://h/calendar?month=2031-12"))))
	g.Expect(pattern(u("http://h/product/3"))).To(Equal(pattern(u("http://h/product/17"))))
	g.Expect(pattern(u("http://h/product/3"))).NotTo(Equal(pattern(u("http://h/cart"))))
	g.Expect(pattern(u("http://h/search?q=a"))).NotTo(Equal(pattern(u("http://h/search?q=a&page=2"))))
	g.Expect(pageKey(u("http://h/a?b=2&a=1#top"))).To(Equal("http://h/a?a=1&b=2"))
	s, err := newScope(u("http://h:1/app/"), nil)
	g.Expect(err).NotTo(HaveOccurred())
	g.Expect(s.in(u("http://h:1/other"))).To(BeTrue())
	g.Expect(s.in(u("http://h:2/"))).To(BeFalse())
	g.Expect(s.in(u("mailto:a@b"))).To(BeFalse())
	s, err = newScope(u("http://h:1/app/"), []string{"http://h:1/app/"})
	g.Expect(err).NotTo(HaveOccurred())
	g.Expect(s.in(u("http://h:1/other"))).To(BeFalse())
	_, err = newScope(u("http://h:1/"), []string{"http://h:1/app/"})
	g.Expect(err).To(MatchError(ContainSubstring("does not hold the start URL")))
}

// A repro flow waits twice as long as the bug took to show, from 300 ms
// to 5 s, and not at all for a bug shown at once.
func TestEvidenceWait(t *testing.T) {
	g := NewWithT(t)
	g.Expect(evidenceWait(10 * time.Millisecond)).To(BeZero())
	g.Expect(evidenceWait(100 * time.Millisecond)).To(Equal(300 * time.Millisecond))
	g.Expect(evidenceWait(620 * time.Millisecond)).To(Equal(1300 * time.Millisecond))
	g.Expect(evidenceWait(time.Minute)).To(Equal(5 * time.Second))
}
