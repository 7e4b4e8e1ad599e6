package reports_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

var _ = Describe("ParseSpec", func() {
	DescribeTable("accepts FORMAT=PATH",
		func(spec, format, path string) {
			f, p, err := reports.ParseSpec(spec)
			Expect(err).NotTo(HaveOccurred())
			Expect(f).To(Equal(format))
			Expect(p).To(Equal(path))
		},
		Entry("junit", "junit=out/junit.xml", "junit", "out/junit.xml"),
		Entry("markdown", "markdown=report.md", "markdown", "report.md"),
		Entry("json", "json=/tmp/r.json", "json", "/tmp/r.json"),
		Entry("any case", "JUnit=a.xml", "junit", "a.xml"),
		Entry("md alias", "md=a.md", "markdown", "a.md"),
		Entry("a path with =", "json=a=b.json", "json", "a=b.json"),
	)

	DescribeTable("rejects with a clear error",
		func(spec, msg string) {
			_, _, err := reports.ParseSpec(spec)
			Expect(err).To(MatchError(ContainSubstring(msg)))
		},
		Entry("unknown format", "pdf=out.pdf", `unknown report format "pdf": want junit, markdown, json or html`),
		Entry("no path", "junit=", `report "junit=" has no path`),
		Entry("a format alone", "junit", `report "junit" has no path: want FORMAT=PATH`),
		Entry("no format", "=out.xml", "missing report format: want junit, markdown, json or html"),
		Entry("a path alone", "out.xml", `report "out.xml": want FORMAT=PATH with FORMAT junit, markdown, json or html`),
	)
})

var _ = Describe("WriteFile", func() {
	var dir string
	BeforeEach(func() { dir = GinkgoT().TempDir() })

	entries := func() []string {
		GinkgoHelper()
		es, err := os.ReadDir(dir)
		Expect(err).NotTo(HaveOccurred())
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		return names
	}

	It("writes each format, the same bytes as the writers", func() {
		run := sampleRun()
		for _, format := range reports.Formats() {
			p := filepath.Join(dir, "report."+format)
			Expect(reports.WriteFile(p, format, run)).To(Succeed())
		}
		var want bytes.Buffer
		Expect(reports.WriteJUnit(&want, run)).To(Succeed())
		Expect(os.ReadFile(filepath.Join(dir, "report.junit"))).To(Equal(want.Bytes()))
		want.Reset()
		Expect(reports.WriteJSON(&want, run)).To(Succeed())
		Expect(os.ReadFile(filepath.Join(dir, "report.json"))).To(Equal(want.Bytes()))
		want.Reset()
		Expect(reports.WriteHTML(&want, run, reports.HTMLOptions{})).To(Succeed())
		Expect(os.ReadFile(filepath.Join(dir, "report.html"))).To(Equal(want.Bytes()))
		Expect(entries()).To(ConsistOf("report.junit", "report.markdown", "report.json", "report.html"))

		st, err := os.Stat(filepath.Join(dir, "report.json"))
		Expect(err).NotTo(HaveOccurred())
		if runtime.GOOS != "windows" {
			Expect(st.Mode().Perm()).To(Equal(os.FileMode(0o644)))
		}
	})

	It("links Markdown artifacts relative to the report's folder", func() {
		run := sampleRun()
		run.ArtifactsDir = filepath.Join(dir, "artifacts")
		Expect(os.Mkdir(filepath.Join(dir, "reports"), 0o755)).To(Succeed())
		p := filepath.Join(dir, "reports", "summary.md")
		Expect(reports.WriteFile(p, "markdown", run)).To(Succeed())
		md, err := os.ReadFile(p)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(md)).To(ContainSubstring("](../artifacts/search/attempt-1/failure%20%281%29.png)"))
	})

	It("fails clearly when the folder does not exist, and writes nothing", func() {
		p := filepath.Join(dir, "missing", "junit.xml")
		err := reports.WriteFile(p, "junit", sampleRun())
		Expect(err).To(MatchError(ContainSubstring("folder " + filepath.Join(dir, "missing") + " does not exist")))
		Expect(err).To(MatchError(ContainSubstring("write junit report")))
		Expect(entries()).To(BeEmpty())
	})

	It("fails clearly on an unknown format", func() {
		err := reports.WriteFile(filepath.Join(dir, "r.pdf"), "pdf", sampleRun())
		Expect(err).To(MatchError(ContainSubstring(`unknown report format "pdf"`)))
		Expect(entries()).To(BeEmpty())
	})

	It("fails when the path is a folder", func() {
		Expect(os.Mkdir(filepath.Join(dir, "r.json"), 0o755)).To(Succeed())
		err := reports.WriteFile(filepath.Join(dir, "r.json"), "json", sampleRun())
		Expect(err).To(MatchError(ContainSubstring("is a folder")))
		Expect(entries()).To(ConsistOf("r.json"))
	})

	It("replaces an existing file whole, keeping its permissions, and leaves no temporary file", func() {
		p := filepath.Join(dir, "results.json")
		big := bytes.Repeat([]byte("old content that is much longer than the new report\n"), 100000)
		Expect(os.WriteFile(p, big, 0o600)).To(Succeed())

		run := &results.Run{Tool: "smokeflow test", Flows: []*results.Flow{passedFlow()}}
		Expect(reports.WriteFile(p, "json", run)).To(Succeed())

		got, err := os.ReadFile(p)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(got)).NotTo(ContainSubstring("old content"))
		var back results.Run
		Expect(json.Unmarshal(got, &back)).To(Succeed())
		Expect(back.Tool).To(Equal("smokeflow test"))
		Expect(entries()).To(ConsistOf("results.json"))
		if runtime.GOOS != "windows" {
			st, err := os.Stat(p)
			Expect(err).NotTo(HaveOccurred())
			Expect(st.Mode().Perm()).To(Equal(os.FileMode(0o600)))
		}
	})
})

var _ = Describe("RelativeLinkBase", func() {
	It("is the path from the report's folder to the artifacts", func() {
		Expect(reports.RelativeLinkBase("reports", "smokeflow-results")).To(Equal("../smokeflow-results"))
		Expect(reports.RelativeLinkBase("smokeflow-results", "smokeflow-results")).To(Equal(""))
		Expect(reports.RelativeLinkBase(".", "out/artifacts")).To(Equal("out/artifacts"))
	})
})

var _ = Describe("JSON", func() {
	It("round-trips the whole model", func() {
		var b bytes.Buffer
		Expect(reports.WriteJSON(&b, sampleRun())).To(Succeed())
		var back results.Run
		Expect(json.Unmarshal(b.Bytes(), &back)).To(Succeed())
		want := sampleRun()
		// Times come back in the local zone's representation; compare them apart.
		Expect(back.StartedAt.Equal(want.StartedAt)).To(BeTrue())
		back.StartedAt = want.StartedAt
		for i, f := range back.Flows {
			for j, a := range f.Attempts {
				wa := want.Flows[i].Attempts[j]
				Expect(a.StartedAt.Equal(wa.StartedAt)).To(BeTrue())
				a.StartedAt = wa.StartedAt
				for k := range a.Console {
					a.Console[k].Time = wa.Console[k].Time
				}
				for k := range a.Requests {
					a.Requests[k].Time = wa.Requests[k].Time
				}
			}
		}
		Expect(&back).To(Equal(want))
	})

	It("has a stable shape: schema version set, empty lists as []", func() {
		var b bytes.Buffer
		Expect(reports.WriteJSON(&b, &results.Run{Flows: []*results.Flow{{Name: "x", Attempts: []*results.Attempt{{Number: 1}}}}})).To(Succeed())
		var m map[string]any
		Expect(json.Unmarshal(b.Bytes(), &m)).To(Succeed())
		Expect(m).To(HaveKeyWithValue("schema_version", BeNumerically("==", results.SchemaVersion)))
		flows := m["flows"].([]any)
		steps := flows[0].(map[string]any)["attempts"].([]any)[0].(map[string]any)["steps"]
		Expect(steps).To(Equal([]any{}))

		b.Reset()
		Expect(reports.WriteJSON(&b, &results.Run{})).To(Succeed())
		Expect(b.String()).To(ContainSubstring(`"flows": []`))
	})
})
