package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("request", func() {
	resp := &flows.Response{Status: 201, JSON: map[string]any{"id": 7.0, "tags": []any{"a"}},
		Headers: map[string]string{"content-type": "application/json", "x-id": "7", "etag": "v1"}, Body: `{"id":7}`, URL: "http://shop.test/api/items"}
	scope := func() *flows.Scope {
		sc := &flows.Scope{Vars: map[string]any{"qty": 2, "user": map[string]any{"id": 7}}, Env: lookupEnv}
		sc.SetResponse(resp)
		return sc
	}

	It("keeps the response for expressions and ${response.…}", func() {
		sc := scope()
		Expect(sc.Response()).To(BeIdenticalTo(resp))
		Expect(flows.Interpolate("${response.status} ${response.json.id} ${response.json.tags.0} ${response.headers.etag}", sc)).
			To(Equal("201 7 a v1"))
		_, err := flows.Interpolate("${response.jsn}", sc)
		Expect(err).To(MatchError(`${response.jsn}: response has no "jsn": use status, json, headers, body or url; did you mean "json"?`))
		Expect((&flows.Scope{Vars: map[string]any{}}).Response()).To(BeNil())
	})

	It("interpolates json, a lone reference keeping its type", func() {
		v, err := flows.InterpolateJSON(map[string]any{
			"qty": "${vars.qty}", "user": "${user}", "id": "${response.json.id}",
			"label": "qty ${qty}", "list": []any{"${qty}", 1, true, nil}, "escaped": "$${qty}",
		}, scope())
		Expect(err).NotTo(HaveOccurred())
		Expect(v).To(Equal(map[string]any{
			"qty": 2, "user": map[string]any{"id": 7}, "id": 7.0,
			"label": "qty 2", "list": []any{2, 1, true, nil}, "escaped": "${qty}",
		}))
		_, err = flows.InterpolateJSON([]any{"${nope}"}, scope())
		Expect(err).To(MatchError(ContainSubstring(`unknown variable "nope"`)))
	})

	It("shows the response's parts when an assert fails", func() {
		prog, err := flows.CompileExpr(`response.status == 200 && response.json.tags[0] == "b" && response.headers["x-id"] == "8"`)
		Expect(err).NotTo(HaveOccurred())
		e := &flows.Expr{Source: `response.status == 200 && response.json.tags[0] == "b" && response.headers["x-id"] == "8"`, Program: prog}
		Expect(flows.ExprParts(e, &flows.ExprEnv{Response: resp})).To(Equal([]string{
			`response.status = 201`, `response.json.tags[0] = "a"`, `response.headers["x-id"] = "7"`,
		}))
	})

	It("knows response only after a request, also one in a sub-flow that ran", func() {
		opts := testOpts()
		opts.ReadFile = func(string) ([]byte, error) {
			return []byte("name: Seed\nsteps:\n  - request: http://x.test/seed\n"), nil
		}
		_, err := flows.Parse("x.yaml", []byte("name: x\nsteps:\n  - run: seed.yaml\n  - assert: response.status == 201\n"), opts)
		Expect(err).NotTo(HaveOccurred())

		_, err = flows.Parse("x.yaml", []byte("name: x\nsteps:\n  - open: http://x.test\n  - assert: 'response.json.id > 0'\n"), testOpts())
		Expect(err).To(MatchError("x.yaml:4:14: response is set by a request step, and there is none before this step"))

		// a sub-flow does not see its caller's response
		opts.ReadFile = func(string) ([]byte, error) {
			return []byte("name: Check\nsteps:\n  - assert: response.status == 201\n"), nil
		}
		_, err = flows.Parse("x.yaml", []byte("name: x\nsteps:\n  - request: http://x.test/seed\n  - run: check.yaml\n"), opts)
		Expect(err).To(MatchError(ContainSubstring("check.yaml:3:13: response is set by a request step, and there is none before this step")))
	})

	It("defaults the method: GET, or POST with a body or json", func() {
		f, err := flows.Parse("x.yaml", []byte(`name: x
steps:
  - request: http://x.test/a
  - request: { url: "http://x.test/a", body: "" }
  - request: { url: "http://x.test/a", json: null }
  - request: { url: "http://x.test/a", json: [1], method: PUT }
`), testOpts())
		Expect(err).NotTo(HaveOccurred())
		var methods []string
		for _, s := range f.Steps {
			methods = append(methods, actionOf[*flows.Request](s).Method)
		}
		Expect(methods).To(Equal([]string{"GET", "POST", "POST", "PUT"}))
		Expect(actionOf[*flows.Request](f.Steps[2]).JSON).To(Equal(&flows.JSONBody{Value: nil}), "json: null sends null")
	})
})
