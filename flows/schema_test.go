package flows_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"sort"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/flows"
)

func compileSchema() *jsonschema.Schema {
	GinkgoHelper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(flows.Schema()))
	Expect(err).NotTo(HaveOccurred())
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	Expect(c.AddResource("flow.schema.json", doc)).To(Succeed())
	s, err := c.Compile("flow.schema.json")
	Expect(err).NotTo(HaveOccurred())
	return s
}

// yamlToJSON decodes a YAML document into the values a JSON Schema
// validator reads.
func yamlToJSON(src []byte) any {
	GinkgoHelper()
	var v any
	Expect(yaml.Unmarshal(src, &v)).To(Succeed())
	b, err := json.Marshal(v)
	Expect(err).NotTo(HaveOccurred())
	out, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	Expect(err).NotTo(HaveOccurred())
	return out
}

// schemaKeys collects every property name in the schema.
func schemaKeys(v any, into map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		if props, ok := x["properties"].(map[string]any); ok {
			for k := range props {
				into[k] = true
			}
		}
		for _, e := range x {
			schemaKeys(e, into)
		}
	case []any:
		for _, e := range x {
			schemaKeys(e, into)
		}
	}
}

func schemaDoc() map[string]any {
	GinkgoHelper()
	var doc map[string]any
	Expect(json.Unmarshal(flows.Schema(), &doc)).To(Succeed())
	return doc
}

var _ = Describe("Schema", func() {
	It("is a valid draft 2020-12 schema", func() {
		doc := schemaDoc()
		Expect(doc["$schema"]).To(Equal("https://json-schema.org/draft/2020-12/schema"))
		compileSchema()
	})

	It("accepts every example and valid flow, sub-flows included", func() {
		s := compileSchema()
		var files []string
		for _, pat := range []string{"../examples/flows/*.yaml", "../examples/flows/**/*.yaml", validDir + "/*.yaml", validDir + "/_lib/*.yaml", invalidDir + "/_*.yaml", cycleDir + "/*.yaml"} {
			m, err := filepath.Glob(pat)
			Expect(err).NotTo(HaveOccurred())
			files = append(files, m...)
		}
		Expect(len(files)).To(BeNumerically(">=", 20))
		for _, f := range files {
			Expect(s.Validate(yamlToJSON(mustRead(f)))).To(Succeed(), f)
		}
	})

	DescribeTable("rejects what an editor should flag",
		func(src string) {
			Expect(compileSchema().Validate(yamlToJSON([]byte(src)))).NotTo(Succeed())
		},
		Entry("unknown step", "name: x\nsteps:\n  - clik: a\n"),
		Entry("two actions", "name: x\nsteps:\n  - click: a\n    hover: b\n"),
		Entry("unknown flow key", "name: x\nstpes: []\nsteps: [snapshot]\n"),
		Entry("missing steps", "name: x\n"),
		Entry("bad button", "name: x\nsteps:\n  - click: {target: a, button: rigth}\n"),
		Entry("unknown target key", "name: x\nsteps:\n  - click: {rol: button}\n"),
		Entry("bad duration", "name: x\ntimeout: 5 sec\nsteps: [snapshot]\n"),
		Entry("bare click", "name: x\nsteps:\n  - click\n"),
		Entry("bad viewport", "name: x\nviewport: {width: wide, height: 1}\nsteps: [snapshot]\n"),
		Entry("tab by a word", "name: x\nsteps:\n  - tab: first\n"),
		Entry("negative tab", "name: x\nsteps:\n  - tab: -1\n"),
		Entry("unknown dialog key", "name: x\nsteps:\n  - dialog: {acept: true}\n"),
		Entry("download name as a string", "name: x\nsteps:\n  - expect: {download: {name: a.csv}}\n"),
		Entry("data from a file that is no CSV or YAML", "name: x\ndata: users.txt\nsteps: [snapshot]\n"),
		Entry("a data row that is no map", "name: x\ndata: [ann]\nsteps: [snapshot]\n"),
		Entry("a data value that is a list", "name: x\ndata: [{a: [1]}]\nsteps: [snapshot]\n"),
	)

	It("names every step and every key the parser accepts", func() {
		keys := map[string]bool{}
		schemaKeys(schemaDoc(), keys)
		for _, k := range flows.Keys() {
			Expect(keys).To(HaveKey(k))
		}
		step := schemaDoc()["$defs"].(map[string]any)["step"].(map[string]any)
		Expect(step["anyOf"].([]any)[0]).To(Equal(map[string]any{"enum": []any{"snapshot"}}))
		stepProps := step["anyOf"].([]any)[1].(map[string]any)["properties"].(map[string]any)
		for _, name := range flows.Actions() {
			a := string(name)
			Expect(stepProps).To(HaveKey(a))
			Expect(stepProps[a].(map[string]any)["description"]).NotTo(BeEmpty())
		}
	})

	It("describes every property", func() {
		var walk func(path string, v any)
		walk = func(path string, v any) {
			switch x := v.(type) {
			case map[string]any:
				if props, ok := x["properties"].(map[string]any); ok {
					for k, p := range props {
						Expect(p.(map[string]any)["description"]).NotTo(BeEmpty(), path+"."+k)
					}
				}
				for k, e := range x {
					walk(path+"/"+k, e)
				}
			case []any:
				for _, e := range x {
					walk(path, e)
				}
			}
		}
		walk("", schemaDoc())
	})
})

var _ = Describe("docs/flows.md", func() {
	It("mentions every step and every field of the schema", func() {
		doc := string(mustRead("../docs/flows.md"))
		keys := map[string]bool{}
		schemaKeys(schemaDoc(), keys)
		for _, a := range flows.Actions() {
			keys[string(a)] = true
		}
		var missing []string
		for k := range keys {
			if !strings.Contains(doc, "`"+k+"`") && !strings.Contains(doc, k+":") {
				missing = append(missing, k)
			}
		}
		sort.Strings(missing)
		Expect(missing).To(BeEmpty())
		for _, a := range flows.Actions() {
			Expect(doc).To(ContainSubstring("### `"+string(a)+"`"), "a section per step")
		}
	})
})
