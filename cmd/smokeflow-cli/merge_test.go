package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"sort"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/results"
)

const shardFlows = "../../testdata/cli/shards"

// readRun reads JSON results.
func readRun(p string) *results.Run {
	b, err := os.ReadFile(p)
	Expect(err).NotTo(HaveOccurred())
	var r results.Run
	Expect(json.Unmarshal(b, &r)).To(Succeed())
	return &r
}

// flowLines are a run's flows as "file name status", sorted.
func flowLines(r *results.Run) []string {
	var out []string
	for _, f := range r.Flows {
		out = append(out, f.File+" "+f.Name+" "+string(f.Status))
	}
	sort.Strings(out)
	return out
}

// junitCases are a JUnit report's test cases as "classname name failed",
// sorted.
func junitCases(p string) []string {
	b, err := os.ReadFile(p)
	Expect(err).NotTo(HaveOccurred())
	var doc struct {
		Suites []struct {
			Cases []struct {
				Class   string    `xml:"classname,attr"`
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	Expect(xml.Unmarshal(b, &doc)).To(Succeed())
	var out []string
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			out = append(out, c.Class+" "+c.Name+" "+map[bool]string{true: "failed", false: "ok"}[c.Failure != nil])
		}
	}
	sort.Strings(out)
	return out
}

// artifactPaths are every artifact path of a run.
func artifactPaths(r *results.Run) []string {
	var out []string
	for _, f := range r.Flows {
		for _, a := range f.Attempts {
			for _, art := range a.Artifacts {
				out = append(out, art.Path)
			}
			if a.Failure != nil && a.Failure.Diagnostics != nil {
				out = append(out, a.Failure.Diagnostics.Screenshot, a.Failure.Diagnostics.Snapshot)
			}
		}
	}
	return out
}

var _ = Describe("merge-reports", Ordered, func() {
	var s1, s2, whole, elsewhere string

	BeforeAll(func() {
		tmp := GinkgoT().TempDir()
		s1, s2, whole = filepath.Join(tmp, "s1"), filepath.Join(tmp, "s2"), filepath.Join(tmp, "whole")
		// shard 2 also writes its results outside its artifacts folder
		elsewhere = filepath.Join(tmp, "reports", "s2.json")
		for _, r := range []struct{ dir, shard, other string }{{s1, "1/2", filepath.Join(s1, "results.json")}, {s2, "2/2", elsewhere}} {
			code, out := smokeflow("run", "--base-url", site.URL, "--shard", r.shard, "--artifacts", r.dir,
				"--report", "json="+filepath.Join(r.dir, "results.json"), "--report", "json="+r.other, shardFlows)
			Expect(code).To(BeNumerically("<=", 1), out)
		}
		code, out := smokeflow("run", "--base-url", site.URL, "--workers", "2", "--artifacts", whole,
			"--report", "junit="+filepath.Join(whole, "junit.xml"), shardFlows)
		Expect(code).To(Equal(1), out)
	})

	It("merges the shards into the whole run's flows, with every artifact at its rewritten path", func() {
		out := filepath.Join(GinkgoT().TempDir(), "merged")
		// a folder (its .last-run.json) and a --report json file
		code, text := smokeflow("merge-reports", s1, filepath.Join(s2, "results.json"), "--artifacts", out,
			"--report", "json="+filepath.Join(out, "merged.json"), "--report", "junit="+filepath.Join(out, "junit.xml"),
			"--report", "markdown="+filepath.Join(out, "report.md"), "--report", "html="+filepath.Join(out, "report.html"))
		Expect(code).To(Equal(1), text) // one flow fails on purpose
		Expect(text).To(ContainSubstring("merged 4 flows from 2 runs"))
		Expect(text).To(ContainSubstring("3 passed, 1 failed"))

		merged, one := readRun(filepath.Join(out, "merged.json")), readRun(filepath.Join(whole, lastRunFile))
		Expect(flowLines(merged)).To(Equal(flowLines(one)))
		Expect(junitCases(filepath.Join(out, "junit.xml"))).To(Equal(junitCases(filepath.Join(whole, "junit.xml"))))
		Expect(merged.Shard).To(BeEmpty(), "1/2 and 2/2 make the whole run")
		Expect(merged.Workers).To(Equal(2))
		Expect(merged.ArtifactsDir).To(Equal(out))
		r1, r2 := readRun(filepath.Join(s1, lastRunFile)), readRun(filepath.Join(s2, lastRunFile))
		Expect(merged.StartedAt.Equal(r1.StartedAt)).To(BeTrue())
		Expect(merged.StartedAt.Add(merged.Duration).Equal(r2.StartedAt.Add(r2.Duration))).To(BeTrue())

		paths := artifactPaths(merged)
		Expect(len(paths)).To(BeNumerically(">=", 5))
		seen := map[string]bool{}
		for _, p := range paths {
			Expect(p).To(Or(HavePrefix("shard-1/"), HavePrefix("shard-2/")))
			Expect(filepath.Join(out, filepath.FromSlash(p))).To(BeAnExistingFile())
			seen[p] = true
		}
		// "Home page!" (shard 1) and "Home page." (shard 2) both wrote home-page/: no collision
		Expect(seen).To(HaveKey("shard-1/home-page/home.png"))
		Expect(seen).To(HaveKey(ContainSubstring("shard-2/home-page/click-place-the-order.failure.png")))
		md, err := os.ReadFile(filepath.Join(out, "report.md"))
		Expect(err).NotTo(HaveOccurred())
		// shard 1 passed, shard 2 failed: the merged report leads with the failure
		Expect(string(md)).To(HavePrefix("❌ 1 failed · ✅ 3 passed · "))
		Expect(string(md)).To(ContainSubstring("(shard-2/home-page/click-place-the-order.failure.png)"))
		// the HTML report finds the shards' images at their new paths: the
		// failure screenshot and the failed attempt's film strip, inline
		page, err := os.ReadFile(filepath.Join(out, "report.html"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(page)).To(ContainSubstring("data:image/png;base64,"), "the failure screenshot")
		Expect(string(page)).To(ContainSubstring("data:image/jpeg;base64,"), "the trace's frames")
		// the merged folder is a run's folder: merge-reports and --last-failed read it
		Expect(readRun(filepath.Join(out, lastRunFile)).Flows).To(HaveLen(4))
	})

	It("finds the artifacts of a results file written outside its artifacts folder", func() {
		out := filepath.Join(GinkgoT().TempDir(), "merged")
		code, text := smokeflow("merge-reports", s1, elsewhere, "--artifacts", out, "--report", "json="+filepath.Join(out, "m.json"))
		Expect(code).To(Equal(1), text)
		Expect(text).NotTo(ContainSubstring("warning"))
		paths := artifactPaths(readRun(filepath.Join(out, "m.json")))
		Expect(paths).To(ContainElement(HavePrefix("shard-2/")))
		for _, p := range paths {
			Expect(filepath.Join(out, filepath.FromSlash(p))).To(BeAnExistingFile())
		}
	})

	It("notifies once, for the merged run", func() {
		h := newWebhook(200)
		out := filepath.Join(GinkgoT().TempDir(), "merged")
		code, text := smokeflow("merge-reports", s1, s2, "--artifacts", out, "--notify", h.srv.URL, "--report-url", "https://ci.example.com/runs/1")
		Expect(code).To(Equal(1), text)
		Expect(h.posts()).To(HaveLen(1))
		Expect(h.posts()[0]["summary"]).To(HaveKeyWithValue("total", BeNumerically("==", 4)))
		Expect(h.posts()[0]["text"]).To(HavePrefix("❌ smokeflow run failed: 3 passed, 1 failed of 4 flows"))
		// the failing step `click: Place the order`: its target as written, without quotes
		step := h.posts()[0]["failed"].([]any)[0].(map[string]any)["step"].(map[string]any)
		Expect(step).To(HaveKeyWithValue("action", "click"))
		Expect(step).To(HaveKeyWithValue("target", "Place the order"))
	})

	It("lists the shards when they are not the whole split", func() {
		out := filepath.Join(GinkgoT().TempDir(), "merged")
		code, text := smokeflow("merge-reports", s2, "--artifacts", out, "--report", "json="+filepath.Join(out, "m.json"))
		Expect(code).To(Equal(1), text)
		Expect(readRun(filepath.Join(out, "m.json")).Shard).To(Equal("2/2"))
	})

	It("refuses a flow that is in two runs, naming both files and the flow file", func() {
		code, text := smokeflow("merge-reports", s1, whole, "--artifacts", filepath.Join(GinkgoT().TempDir(), "m"))
		Expect(code).To(Equal(2), text)
		Expect(text).To(ContainSubstring("is in two runs: " + filepath.Join(s1, lastRunFile)))
		Expect(text).To(ContainSubstring("and " + filepath.Join(whole, lastRunFile)))
		Expect(text).To(ContainSubstring("a-home.yaml"))
	})

	It("names the file and the fix for inputs it cannot merge, exit 2", func() {
		tmp := GinkgoT().TempDir()
		empty := filepath.Join(tmp, "empty")
		Expect(os.Mkdir(empty, 0o755)).To(Succeed())
		future := filepath.Join(tmp, "future.json")
		Expect(os.WriteFile(future, []byte(`{"schema_version": 2, "flows": []}`), 0o644)).To(Succeed())
		cut := filepath.Join(tmp, "cut.json")
		Expect(os.WriteFile(cut, []byte(`{"schema_version": 1, "flows": [{"na`), 0o644)).To(Succeed())
		other := filepath.Join(tmp, "other.json")
		Expect(os.WriteFile(other, []byte(`{"name": "not results"}`), 0o644)).To(Succeed())
		out := filepath.Join(tmp, "m")
		for _, c := range []struct {
			args []string
			want string
		}{
			{nil, "merge-reports needs the runs to merge"},
			{[]string{filepath.Join(tmp, "nowhere")}, "nowhere: no such file or directory"},
			{[]string{empty}, empty + " holds no JSON results"},
			{[]string{future}, future + " has schema_version 2, and this smokeflow"},
			{[]string{cut}, cut + " is not valid JSON"},
			{[]string{other}, other + " is not the JSON results of a smokeflow run"},
			{[]string{s1, "--report", "pdf=x.pdf"}, `unknown report format "pdf"`},
			{[]string{s1, "--artifacts", filepath.Dir(s1)}, "holds the run " + s1 + " being merged"},
			{[]string{s1, "--notify-always"}, "--notify-always needs --notify URL"},
		} {
			code, text := smokeflow(append([]string{"merge-reports", "--artifacts", out}, c.args...)...)
			Expect(code).To(Equal(2), strings.Join(c.args, " ")+": "+text)
			Expect(text).To(ContainSubstring(c.want), text)
		}
		Expect(filepath.Join(s1, lastRunFile)).To(BeAnExistingFile(), "an input is never emptied")
	})
})
