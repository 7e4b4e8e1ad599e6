package flows_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// RecordedFlow writes the recorded steps of `export` and `smokeflow
// record` (docs/agents.md "Export", docs/session.md "Recording a flow").
var _ = Describe("RecordedFlow", func() {
	fill := func(v string) flows.Recorded {
		return flows.Recorded{Step: &flows.Step{Action: &flows.Fill{Target: &flows.Target{Label: "Password"}, Value: v}},
			From: "http://shop.test/login", To: "http://shop.test/login"}
	}

	It("lists a secret a step names itself, with no value to look for", func() {
		rf := &flows.RecordedFlow{Name: "r", Base: "http://shop.test", Steps: []flows.Recorded{fill("${secrets.PASSWORD}")},
			Secrets: map[string]string{"PASSWORD": "", "UNUSED": ""}}
		src, n, err := rf.YAML()
		Expect(err).NotTo(HaveOccurred())
		Expect(n).To(Equal(1))
		Expect(string(src)).To(ContainSubstring("secrets: [PASSWORD]\n"))
		Expect(string(src)).To(ContainSubstring("value: '${secrets.PASSWORD}'"))
	})

	It("writes a secret's value as its reference, and lists it", func() {
		rf := &flows.RecordedFlow{Name: "r", Base: "http://shop.test", Steps: []flows.Recorded{fill("hunter22")},
			Secrets: map[string]string{"PASSWORD": "hunter22"}}
		src, _, err := rf.YAML()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(src)).NotTo(ContainSubstring("hunter22"))
		Expect(string(src)).To(ContainSubstring("secrets: [PASSWORD]\n"))
	})

	It("expects the URL after a step that took the page to another path", func() {
		click := flows.Recorded{Step: &flows.Step{Action: &flows.Pointer{Target: &flows.Target{Phrase: "Sign in"}}},
			From: "http://shop.test/login", To: "http://shop.test/account"}
		rf := &flows.RecordedFlow{Name: "r", Base: "http://shop.test", Steps: []flows.Recorded{click, fill("x")}}
		src, n, err := rf.YAML()
		Expect(err).NotTo(HaveOccurred())
		Expect(n).To(Equal(3))
		Expect(string(src)).To(ContainSubstring("expect: {url: {contains: /account}}"))
	})
})
