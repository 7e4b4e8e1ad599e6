package flows_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/flows"
)

// roundTripDirs hold the flow files that are written back and read again.
var roundTripDirs = []string{"../examples/flows", "../testdata", "../bench/flows"}

// roundTripOpts load the corpus: every environment variable is set and
// there is a base URL, so that a flow fails to load only when it is
// meant to.
func roundTripOpts() flows.LoadOptions {
	return flows.LoadOptions{
		LookupEnv: func(k string) (string, bool) { return "x", true },
		BaseURL:   "http://base.test",
	}
}

// rewritten is the flow file src with its setup, steps and teardown
// written back by StepsYAML.
func rewritten(src []byte, f *flows.Flow) ([]byte, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(src, &doc); err != nil {
		return nil, err
	}
	top := doc.Content[0]
	lists := map[string][]*flows.Step{"setup": f.Setup, "steps": f.Steps, "teardown": f.Teardown}
	for i := 0; i+1 < len(top.Content); i += 2 {
		steps, ok := lists[top.Content[i].Value]
		if !ok {
			continue
		}
		text, err := flows.StepsYAML(steps)
		if err != nil {
			return nil, err
		}
		var written yaml.Node
		if err := yaml.Unmarshal([]byte(text), &written); err != nil {
			return nil, fmt.Errorf("%w in:\n%s", err, text)
		}
		top.Content[i+1] = written.Content[0]
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// readsBack reports how the steps of f, read from src, differ once
// written back and read again; "" when they do not.
func readsBack(file string, src []byte, f *flows.Flow, opts flows.LoadOptions) string {
	again, err := rewritten(src, f)
	if err != nil {
		return err.Error()
	}
	back, err := flows.Parse(file, again, opts)
	if err != nil {
		return fmt.Sprintf("%v; written back:\n%s", err, again)
	}
	for _, l := range [][2][]*flows.Step{{f.Setup, back.Setup}, {f.Steps, back.Steps}, {f.Teardown, back.Teardown}} {
		scrub(l[0], false)
		scrub(l[1], false)
		if !reflect.DeepEqual(l[0], l[1]) {
			return fmt.Sprintf("the steps differ; written back:\n%s", again)
		}
	}
	return ""
}

var _ = Describe("Steps written back as YAML", func() {
	DescribeTable("write the shortest form a person would write",
		func(step string, want string) {
			f, err := flows.Parse("w.yaml", []byte("name: w\nbase_url: http://shop.test\nsteps:\n"+step), testOpts())
			Expect(err).NotTo(HaveOccurred())
			got, err := flows.StepsYAML(f.Steps)
			Expect(err).NotTo(HaveOccurred())
			Expect(got).To(Equal(want))
		},
		Entry("a click on a phrase", "  - click: { target: Place order }\n", "- click: Place order\n"),
		Entry("a click on a target map", "  - click: { target: { role: button, name: Pay } }\n", "- click: {role: button, name: Pay}\n"),
		Entry("a click with a button", "  - click: { target: Menu, button: right, modifiers: [Shift] }\n", "- click: {target: Menu, button: right, modifiers: Shift}\n"),
		Entry("a bare snapshot", "  - snapshot:\n", "- snapshot\n"),
		Entry("a named snapshot", "  - snapshot: { name: home }\n", "- snapshot: home\n"),
		Entry("a snapshot with a step name", "  - name: look\n    snapshot:\n", "- name: look\n  snapshot:\n"),
		Entry("common keys", "  - click: Go\n    if: visible(\"Go\")\n    timeout: 1500ms\n    optional: true\n    retry: 2\n    name: go\n",
			"- name: go\n  click: Go\n  if: visible(\"Go\")\n  timeout: 1.5s\n  optional: true\n  retry: 2\n"),
		Entry("open", "  - open: { url: /cart }\n", "- open: /cart\n"),
		Entry("fill", "  - fill:\n      target: Email\n      value: 42\n", "- fill: {target: Email, value: \"42\"}\n"),
		Entry("press a key", "  - press: { key: Control+A }\n", "- press: Control+A\n"),
		Entry("one option", "  - select: { target: Size, options: [M] }\n", "- select: {target: Size, option: M}\n"),
		Entry("a drag", "  - drag: { from: Card A, to: { text: Done } }\n", "- drag: {from: Card A, to: {text: Done}}\n"),
		Entry("a drag to a point", "  - drag: { from: Handle, to: { target: { css: .track }, x: 30, y: 4.5 } }\n",
			"- drag:\n    from: Handle\n    to: {target: {css: .track}, x: 30, y: 4.5}\n"),
		Entry("scroll to a phrase that is a place", "  - scroll: { target: top }\n", "- scroll: {target: top}\n"),
		Entry("a duration", "  - wait: 1500\n", "- wait: 1.5s\n"),
		Entry("expect text", "  - expect: { text: Total, equals: \"$5\" }\n", "- expect: {text: Total, equals: $5}\n"),
		Entry("expect count", "  - expect: { count: Item, min: 1, max: 3 }\n", "- expect: {count: Item, min: 1, max: 3}\n"),
		Entry("expect vitals", "  - expect: { vitals: { cls: { below: 0.1 }, lcp: { below: 2500ms } } }\n", "- expect: {vitals: {lcp: {below: 2.5s}, cls: {below: 0.1}}}\n"),
		Entry("expect no failed requests, some ignored", "  - expect: { no_failed_requests: { ignore: \"**/*.woff2\" } }\n", "- expect: {no_failed_requests: {ignore: '**/*.woff2'}}\n"),
		Entry("expect a url", "  - expect: { url: { contains: /cart } }\n", "- expect: {url: {contains: /cart}}\n"),
		Entry("assert", "  - assert: { that: 'url endsWith \"/\"' }\n", "- assert: url endsWith \"/\"\n"),
		Entry("a script on several lines", "  - eval: |\n      const a = 1;\n      return a;\n", "- eval: |\n    const a = 1;\n    return a;\n"),
		Entry("a GET request", "  - request: { url: /api, method: GET }\n", "- request: /api\n"),
		Entry("a POST with json", "  - request: { url: /api, method: POST, json: { a: 1 } }\n", "- request: {url: /api, json: {a: 1}}\n"),
		Entry("a prompt's answer", "  - dialog: { accept: true, text: Ada }\n", "- dialog: {text: Ada}\n"),
		Entry("a group", "  - group: { steps: [ { click: A }, snapshot ] }\n", "- group:\n    steps:\n      - click: A\n      - snapshot\n"),
		Entry("a repeat", "  - repeat: { while: 'exists(\"More\")', max: 100, steps: [ { click: More } ] }\n",
			"- repeat:\n    while: exists(\"More\")\n    steps:\n      - click: More\n"),
	)

	It("writes steps made in Go, as a recorder makes them", func() {
		steps := []*flows.Step{
			{Action: &flows.Open{URL: "/login"}},
			{Action: &flows.Fill{Target: &flows.Target{Label: "Email"}, Value: "ada@example.com"}},
			{Action: &flows.Pointer{Act: flows.ActionClick, Target: &flows.Target{Phrase: "Sign in"}}},
			{Action: &flows.Wait{Duration: 2 * time.Second}, Name: "settle"},
			{Action: &flows.Check{Target: &flows.Target{Phrase: "Remember me"}}}, // no Act: a check
		}
		got, err := flows.StepsYAML(steps)
		Expect(err).NotTo(HaveOccurred())
		Expect(got).To(Equal("- open: /login\n- fill: {target: {label: Email}, value: ada@example.com}\n- click: Sign in\n- name: settle\n  wait: 2s\n- check: Remember me\n"))
		line, err := steps[2].YAML()
		Expect(err).NotTo(HaveOccurred())
		Expect(line).To(Equal("- click: Sign in\n"))
	})

	It("reads back the same steps, for every example and testdata flow", func() {
		n := 0
		for _, dir := range roundTripDirs {
			err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() || !flows.IsFlowFile(path) {
					return err
				}
				src, err := os.ReadFile(path)
				Expect(err).NotTo(HaveOccurred())
				f, err := flows.Parse(path, src, roundTripOpts())
				if err != nil {
					return nil // an invalid flow, on purpose
				}
				Expect(readsBack(path, src, f, roundTripOpts())).To(BeEmpty(), path)
				n++
				return nil
			})
			Expect(err).NotTo(HaveOccurred())
		}
		Expect(n).To(BeNumerically(">", 150), "flows read back")
		GinkgoWriter.Printf("%d flows read back\n", n)
	})
})
