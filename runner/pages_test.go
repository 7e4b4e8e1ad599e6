package runner_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	. "github.com/onsi/gomega/gstruct"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// stepLogs is every step's log of the final attempt, one line each.
func stepLogs(f *results.Flow) string {
	var b strings.Builder
	for _, s := range f.Final().Steps {
		for _, l := range s.Log {
			b.WriteString(s.Index + " " + l + "\n")
		}
	}
	return b.String()
}

var _ = Describe("Dialogs, tabs and downloads", func() {
	It("answers every dialog at once, logs it, keeps it in the results and masks secrets in it", func() {
		env := map[string]string{"SF_DIALOG_TOKEN": "tok-381"}
		lookup := func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		f, err := flows.Load("../testdata/runner/dialogs-log.yaml", flows.LoadOptions{BaseURL: fixture.URL, LookupEnv: lookup})
		Expect(err).NotTo(HaveOccurred())
		run, err := runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, LookupEnv: lookup,
			ArtifactsDir: GinkgoT().TempDir()}, []*flows.Flow{f})
		Expect(err).NotTo(HaveOccurred())
		res := run.Flows[0]
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		logs := stepLogs(res)
		Expect(logs).To(ContainSubstring(`2 dialog: confirm "Delete the file?" dismissed (the default)`))
		Expect(logs).To(ContainSubstring(`4 dialog: alert "token •••" accepted (the default)`))
		Expect(logs).To(ContainSubstring(`5 the next dialog will be accepted (a prompt with "Ada")`))
		Expect(logs).To(ContainSubstring(`6 dialog: prompt "Your name?" accepted with "Ada" (as the dialog step said)`))
		Expect(logs).NotTo(ContainSubstring("tok-381"))
		ds := res.Final().Dialogs
		Expect(ds).To(HaveLen(3))
		Expect(ds[0]).To(MatchFields(IgnoreExtras, Fields{"Type": Equal("confirm"), "Message": Equal("Delete the file?"), "Accepted": BeFalse()}))
		Expect(ds[1].Message).To(Equal("token •••"))
		Expect(ds[2]).To(MatchFields(IgnoreExtras, Fields{"Type": Equal("prompt"), "Accepted": BeTrue(), "Text": Equal("Ada")}))
	})

	It("follows a new tab, set up as the first one (viewport, console log), and comes back when a tab closes itself", func() {
		res := runOne("../testdata/runner/tabs-log.yaml", runner.Config{})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		logs := stepLogs(res)
		Expect(logs).To(MatchRegexp(`2 opened a new tab \(tab 1: http://[^ ]+/conformance/pages/tab-two\.html\); the flow goes on there`))
		Expect(logs).To(MatchRegexp(`4 switched to tab 0: http://[^ ]+/tabs\.html`))
		Expect(logs).To(MatchRegexp(`5 opened a new tab \(tab 2: http://[^ ]+/tab-closer\.html\); the flow goes on there`))
		Expect(logs).To(MatchRegexp(`6 the tab closed itself; back on tab 0: http://[^ ]+/tabs\.html`))
		var console []string
		for _, c := range res.Final().Console {
			console = append(console, c.Text)
		}
		Expect(console).To(ContainElement("second page says hello"), "the new tab's console is logged")
	})

	It("saves downloads among the artifacts under their own names and sets vars.download", func() {
		dir := GinkgoT().TempDir()
		res := runOne("../testdata/runner/download-artifact.yaml", runner.Config{ArtifactsDir: dir})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		GinkgoWriter.Println(stepLogs(res))
		var paths []string
		for _, a := range res.Final().Artifacts {
			if a.Kind == results.ArtifactDownload {
				paths = append(paths, a.Path)
			}
		}
		Expect(paths).To(Equal([]string{
			"a-download-is-saved-among-the-artifacts/downloads/report.csv",
			"a-download-is-saved-among-the-artifacts/downloads/report-2.csv",
			"a-download-is-saved-among-the-artifacts/downloads/report-3.csv",
		}))
		for _, p := range paths {
			b, err := os.ReadFile(filepath.Join(dir, p))
			Expect(err).NotTo(HaveOccurred())
			Expect(string(b)).To(Equal("id,total\n1,42\n"))
		}
		Expect(stepLogs(res)).To(MatchRegexp(`downloaded report.csv \(14 bytes\) → a-download-is-saved-among-the-artifacts/downloads/report.csv`))
		left, err := os.ReadDir(filepath.Join(dir, "a-download-is-saved-among-the-artifacts", "downloads"))
		Expect(err).NotTo(HaveOccurred())
		Expect(left).To(HaveLen(3), "no file is left under its download id")
	})

	It("makes no downloads folder for a flow that downloads nothing", func() {
		dir := GinkgoT().TempDir()
		res := runOne("../testdata/runner/check-storage.yaml", runner.Config{ArtifactsDir: dir})
		Expect(res.Status).To(Equal(results.Passed), failureText(res))
		matches, err := filepath.Glob(filepath.Join(dir, "*", "downloads"))
		Expect(err).NotTo(HaveOccurred())
		Expect(matches).To(BeEmpty())
	})
})
