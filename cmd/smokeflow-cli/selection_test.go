package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// smokeflowSplit runs the command line in-process and returns the exit
// code, stdout and stderr apart.
func smokeflowSplit(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

const (
	selectDir = "../../testdata/cli/select"
	onlyDir   = "../../testdata/cli/only"
	needsDir  = "../../testdata/cli/needs"
)

// noBrowser makes any browser launch fail: a command that succeeds with
// it started none.
var noBrowser = []string{"--browser", "/nonexistent/chrome"}

// listed runs `run --list` with args and returns the flow lines.
func listed(args ...string) []string {
	GinkgoHelper()
	code, out, errOut := smokeflowSplit(append(append([]string{"run", "--list"}, noBrowser...), args...)...)
	Expect(code).To(Equal(0), out+errOut)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	Expect(lines[len(lines)-1]).To(HavePrefix("Total: "))
	return lines[:len(lines)-1]
}

var _ = Describe("--list", func() {
	It("prints each selected flow with its file, tags and skip reason, without a browser", func() {
		code, out, errOut := smokeflowSplit(append([]string{"run", "--list", selectDir}, noBrowser...)...)
		Expect(code).To(Equal(0), out+errOut)
		Expect(out).To(Equal(strings.Join([]string{
			selectDir + "/fail.yaml › Unreachable shop [smoke]",
			selectDir + "/other.yaml › Heading shows again [extra]",
			selectDir + "/pass.yaml › Heading shows [smoke]",
			selectDir + "/skipped.yaml › Search suggestions [slow] (skip: suggestions <b>down</b> | see #12)",
			"Total: 4 flows, 1 skipped",
		}, "\n") + "\n"))
	})

	It("needs neither the environment nor a base URL", func() {
		Expect(listed(needsDir + "/needs.yaml")).To(Equal([]string{needsDir + "/needs.yaml › Needs the environment"}))
	})

	It("still reports errors in the flow files, exit 2", func() {
		code, out, errOut := smokeflowSplit("run", "--list", needsDir)
		Expect(code).To(Equal(2), out)
		Expect(errOut).To(ContainSubstring(`broken.yaml:4:5: unknown step "clik"; did you mean "click"?`))
	})
})

var _ = Describe("--grep and --grep-invert", func() {
	It("select flows by name, in any case", func() {
		Expect(listed("--grep", "HEADING", selectDir)).To(Equal([]string{
			selectDir + "/other.yaml › Heading shows again [extra]",
			selectDir + "/pass.yaml › Heading shows [smoke]",
		}))
		Expect(listed("--grep", "heading", "--grep-invert", "again$", selectDir)).To(Equal([]string{
			selectDir + "/pass.yaml › Heading shows [smoke]",
		}))
		Expect(listed("--grep-invert", "^(heading|search)", selectDir)).To(Equal([]string{
			selectDir + "/fail.yaml › Unreachable shop [smoke]",
		}))
	})

	It("combine with --tags", func() {
		Expect(listed("--tags", "smoke", "--grep", "shows", selectDir)).To(Equal([]string{
			selectDir + "/pass.yaml › Heading shows [smoke]",
		}))
	})

	It("apply before --shard, as in Playwright", func() {
		// grep keeps other.yaml and pass.yaml; shard 2/2 of those is
		// pass.yaml. Sharding first would have given other.yaml.
		Expect(listed("--grep", "heading", "--shard", "2/2", selectDir)).To(Equal([]string{
			selectDir + "/pass.yaml › Heading shows [smoke]",
		}))
	})

	It("reject a regular expression that does not compile, exit 2", func() {
		code, out := smokeflow("run", "--base-url", "http://x", "--grep", "(unclosed", selectDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("--grep \"(unclosed\": error parsing regexp: missing closing ): `(unclosed`"))
		code, out = smokeflow("run", "--base-url", "http://x", "--grep-invert", "a[", selectDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(`--grep-invert "a[": error parsing regexp: missing closing ]`))
	})

	It("say so when they leave no flow, exit 2", func() {
		code, out := smokeflow("run", "--base-url", "http://x", "--grep", "nothing matches this", selectDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("no flow selected (check the paths, --tags, --grep, --grep-invert, --last-failed and --shard)"))
	})
})

var _ = Describe("only: true", func() {
	It("runs only the flows marked so, and says so", func() {
		code, out, errOut := smokeflowSplit(append([]string{"run", "--list", onlyDir}, noBrowser...)...)
		Expect(code).To(Equal(0), out+errOut)
		Expect(out).To(Equal(onlyDir + "/focused.yaml › Focused flow\nTotal: 1 flow\n"))
		Expect(errOut).To(Equal("note: only: true in " + onlyDir + "/focused.yaml:2:1: running only the 1 flow marked so (--forbid-only makes this an error)\n"))
	})

	It("applies after --grep: a focused flow that grep leaves out focuses nothing", func() {
		Expect(listed("--grep", "plain", onlyDir)).To(Equal([]string{onlyDir + "/plain.yaml › Plain flow"}))
	})

	It("is an error with --forbid-only, under run and validate, exit 2", func() {
		code, out := smokeflow("run", "--forbid-only", "--list", onlyDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(onlyDir + "/focused.yaml:2:1: only: true is not allowed with --forbid-only; remove it so the whole suite runs"))
		code, out = smokeflow("validate", "--forbid-only", "--base-url", "http://x", onlyDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(onlyDir + "/focused.yaml:2:1: only: true is not allowed with --forbid-only"))
		code, out = smokeflow("validate", "--base-url", "http://x", onlyDir)
		Expect(code).To(Equal(0), out)
	})

	It("passes --forbid-only when no flow is focused", func() {
		Expect(listed("--forbid-only", "--grep", "heading shows$", selectDir)).To(HaveLen(1))
	})
})

// writeLastRunJSON writes a .last-run.json by hand.
func writeLastRunJSON(dir, body string) {
	GinkgoHelper()
	Expect(os.WriteFile(filepath.Join(dir, lastRunFile), []byte(body), 0o644)).To(Succeed())
}

var _ = Describe("--last-failed", func() {
	It("says there is no last run, exit 2", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--base-url", "http://x", "--last-failed", "--artifacts", dir, selectDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("--last-failed: there is no last run: " + filepath.Join(dir, lastRunFile) + " does not exist"))
		Expect(out).To(ContainSubstring("run once without --last-failed"))
	})

	It("runs nothing when nothing failed last time, and says so, exit 0", func() {
		dir := GinkgoT().TempDir()
		writeLastRunJSON(dir, `{"schema_version": 1, "flows": [{"name": "Heading shows", "status": "passed"}, {"name": "Search suggestions", "status": "skipped"}]}`)
		code, out, errOut := smokeflowSplit(append([]string{"run", "--base-url", "http://x", "--last-failed", "--artifacts", dir, selectDir}, noBrowser...)...)
		Expect(code).To(Equal(0), out+errOut)
		Expect(out).To(Equal("--last-failed: no flow failed in the last run (" + filepath.Join(dir, lastRunFile) + "): nothing to run\n"))
	})

	It("rejects a last-run file that is not JSON results, exit 2", func() {
		dir := GinkgoT().TempDir()
		writeLastRunJSON(dir, `{"flows": "oops"`)
		code, out := smokeflow("run", "--base-url", "http://x", "--last-failed", "--artifacts", dir, selectDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("is not the JSON results of a run"))
		Expect(out).To(ContainSubstring("delete it"))
	})

	It("names the failed flows when none of them is among the flows given, exit 2", func() {
		dir := GinkgoT().TempDir()
		writeLastRunJSON(dir, `{"flows": [{"name": "Renamed since", "status": "failed"}]}`)
		code, out := smokeflow("run", "--base-url", "http://x", "--last-failed", "--artifacts", dir, selectDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(`--last-failed: no flow selected: the flows that failed in the last run ("Renamed since") are not among the flows given`))
	})

	It("survives a run that cannot start or reach a browser (exit 3): the artifacts, .last-run.json and a report inside the folder stay as they were", func() {
		dir := GinkgoT().TempDir()
		report := "junit=" + filepath.Join(dir, "junit.xml")
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir, "--report", report, selectDir)
		Expect(code).To(Equal(1), out)
		before := folderFiles(dir)
		Expect(before).To(HaveKey(lastRunFile))
		Expect(before).To(HaveKey("junit.xml"), "a report inside the artifacts folder")
		Expect(len(before)).To(BeNumerically(">", 2), "the failed flow's evidence: %v", before)

		closed, err := net.Listen("tcp", "127.0.0.1:0")
		Expect(err).NotTo(HaveOccurred())
		dead := "http://" + closed.Addr().String()
		Expect(closed.Close()).To(Succeed())
		for _, no := range [][]string{{"--browser", "/nonexistent/chrome"}, {"--cdp", "http://127.0.0.1:1"}, {"--cdp", dead}} {
			code, out = smokeflow(append([]string{"run", "--base-url", site.URL, "--artifacts", dir, "--report", report, selectDir}, no...)...)
			Expect(code).To(Equal(3), "%v: %s", no, out)
			Expect(folderFiles(dir)).To(Equal(before), "%v", no)
			Expect(listed("--last-failed", "--artifacts", dir, selectDir)).To(Equal([]string{selectDir + "/fail.yaml › Unreachable shop [smoke]"}), "%v", no)
		}
	})

	It("reruns the failures of the last run, which every run records in the artifacts folder", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir, selectDir)
		Expect(code).To(Equal(1), out)
		b, err := os.ReadFile(filepath.Join(dir, lastRunFile))
		Expect(err).NotTo(HaveOccurred(), "every run writes "+lastRunFile)
		var last struct {
			Flows []struct{ Name, Status string }
		}
		Expect(json.Unmarshal(b, &last)).To(Succeed())
		Expect(last.Flows).To(HaveLen(4))

		Expect(listed("--last-failed", "--artifacts", dir, selectDir)).To(Equal([]string{selectDir + "/fail.yaml › Unreachable shop [smoke]"}))

		code, out = smokeflow("run", "--last-failed", "--base-url", site.URL, "--artifacts", dir, selectDir)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("Unreachable shop"))
		Expect(out).NotTo(ContainSubstring("Heading shows"))
		Expect(out).To(ContainSubstring("0 passed, 1 failed"))
	})
})

var _ = Describe("skip:", func() {
	It("is reported as skipped with its reason on the terminal and in every report, exit 0", func() {
		dir := GinkgoT().TempDir()
		code, out := smokeflow("run", "--base-url", site.URL, "--artifacts", dir, "--grep", "heading shows$|suggestions",
			"--report", "junit="+filepath.Join(dir, "junit.xml"), "--report", "markdown="+filepath.Join(dir, "report.md"),
			"--report", "json="+filepath.Join(dir, "results.json"), selectDir)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("- Search suggestions (skipped: suggestions <b>down</b> | see #12)"))
		Expect(out).To(ContainSubstring("1 passed, 1 skipped"))
		junit, err := os.ReadFile(filepath.Join(dir, "junit.xml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(junit)).To(ContainSubstring(`<skipped message="suggestions &lt;b&gt;down&lt;/b&gt; | see #12"></skipped>`))
		md, err := os.ReadFile(filepath.Join(dir, "report.md"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(md)).To(ContainSubstring("⏭️ 1 skipped"))
		Expect(string(md)).To(ContainSubstring("Search suggestions — skipped: suggestions"))
		js, err := os.ReadFile(filepath.Join(dir, "results.json"))
		Expect(err).NotTo(HaveOccurred())
		Expect(string(js)).To(ContainSubstring(`"skip_reason": "suggestions <b>down</b> | see #12"`))
	})
})

var _ = Describe("validate", func() {
	It("warns, exit 0, about what a run will need: environment variables, secrets, a base URL", func() {
		code, out := smokeflow("validate", needsDir+"/needs.yaml")
		Expect(code).To(Equal(0), out)
		Expect(out).To(Equal(strings.Join([]string{
			needsDir + `/needs.yaml:2:11: warning: secret "SF_TEST_UNSET_SECRET" is not set in the environment`,
			needsDir + `/needs.yaml:4:11: warning: open "/login": a relative URL needs base_url in the flow or a base URL for the run (--base-url URL)`,
			needsDir + `/needs.yaml:5:35: warning: environment variable "SF_TEST_UNSET_HOST" in ${env.SF_TEST_UNSET_HOST} is not set`,
			"1 flow(s) valid, 3 warning(s) (with --strict, a missing environment variable, secret or base URL is an error)",
		}, "\n") + "\n"))
	})

	It("makes them errors with --strict, exit 2", func() {
		code, out := smokeflow("validate", "--strict", needsDir+"/needs.yaml")
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(needsDir + `/needs.yaml:2:11: secret "SF_TEST_UNSET_SECRET" is not set in the environment`))
		Expect(out).NotTo(ContainSubstring("warning"))
		Expect(out).To(ContainSubstring("smokeflow: 3 error(s)"))
	})

	It("keeps errors in the files errors, among the warnings, exit 2", func() {
		code, out := smokeflow("validate", needsDir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(needsDir + `/broken.yaml:3:11: warning: open "/login"`))
		Expect(out).To(ContainSubstring(needsDir + `/broken.yaml:4:5: unknown step "clik"; did you mean "click"?`))
		Expect(out).To(ContainSubstring("smokeflow: 1 error(s), 4 warning(s)"))
	})

	It("is satisfied when the environment and base URL are given", func() {
		GinkgoT().Setenv("SF_TEST_UNSET_SECRET", "x")
		GinkgoT().Setenv("SF_TEST_UNSET_HOST", "x")
		code, out := smokeflow("validate", "--base-url", "http://x", needsDir+"/needs.yaml")
		Expect(code).To(Equal(0), out)
		Expect(out).To(Equal("1 flow(s) valid\n"))
	})

	It("leaves them errors under run, exit 2", func() {
		code, out := smokeflow("run", needsDir+"/needs.yaml")
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring(needsDir + `/needs.yaml:2:11: secret "SF_TEST_UNSET_SECRET" is not set in the environment`))
		Expect(out).NotTo(ContainSubstring("warning"))
	})
})

var _ = Describe("--var that no flow uses", func() {
	It("gets a did-you-mean warning under validate", func() {
		code, out := smokeflow("validate", "--base-url", "http://x", "--var", "emial=qa@x", "--var", "unrelated=1", "--var", "email=a@b", selectDir)
		Expect(code).To(Equal(0), out)
		Expect(out).To(Equal(strings.Join([]string{
			`warning: --var emial=… is used by no flow; did you mean "email"?`,
			"warning: --var unrelated=… is used by no flow",
			"4 flow(s) valid, 2 warning(s)",
		}, "\n")+"\n"), "email is used: no warning for it")
	})

	It("gets the same warning under run, on stderr", func() {
		code, out, errOut := smokeflowSplit(append([]string{"run", "--list", "--var", "emial=secret-value", selectDir}, noBrowser...)...)
		Expect(code).To(Equal(0), out+errOut)
		Expect(errOut).To(Equal(`warning: --var emial=… is used by no flow; did you mean "email"?` + "\n"))
		Expect(errOut+out).NotTo(ContainSubstring("secret-value"), "the value is never printed")
	})
})

// folderFiles is every file under dir by its path in dir, with the
// SHA-256 of its contents.
func folderFiles(dir string) map[string]string {
	GinkgoHelper()
	files := map[string]string{}
	Expect(filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[rel] = fmt.Sprintf("%x", sha256.Sum256(b))
		return err
	})).To(Succeed())
	return files
}
