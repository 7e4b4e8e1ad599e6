package runner_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// apiToken is the secret the request fixtures send.
const apiToken = "tok-7f3a9"

// runRequestFlow runs testdata/runner/request/NAME.yaml with SF_API_TOKEN
// set.
func runRequestFlow(name string) *results.Flow {
	lookup := func(k string) (string, bool) {
		if k == "SF_API_TOKEN" {
			return apiToken, true
		}
		return "", false
	}
	f, err := flows.Load("../testdata/runner/request/"+name+".yaml", flows.LoadOptions{BaseURL: fixture.URL, LookupEnv: lookup})
	Expect(err).NotTo(HaveOccurred())
	run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, LookupEnv: lookup,
		ArtifactsDir: GinkgoT().TempDir()}, []*flows.Flow{f})
	Expect(err).NotTo(HaveOccurred())
	return run.Flows[0]
}

var _ = Describe("request step", func() {
	It("seeds data through the API, reads status, json, headers and url, and the page sees the data", func() {
		res := runRequestFlow("seed")
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		log := stepLogs(res)
		Expect(log).To(MatchRegexp(`1 POST http://127\.0\.0\.1:\d+/api/items → 201 Created in \d+ms, \d+ bytes`))
		Expect(log).To(ContainSubstring("→ 404 Not Found"), "a 404 is logged, and does not fail the step")
	})

	It("shares cookies with the page's context both ways", func() {
		res := runRequestFlow("cookies")
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
	})

	It("sends headers and a text body; json keeps a Content-Type given in headers; secrets are masked in the log", func() {
		res := runRequestFlow("headers")
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		log := stepLogs(res)
		Expect(log).To(ContainSubstring("PUT http://127.0.0.1"))
		Expect(log).To(ContainSubstring("token=•••"))
		Expect(log).NotTo(ContainSubstring(apiToken))
	})

	It("keeps the first MiB of a big body and says so", func() {
		res := runRequestFlow("big")
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		Expect(stepLogs(res)).To(ContainSubstring("the body is over 1048576 bytes: only the first 1048576 are kept and response.json is nil"))
	})

	It("fails a status check with the status, while the 404 itself passes", func() {
		res := runRequestFlow("fail-status")
		Expect(res.Status).To(Equal(results.Failed))
		steps := res.Final().Steps
		Expect(steps[0].Status).To(Equal(results.Passed))
		Expect(steps[1].Status).To(Equal(results.Failed))
		fl := res.Final().Failure
		Expect(string(fl.Reason)).To(Equal("assertion"))
		Expect(fl.Message).To(ContainSubstring("expected response.status == 200 to be true, but it is false; response.status = 404"))
	})

	It("fails a json check with the value it saw", func() {
		res := runRequestFlow("fail-json")
		Expect(res.Status).To(Equal(results.Failed))
		Expect(res.Final().Failure.Message).To(ContainSubstring(`the echo saw a DELETE (response.json.method == "DELETE"), but it is false; response.json.method = "GET"`))
	})

	It("fails a header check with the header's value", func() {
		res := runRequestFlow("fail-headers")
		Expect(res.Status).To(Equal(results.Failed))
		Expect(res.Final().Failure.Message).To(ContainSubstring(`response.headers["content-type"] = "application/json"`))
	})

	It("masks a secret sent in a header when a check shows it", func() {
		res := runRequestFlow("fail-secret")
		Expect(res.Status).To(Equal(results.Failed))
		text := failureText(res) + stepLogs(res)
		Expect(text).To(ContainSubstring(`response.json.headers.authorization = "Bearer •••"`))
		Expect(text).NotTo(ContainSubstring(apiToken))
	})

	It("fails on a network error, naming the method and URL", func() {
		res := runRequestFlow("network")
		Expect(res.Status).To(Equal(results.Failed))
		fl := res.Final().Failure
		Expect(string(fl.Reason)).To(Equal("navigation"))
		Expect(fl.Message).To(ContainSubstring("request POST http://127.0.0.1:9/nothing-listens-here: no response from POST http://127.0.0.1:9/nothing-listens-here: dial tcp 127.0.0.1:9"))
		Expect(failureText(res)).To(ContainSubstring("check that the server is up"))
	})

	It("times out with the step", func() {
		res := runRequestFlow("timeout")
		Expect(res.Status).To(Equal(results.Failed))
		fl := res.Final().Failure
		Expect(string(fl.Reason)).To(Equal("timeout"))
		Expect(fl.Message).To(MatchRegexp(`timed out waiting for the response of GET http://127\.0\.0\.1:\d+/hang`))
	})

	It("fails an expression on response when the request was skipped", func() {
		res := runRequestFlow("skipped")
		Expect(res.Status).To(Equal(results.Failed))
		Expect(res.Final().Failure.Message).To(ContainSubstring("cannot get status from response"))
	})
})
