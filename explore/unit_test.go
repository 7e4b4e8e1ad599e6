package explore

import (
	"net/url"
	"testing"
	"time"

	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
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

// One table decides a finding's severity (docs/explore.md "Severity"): a
// dead primary action of a form, an uncaught exception, a 5xx and a
// broken link are high; contrast and minor or moderate axe-core rules
// are low, other rules of serious or critical impact medium.
func TestSeverity(t *testing.T) {
	g := NewWithT(t)
	sev := func(k Kind, set func(*Finding)) Severity {
		f := newFinding(k, "k", "title", "http://h/")
		if set != nil {
			set(f)
		}
		return severityOf(f)
	}
	status := func(code int) func(*Finding) {
		return func(f *Finding) { f.Requests = []results.Request{{Method: "GET", URL: "http://h/x", Status: code}} }
	}
	axe := func(rule, impact string) func(*Finding) {
		return func(f *Finding) { f.Axe = &AxeViolation{Rule: rule, Impact: impact} }
	}
	g.Expect(sev(KindPageError, nil)).To(Equal(Critical))
	g.Expect(sev(KindException, nil)).To(Equal(High))
	g.Expect(sev(KindBrokenLink, nil)).To(Equal(High))
	g.Expect(sev(KindFailedRequest, status(503))).To(Equal(High))
	g.Expect(sev(KindFailedRequest, status(404))).To(Equal(Medium))
	g.Expect(sev(KindFailedRequest, func(f *Finding) {
		status(404)(f)
		f.DeadControls = []DeadControl{{Page: "http://h/", Control: `button "Save"`}}
	})).To(Equal(High))
	g.Expect(sev(KindDeadControl, func(f *Finding) { f.primary = true })).To(Equal(High))
	g.Expect(sev(KindDeadControl, nil)).To(Equal(Medium))
	g.Expect(sev(KindAxe, axe("color-contrast", "serious"))).To(Equal(Low))
	g.Expect(sev(KindAxe, axe("image-alt", "critical"))).To(Equal(Medium))
	g.Expect(sev(KindAxe, axe("aria-allowed-role", "serious"))).To(Equal(Medium))
	g.Expect(sev(KindAxe, axe("region", "moderate"))).To(Equal(Low))
	g.Expect(sev(KindAxe, axe("list", "minor"))).To(Equal(Low))
	g.Expect(sev(KindSlowPage, nil)).To(Equal(Low))
	for k := range kindCategory {
		g.Expect(sev(k, nil)).NotTo(BeEmpty(), string(k))
	}
}

// A form's primary action is the last button of a <form>, or the one
// button beside fields a script sends.
func TestPrimaryAction(t *testing.T) {
	g := NewWithT(t)
	tree := func(tag string, kids ...*locate.Node) *locate.Node {
		p := &locate.Node{Tag: tag, Role: "generic", Visible: true}
		for _, k := range kids {
			k.Parent = p
			p.Children = append(p.Children, k)
		}
		return p
	}
	node := func(role string) *locate.Node { return &locate.Node{Role: role, Visible: true} }
	save := node("button")
	tree("form", node("textbox"), tree("div", save))
	g.Expect(primaryAction(save)).To(BeTrue())
	send := node("button")
	tree("div", node("textbox"), node("combobox"), send)
	g.Expect(primaryAction(send)).To(BeTrue())
	one, two := node("button"), node("button")
	tree("div", node("textbox"), one, two)
	g.Expect(primaryAction(one)).To(BeFalse())
	alone := node("button")
	tree("main", tree("div", alone))
	g.Expect(primaryAction(alone)).To(BeFalse())
	show, cancel, submit := node("button"), node("button"), node("button")
	tree("form", node("textbox"), show, tree("p", cancel, submit))
	g.Expect(primaryAction(show)).To(BeFalse())
	g.Expect(primaryAction(cancel)).To(BeFalse())
	g.Expect(primaryAction(submit)).To(BeTrue())
}

// A timing shows the page's own share and, when the machine's wait is
// worth saying, the clock's (docs/explore.md "Slowness on a busy machine").
func TestTimingShowsTheMachinesShare(t *testing.T) {
	for _, c := range []struct {
		t    timing
		own  time.Duration
		want string
	}{
		{timing{took: 3200 * time.Millisecond}, 3200 * time.Millisecond, "3.2s"},
		{timing{took: 3200 * time.Millisecond, waited: 50 * time.Millisecond}, 3150 * time.Millisecond, "3.2s"},
		{timing{took: 5600 * time.Millisecond, waited: 4400 * time.Millisecond}, 1200 * time.Millisecond,
			"1.2s of its own (5.6s by the clock; its main thread waited 4.4s for a busy processor)"},
	} {
		if got := c.t.own(); got != c.own {
			t.Errorf("%+v: own %s, want %s", c.t, got, c.own)
		}
		if got := c.t.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.t, got, c.want)
		}
	}
}
