package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// actionStep runs one step of the GitHub Action, scripts/action-run.sh
// STEP, as the runner would: in the workspace, with GITHUB_* files and
// the INPUT_* variables action.yml sets, and none of the environment's
// own GITHUB_* or CI shard variables. It returns the exit code and the
// output.
func actionStep(workspace, step string, env ...string) (int, string) {
	GinkgoHelper()
	script, err := filepath.Abs("../../scripts/action-run.sh")
	Expect(err).NotTo(HaveOccurred())
	cmd := exec.Command("bash", script, step)
	cmd.Dir = workspace
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "GITHUB_") && !strings.HasPrefix(k, "INPUT_") && !contains(ciShardVars, k) {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	for _, f := range []string{"GITHUB_ENV", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"} {
		cmd.Env = append(cmd.Env, f+"="+filepath.Join(workspace, ".runner", f))
	}
	cmd.Env = append(cmd.Env, "GITHUB_ACTIONS=true", "RUNNER_OS=Linux", "RUNNER_ARCH=X64", "RUNNER_TEMP="+filepath.Join(workspace, ".runner"))
	cmd.Env = append(cmd.Env, env...)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); !ok {
		Expect(err).NotTo(HaveOccurred())
	}
	return cmd.ProcessState.ExitCode(), string(out)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// runnerFile reads one of the runner's files the steps write.
func runnerFile(workspace, name string) string {
	b, err := os.ReadFile(filepath.Join(workspace, ".runner", name))
	if os.IsNotExist(err) {
		return ""
	}
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

var _ = Describe("the GitHub Action's steps (scripts/action-run.sh)", Ordered, func() {
	var workspace, binEnv string
	pass, _ := filepath.Abs("../../testdata/cli/ok.yaml")
	fail, _ := filepath.Abs(shardFlows + "/b-broken.yaml")

	BeforeAll(func() {
		bin := builtSmokeflow("-ldflags", "-X main.version=7.7.7-action")
		workspace = GinkgoT().TempDir()
		Expect(os.Mkdir(filepath.Join(workspace, ".runner"), 0o755)).To(Succeed())
		// Chromium is there, so the install step only names the smokeflow given
		code, out := actionStep(workspace, "install", "INPUT_VERSION="+bin)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("smokeflow: smokeflow 7.7.7-action"))
		Expect(runnerFile(workspace, "GITHUB_ENV")).To(Equal("SMOKEFLOW_ACTION_BIN=" + bin + "\n"))
		binEnv = strings.TrimSpace(runnerFile(workspace, "GITHUB_ENV"))
	})

	BeforeEach(func() {
		for _, f := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY"} {
			Expect(os.RemoveAll(filepath.Join(workspace, ".runner", f))).To(Succeed())
		}
	})

	It("runs a passing flow: exit 0, the reports in the artifacts, the summary and the outputs", func() {
		code, out := actionStep(workspace, "run", binEnv, "INPUT_FLOWS="+pass, "INPUT_BASE_URL="+site.URL)
		Expect(code).To(Equal(0), out)
		for _, f := range []string{"junit.xml", "report.md", "results.json"} {
			Expect(filepath.Join(workspace, "smokeflow-results", f)).To(BeAnExistingFile())
		}
		summary := runnerFile(workspace, "GITHUB_STEP_SUMMARY")
		Expect(summary).To(ContainSubstring("A page with a button"))
		Expect(summary).To(ContainSubstring("smokeflow 7.7.7-action"))
		Expect(strings.Count(summary, "A page with a button")).To(Equal(strings.Count(readFile(filepath.Join(workspace, "smokeflow-results", "report.md")), "A page with a button")),
			"smokeflow's summary once, not the script's copy too")
		Expect(runnerFile(workspace, "GITHUB_OUTPUT")).To(Equal("exit-code=0\nartifacts=smokeflow-results\nreport=smokeflow-results/report.md\n"))
	})

	It("runs a failing flow: exit 1, an annotation, and the failure in the summary", func() {
		code, out := actionStep(workspace, "run", binEnv, "INPUT_FLOWS="+pass+"\n"+fail, "INPUT_BASE_URL="+site.URL,
			"INPUT_ARTIFACTS=out", "INPUT_REPORTS=markdown=out/r.md", "INPUT_ARGS=--workers 2")
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("::error file="))
		summary := runnerFile(workspace, "GITHUB_STEP_SUMMARY")
		Expect(summary).To(ContainSubstring("Home page."))
		Expect(summary).To(ContainSubstring("Place the order"))
		Expect(filepath.Join(workspace, "out", "r.md")).To(BeAnExistingFile())
		Expect(runnerFile(workspace, "GITHUB_OUTPUT")).To(HavePrefix("exit-code=1\nartifacts=out\nreport=out/r.md\n"))
	})

	It("says in the summary why smokeflow stopped before a report: --shard auto on GitHub, exit 2", func() {
		code, out := actionStep(workspace, "run", binEnv, "INPUT_FLOWS="+pass, "INPUT_BASE_URL="+site.URL, "INPUT_SHARD=auto")
		Expect(code).To(Equal(2), out)
		summary := runnerFile(workspace, "GITHUB_STEP_SUMMARY")
		Expect(summary).To(ContainSubstring("### smokeflow stopped before a report: exit 2"))
		Expect(summary).To(ContainSubstring("GitHub Actions gives a job no shard index of its own: use a matrix"))
		Expect(runnerFile(workspace, "GITHUB_OUTPUT")).To(HavePrefix("exit-code=2\n"))
	})

	It("writes the Markdown report to the summary where smokeflow does not (a runner that is not GitHub's)", func() {
		code, out := actionStep(workspace, "run", binEnv, "INPUT_FLOWS="+pass, "INPUT_BASE_URL="+site.URL, "GITHUB_ACTIONS=")
		Expect(code).To(Equal(0), out)
		Expect(out).NotTo(ContainSubstring("::"))
		Expect(runnerFile(workspace, "GITHUB_STEP_SUMMARY")).To(Equal(readFile(filepath.Join(workspace, "smokeflow-results", "report.md"))))
	})

	It("refuses a version that is no binary, naming the fix", func() {
		code, out := actionStep(workspace, "install", "INPUT_VERSION=./no/such/smokeflow")
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("version: ./no/such/smokeflow is not an executable file: build it first, or give a release such as latest or v0.2.0"))
	})
})

func readFile(path string) string {
	b, err := os.ReadFile(path)
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}
