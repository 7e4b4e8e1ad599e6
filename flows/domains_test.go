package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("allowed domains", func() {
	list := func(entries ...string) *flows.Domains {
		GinkgoHelper()
		d, err := flows.ParseDomains(entries)
		Expect(err).NotTo(HaveOccurred())
		return d
	}

	DescribeTable("what an allowlist lets through",
		func(entries []string, u string, want flows.Verdict) {
			Expect(list(entries...).Check(u)).To(Equal(want), u)
		},
		Entry("the host itself", []string{"example.com"}, "https://example.com/a", flows.Allowed),
		Entry("any port when none is written", []string{"example.com"}, "http://example.com:8080/", flows.Allowed),
		Entry("ignoring case and a trailing dot", []string{"Example.COM."}, "https://EXAMPLE.com./", flows.Allowed),
		Entry("not its subdomains", []string{"example.com"}, "https://www.example.com/", flows.NotAllowedHost),
		Entry("not a look-alike", []string{"example.com"}, "https://badexample.com/", flows.NotAllowedHost),
		Entry("*. is every subdomain", []string{"*.example.com"}, "https://a.b.example.com/", flows.Allowed),
		Entry("*. is not the domain itself", []string{"*.example.com"}, "https://example.com/", flows.NotAllowedHost),
		Entry("*. is not a look-alike", []string{"*.example.com"}, "https://evilexample.com/", flows.NotAllowedHost),
		Entry("a port is that port alone", []string{"127.0.0.1:4000"}, "http://127.0.0.1:4001/", flows.NotAllowedHost),
		Entry("a port matches", []string{"127.0.0.1:4000"}, "http://127.0.0.1:4000/x", flows.Allowed),
		Entry("443 is https's port", []string{"example.com:443"}, "https://example.com/", flows.Allowed),
		Entry("and wss's", []string{"example.com:443"}, "wss://example.com/socket", flows.Allowed),
		Entry("not http's", []string{"example.com:443"}, "http://example.com/", flows.NotAllowedHost),
		Entry("localhost is not 127.0.0.1", []string{"localhost"}, "http://127.0.0.1:4000/", flows.NotAllowedHost),
		Entry("127.0.0.1 is not localhost", []string{"127.0.0.1"}, "http://localhost:4000/", flows.NotAllowedHost),
		Entry("an IPv6 address", []string{"[::1]:4000"}, "http://[::1]:4000/", flows.Allowed),
		Entry("an IPv6 address, written long", []string{"::1"}, "http://[0:0:0:0:0:0:0:1]/", flows.Allowed),
		Entry("WebSockets like pages", []string{"example.com"}, "ws://example.com/s", flows.Allowed),
		Entry("data: never leaves the browser", []string{"example.com"}, "data:text/html,hi", flows.Allowed),
		Entry("nor about:blank", []string{"example.com"}, "about:blank", flows.Allowed),
		Entry("nor blob:", []string{"example.com"}, "blob:https://evil.test/1234", flows.Allowed),
		Entry("file: is not the web", []string{"example.com"}, "file:///etc/passwd", flows.NotWeb),
		Entry("nor ftp:", []string{"example.com"}, "ftp://example.com/", flows.NotWeb),
	)

	It("lets everything through when there is none", func() {
		var d *flows.Domains
		Expect(d.Check("file:///etc/passwd")).To(Equal(flows.Allowed))
	})

	DescribeTable("entries that are no domain pattern",
		func(entry, want string) {
			_, err := flows.ParseDomains([]string{entry})
			Expect(err).To(MatchError(want))
		},
		Entry(nil, "https://example.com/app", `allowed domain "https://example.com/app" is a URL; write its host alone: example.com`),
		Entry(nil, "example.com/app", `allowed domain "example.com/app" is not a host name; write a host such as example.com or *.example.com`),
		Entry(nil, "ex*ample.com", `allowed domain "ex*ample.com" has a * that is not a leading *.; write example.com or *.example.com`),
		Entry(nil, "*", `allowed domain "*" has a * that is not a leading *.; write example.com or *.example.com`),
		Entry(nil, "*.127.0.0.1", `allowed domain "*.127.0.0.1" puts *. before an IP address; an address has no subdomains`),
		Entry(nil, "example.com:http", `allowed domain "example.com:http" has a port that is not a number from 1 to 65535`),
		Entry(nil, "", `allowed domain "" is empty`),
	)

	It("reads a comma-separated list", func() {
		d, err := flows.SplitDomains(" example.com, *.example.com ,")
		Expect(err).NotTo(HaveOccurred())
		Expect(d.Entries()).To(Equal([]string{"example.com", "*.example.com"}))
		_, err = flows.SplitDomains(" , ")
		Expect(err).To(MatchError(ContainSubstring("is empty")))
	})

	DescribeTable("a run's list and a flow's narrow each other",
		func(run, flow []string, want []string) {
			Expect(list(run...).Intersect(list(flow...)).Entries()).To(Equal(want))
		},
		Entry("the same host", []string{"example.com"}, []string{"example.com", "other.test"}, []string{"example.com"}),
		Entry("a host among subdomains", []string{"*.example.com"}, []string{"api.example.com"}, []string{"api.example.com"}),
		Entry("the narrower subdomains", []string{"*.example.com"}, []string{"*.api.example.com"}, []string{"*.api.example.com"}),
		Entry("a port from either side", []string{"localhost"}, []string{"localhost:4000"}, []string{"localhost:4000"}),
		Entry("different ports: nothing", []string{"localhost:3000"}, []string{"localhost:4000"}, []string{}),
		Entry("nothing in common: nothing", []string{"example.com"}, []string{"other.test"}, []string{}),
	)

	It("takes the other list when one is missing", func() {
		var none *flows.Domains
		Expect(none.Intersect(list("a.test")).Entries()).To(Equal([]string{"a.test"}))
		Expect(list("a.test").Intersect(none).Entries()).To(Equal([]string{"a.test"}))
		Expect(list().Intersect(list("a.test")).Check("https://a.test/")).To(Equal(flows.NotAllowedHost), "an empty list allows no host")
	})
})
