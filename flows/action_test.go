package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("Step actions", func() {
	It("are made by name, each with its own name", func() {
		for _, name := range flows.Actions() {
			a := flows.NewAction(name)
			Expect(a).NotTo(BeNil(), string(name))
			Expect(a.Name()).To(Equal(name))
		}
		Expect(flows.NewAction("clack")).To(BeNil())
	})

	It("say which steps the flow follows into a new tab, and which may download", func() {
		f, err := flows.Parse("facts.yaml", []byte(`name: facts
steps:
  - click: A
  - hover: B
  - fill: { target: C, value: x }
  - press: Enter
  - eval: "1"
  - expect: { download: { name: { contains: csv } } }
  - expect: { visible: D }
  - open: /x
`), flows.LoadOptions{BaseURL: "http://shop.test"})
		Expect(err).NotTo(HaveOccurred())
		var follows, downloads []bool
		for _, s := range f.Steps {
			follows = append(follows, s.FollowsTab())
			downloads = append(downloads, s.CanDownload())
		}
		Expect(follows).To(Equal([]bool{true, false, true, true, true, false, false, false}))
		Expect(downloads).To(Equal([]bool{true, false, false, true, false, true, false, false}))
	})

	It("name what a step without a target is about", func() {
		f, err := flows.Parse("subjects.yaml", []byte(`name: subjects
steps:
  - open: /x
  - press: Enter
  - request: { url: /api, method: DELETE }
  - assert: url != ""
  - expect: { url: { contains: x } }
  - click: Go
  - snapshot
`), flows.LoadOptions{BaseURL: "http://shop.test"})
		Expect(err).NotTo(HaveOccurred())
		var got []string
		for _, s := range f.Steps {
			got = append(got, s.Subject())
		}
		Expect(got).To(Equal([]string{"/x", "Enter", "DELETE /api", `url != ""`, "url", `"Go"`, ""}))
	})
})
