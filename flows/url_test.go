package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("URLs without a scheme", func() {
	DescribeTable("a base URL",
		func(u, want string) {
			err := flows.CheckBaseURL(u)
			if want == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(err).To(MatchError(want))
		},
		Entry(nil, "http://localhost:4000", ""),
		Entry(nil, "https://shop.test/app/", ""),
		Entry(nil, "http://[::1]:4000", ""),
		Entry(nil, "file:///srv/site/", ""),
		Entry(nil, "localhost:4000", `"localhost:4000" has no scheme; write http://localhost:4000`),
		Entry(nil, "localhost", `"localhost" has no scheme; write http://localhost`),
		Entry(nil, "127.0.0.1:4000", `"127.0.0.1:4000" has no scheme; write http://127.0.0.1:4000`),
		Entry(nil, "127.0.0.1", `"127.0.0.1" has no scheme; write http://127.0.0.1`),
		Entry(nil, "[::1]:4000", `"[::1]:4000" has no scheme; write http://[::1]:4000`),
		Entry(nil, "shop.test:8080/app", `"shop.test:8080/app" has no scheme; write http://shop.test:8080/app`),
		Entry(nil, "www.shop.test", `"www.shop.test" has no scheme; write http://www.shop.test`),
		Entry(nil, "shop.test", `"shop.test" has no scheme; write https://shop.test`),
		Entry(nil, "/app", `"/app" is a path, not a URL; write the whole URL, such as http://localhost:4000/app`),
		Entry(nil, "ftp://shop.test", `"ftp://shop.test" is not a web address; a base URL starts with http:// or https://`),
		Entry(nil, "about:blank", `"about:blank" is not a web address; a base URL starts with http:// or https://`),
		Entry(nil, "http:/shop.test", `"http:/shop.test" has no host; write it as http://HOST:PORT/PATH`),
		Entry(nil, "http://[::1", `"http://[::1" is not a URL: missing ']' in host`),
	)

	DescribeTable("an open URL",
		func(u, want string) {
			err := flows.CheckOpenURL(u)
			if want == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(err).To(MatchError(want))
		},
		Entry(nil, "/login", ""),
		Entry(nil, "login?next=/cart", ""),
		Entry(nil, "#top", ""),
		Entry(nil, "https://shop.test/login", ""),
		Entry(nil, "about:blank", ""),
		Entry(nil, "data:text/html,<p>hi</p>", ""),
		Entry(nil, "localhost:4000/login", `"localhost:4000/login" has no scheme; write http://localhost:4000/login`),
		Entry(nil, "127.0.0.1:4000/login", `"127.0.0.1:4000/login" has no scheme; write http://127.0.0.1:4000/login`),
		Entry(nil, "localhost/login", `"localhost/login" has no scheme; write http://localhost/login`),
	)

	DescribeTable("a page URL (smokeflow snapshot)",
		func(u, want string) {
			err := flows.CheckPageURL(u)
			if want == "" {
				Expect(err).NotTo(HaveOccurred())
				return
			}
			Expect(err).To(MatchError(want))
		},
		Entry(nil, "http://127.0.0.1:4000/login", ""),
		Entry(nil, "about:blank", ""),
		Entry(nil, "data:text/html,<p>hi</p>", ""),
		Entry(nil, "127.0.0.1:4000/login", `"127.0.0.1:4000/login" has no scheme; write http://127.0.0.1:4000/login`),
		Entry(nil, "/login", `"/login" is a path, not a URL; write the whole URL, such as http://localhost:4000/login`),
	)
})
