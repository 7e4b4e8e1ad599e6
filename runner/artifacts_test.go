package runner_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// runIn runs flows with the artifacts in dir.
func runIn(dir string, vars map[string]string, list []*flows.Flow) (*results.Run, error) {
	return runner.Run(context.Background(), runner.Config{Use: shared, BaseURL: fixture.URL, Vars: vars, ArtifactsDir: dir}, list)
}

// refusal runs a flow with the artifacts in dir and returns why the run
// refused the folder.
func refusal(dir string) string {
	GinkgoHelper()
	run, err := runIn(dir, nil, load("check-storage.yaml"))
	var ae *runner.ArtifactsError
	Expect(errors.As(err, &ae)).To(BeTrue(), "the run should refuse %s, got %v", dir, err)
	Expect(run.Flows[0].Status).To(Equal(results.Skipped), "no flow runs")
	return ae.Why
}

var _ = Describe("the artifacts folder", func() {
	It("is emptied at the start of each run: a fixed flow's old failure screenshot is gone", func() {
		dir := filepath.Join(GinkgoT().TempDir(), "results")
		run, err := runIn(dir, nil, load("fixable.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Failed))
		shot := filepath.Join(dir, "a-flow-that-gets-fixed", "expect-role-button-name-vars-button.failure.png")
		Expect(shot).To(BeAnExistingFile())
		Expect(filepath.Join(dir, runner.ArtifactsMarker)).To(BeAnExistingFile(), "the folder is marked as smokeflow's")
		// last night's run of a flow since removed
		Expect(os.MkdirAll(filepath.Join(dir, "old-flow"), 0o755)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(dir, "old-flow", "open.failure.png"), []byte("x"), 0o644)).To(Succeed())

		run, err = runIn(dir, map[string]string{"button": "Sign in"}, load("fixable.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(run.Flows[0].Status).To(Equal(results.Passed), failureText(run.Flows[0]))
		Expect(shot).NotTo(BeAnExistingFile())
		Expect(filepath.Join(dir, "old-flow")).NotTo(BeAnExistingFile())
		Expect(filepath.Join(dir, runner.ArtifactsMarker)).To(BeAnExistingFile())
	})

	It("takes an empty folder, and marks it", func() {
		dir := GinkgoT().TempDir()
		_, err := runIn(dir, nil, load("check-storage.yaml"))
		Expect(err).NotTo(HaveOccurred())
		Expect(filepath.Join(dir, runner.ArtifactsMarker)).To(BeAnExistingFile())
	})

	It("refuses a non-empty folder without the marker, and leaves it as it was", func() {
		dir := GinkgoT().TempDir()
		mine := filepath.Join(dir, "thesis.tex")
		Expect(os.WriteFile(mine, []byte("years of work"), 0o644)).To(Succeed())
		Expect(refusal(dir)).To(ContainSubstring("is not empty and has no .smokeflow-artifacts file"))
		Expect(mine).To(BeAnExistingFile())
		Expect(filepath.Join(dir, runner.ArtifactsMarker)).NotTo(BeAnExistingFile())
	})

	It("refuses a marked folder that holds a YAML file, which may be a flow", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, runner.ArtifactsMarker), nil, 0o644)).To(Succeed())
		Expect(os.MkdirAll(filepath.Join(dir, "flows"), 0o755)).To(Succeed())
		flow := filepath.Join(dir, "flows", "login.yaml")
		Expect(os.WriteFile(flow, []byte("name: x\n"), 0o644)).To(Succeed())
		Expect(refusal(dir)).To(ContainSubstring("login.yaml, which may be a flow"))
		Expect(flow).To(BeAnExistingFile())
	})

	It("refuses the root, the home folder, the current folder and a folder that holds the flows, marker or not", func() {
		Expect(refusal("/")).To(ContainSubstring("is the root of the file system"))
		home := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(home, runner.ArtifactsMarker), nil, 0o644)).To(Succeed())
		GinkgoT().Setenv("HOME", home)
		Expect(refusal(home)).To(ContainSubstring("is your home folder"))
		Expect(refusal(filepath.Dir(home))).To(ContainSubstring("holds your home folder"))
		Expect(refusal(".")).To(ContainSubstring("is the current folder"))
		Expect(refusal("..")).To(ContainSubstring("holds the current folder"))
		Expect(refusal("../testdata/runner")).To(ContainSubstring("holds the flow file ../testdata/runner/check-storage.yaml"))
		Expect(refusal("../testdata/runner/check-storage.yaml")).To(ContainSubstring("is a file, not a folder"))
	})
})
