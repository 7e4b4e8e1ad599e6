package flows_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("URL patterns", func() {
	DescribeTable("match a request URL as docs/flows.md \"URL patterns\" says",
		func(pattern, url string, want bool) {
			p, err := flows.ParseURLPattern(pattern)
			Expect(err).NotTo(HaveOccurred())
			Expect(p.Match(url)).To(Equal(want))
		},
		Entry("** crosses slashes", "**/*.woff2", "http://127.0.0.1:4000/fonts/inter.woff2", true),
		Entry("* stays within a segment", "http://127.0.0.1:4000/*.woff2", "http://127.0.0.1:4000/fonts/inter.woff2", false),
		Entry("a glob is matched whole", "**/*.woff2", "http://x.test/inter.woff2?v=2", false),
		Entry("a glob's other characters are themselves", "**/a.b?c", "http://x.test/a.b?c", true),
		Entry("a glob's dot is no regex", "**/a.b", "http://x.test/aXb", false),
		Entry("any scheme and host", "*://fonts.example.com/**", "https://fonts.example.com/css?family=Inter", true),
		Entry("a regex is searched", "/beacon|collect/", "https://stats.example.com/g/collect?v=1", true),
		Entry("a regex with a flag", "/BEACON/i", "http://x.test/beacon", true),
		Entry("a regex that does not match", "/beacon/", "http://x.test/BEACON", false),
	)

	It("refuses a glob that can match no URL, naming two that would", func() {
		_, err := flows.ParseURLPattern("fonts.example.com")
		Expect(err).To(MatchError(ContainSubstring(`write "**fonts.example.com**" or "*://fonts.example.com/**"`)))
		_, err = flows.ParseURLPattern(" ")
		Expect(err).To(MatchError(ContainSubstring("empty URL pattern")))
	})

	It("gives the first pattern of a list a URL matches", func() {
		var ps flows.URLPatterns
		for _, s := range []string{"**/*.css", "/beacon/"} {
			p, err := flows.ParseURLPattern(s)
			Expect(err).NotTo(HaveOccurred())
			ps = append(ps, p)
		}
		p, ok := ps.Match("http://x.test/beacon?e=1")
		Expect(ok).To(BeTrue())
		Expect(p.String()).To(Equal("/beacon/"))
		_, ok = ps.Match("http://x.test/app.js")
		Expect(ok).To(BeFalse())
	})
})

var _ = Describe("budgets and ignored requests in a flow", func() {
	It("reads ignore_requests, no_failed_requests' ignore and vitals budgets", func() {
		f := loadValid("budgets.yaml")
		Expect(f.IgnoreRequests).To(HaveLen(2))
		Expect(f.IgnoreRequests[1].String()).To(Equal("/beacon|analytics/i"))
		_, ok := f.IgnoreRequests.Match("http://x.test/ANALYTICS.js")
		Expect(ok).To(BeTrue())
		e := f.Steps[1].Action.(*flows.Expect)
		Expect(e.Ignore).To(HaveLen(1))
		Expect(e.Ignore[0].Match("https://fonts.example.com/css2?family=Inter")).To(BeTrue())
		v := f.Steps[2].Action.(*flows.Expect).Vitals
		Expect(v).To(Equal([]flows.VitalBudget{
			{Vital: flows.VitalLCP, Below: 2500 * time.Millisecond},
			{Vital: flows.VitalCLS, Score: 0.1},
			{Vital: flows.VitalINP, Below: 200 * time.Millisecond},
		}))
		Expect(v[0].Limit()).To(Equal(2500.0))
		Expect(v[1].Limit()).To(Equal(0.1))
		Expect(v[1].String()).To(Equal("0.1"))
		Expect(v[0].String()).To(Equal("2.5s"))
	})
})
