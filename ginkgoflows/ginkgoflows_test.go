package ginkgoflows_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/internal/procs"

	. "github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
)

// child runs this test binary with the fixture folder name registered
// through the helper, and returns its ginkgo report, its output and its
// exit error. Its temporary folder (TMPDIR, where browsers get their
// profiles) is tmpDir.
func child(ctx context.Context, name, tmpDir string, args ...string) (types.Report, string, error) {
	GinkgoHelper()
	tmp := GinkgoT().TempDir()
	report := filepath.Join(tmp, "report.json")
	args = append([]string{"-test.run=^TestGinkgoflows$", "-ginkgo.json-report=" + report, "-ginkgo.no-color"}, args...)
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), fixtureEnv+"="+name, artifactsEnv+"="+filepath.Join(tmp, "artifacts"), "TMPDIR="+tmpDir)
	out, runErr := cmd.CombinedOutput()
	data, err := os.ReadFile(report)
	Expect(err).NotTo(HaveOccurred(), "the child wrote no report:\n%s", out)
	var reps []types.Report
	Expect(json.Unmarshal(data, &reps)).To(Succeed())
	Expect(reps).To(HaveLen(1))
	return reps[0], string(out), runErr
}

// its is the report's Its by their path below the fixture's container:
// "Passes", "sub/Nested".
func its(r types.Report) map[string]types.SpecReport {
	out := map[string]types.SpecReport{}
	for _, s := range r.SpecReports {
		if s.LeafNodeType == types.NodeTypeIt && len(s.ContainerHierarchyTexts) > 0 {
			out[strings.Join(append(s.ContainerHierarchyTexts[1:], s.LeafNodeText), "/")] = s
		}
	}
	return out
}

var _ = Describe("Describe", func() {
	if os.Getenv(fixtureEnv) != "" {
		return // the child runs the fixture flows, not these tests
	}

	It("passes, skips and fails specs as their flows went, and leaves no browser behind", func(ctx SpecContext) {
		// Chromium's helpers that outlive the child come to this process.
		browser.EnableSubreaper()
		tmpDir := GinkgoT().TempDir()
		r, out, err := child(ctx, "flows", tmpDir)
		var exit *exec.ExitError
		Expect(errors.As(err, &exit)).To(BeTrue(), "the fixture suite has failing flows, so it must fail: %v\n%s", err, out)
		browser.ReapZombies()
		Expect(procs.BrowsersBelowMe()).To(BeEmpty(), "no Chromium process may outlive the child")
		// The helper launched a browser and closed it: Close removes the
		// profile, which is left behind by a browser never closed.
		Expect(filepath.Glob(filepath.Join(tmpDir, "smokeflow-profile-*"))).To(BeEmpty(), "the browser was not closed")

		specs := its(r)
		Expect(specs).To(HaveLen(8), out)
		root := "../testdata/ginkgoflows/flows"

		passes := specs["Passes"]
		Expect(passes.State).To(Equal(types.SpecStatePassed), out)
		Expect(passes.LeafNodeLabels).To(Equal([]string{"smoke", "team-web"}))
		Expect(passes.ContainerHierarchyTexts).To(Equal([]string{root}))
		Expect(passes.IsInOrderedContainer).To(BeTrue())
		Expect(passes.LeafNodeLocation.FileName).To(Equal(abs(root + "/passes.yaml")))
		Expect(passes.LeafNodeLocation.LineNumber).To(Equal(3))

		fails := specs["Fails on purpose"]
		Expect(fails.State).To(Equal(types.SpecStateFailed))
		Expect(fails.LeafNodeLabels).To(Equal([]string{"failing"}))
		msg := fails.Failure.Message
		Expect(msg).To(HavePrefix(`step 2 (` + root + `/fails.yaml:9) click "Log in": `))
		Expect(msg).To(ContainSubstring("\n>  9 |     click: Log in\n"))
		Expect(msg).To(ContainSubstring(`button "Sign in"`))
		shot := regexpGroup(msg, `(?m)^  (\S+/wrong-name-on-purpose\.failure\.png)$`)
		Expect(shot).To(BeAnExistingFile())
		Expect(fails.CapturedGinkgoWriterOutput).To(ContainSubstring(`failed  2 click "Log in" — "Wrong name on purpose"`))

		Expect(specs["Skipped"].State).To(Equal(types.SpecStateSkipped))
		Expect(specs["Skipped"].Failure.Message).To(Equal("the fixture says so"))

		Expect(specs["Broken"].State).To(Equal(types.SpecStateFailed))
		Expect(specs["Broken"].Failure.Message).To(ContainSubstring(`broken.yaml:4:5: unknown step "clik"`))

		secret := specs["Needs a secret"]
		Expect(secret.State).To(Equal(types.SpecStateFailed))
		Expect(secret.Failure.Message).To(ContainSubstring("GINKGOFLOWS_TEST_UNSET_SECRET"))
		Expect(secret.Failure.Message).To(HaveSuffix("\nset the variable in the environment, or give the ginkgoflows.Env option"))

		twin := specs["sub/Passes"]
		Expect(twin.State).To(Equal(types.SpecStateFailed))
		Expect(twin.Failure.Message).To(ContainSubstring(`flow name "Passes" is already used by ` + root + "/passes.yaml"))

		rows := specs["Rows"]
		Expect(rows.State).To(Equal(types.SpecStateFailed), "a failing data row fails its flow's spec (docs/flows.md \"Data rows\")")
		Expect(rows.Failure.Message).To(HavePrefix("Rows [Log in]:\nstep 2 ("))
		Expect(rows.Failure.Message).NotTo(ContainSubstring("Rows [Sign in]"))

		nested := specs["sub/Nested"]
		Expect(nested.State).To(Equal(types.SpecStatePassed), nested.Failure.Message)
		Expect(nested.ContainerHierarchyTexts).To(Equal([]string{root, "sub"}))
	}, NodeTimeout(3*time.Minute))

	It("fails one spec when the folder has no flow file", func(ctx SpecContext) {
		r, out, err := child(ctx, "missing", GinkgoT().TempDir())
		var exit *exec.ExitError
		Expect(errors.As(err, &exit)).To(BeTrue(), out)
		specs := its(r)
		Expect(specs).To(HaveLen(1), out)
		Expect(specs["finds flow files"].State).To(Equal(types.SpecStateFailed))
		Expect(specs["finds flow files"].Failure.Message).To(Equal("ginkgoflows: no flows to run in ../testdata/ginkgoflows/missing:\n" +
			"../testdata/ginkgoflows/missing: no such file or directory"))
	}, NodeTimeout(time.Minute))

	It("focuses the flows with only: true, as FIt does", func(ctx SpecContext) {
		r, out, err := child(ctx, "only", GinkgoT().TempDir(), "-ginkgo.dry-run")
		specs := its(r)
		Expect(specs).To(HaveLen(2), out)
		Expect(specs["Focused"].State).To(Equal(types.SpecStatePassed))
		Expect(specs["Other"].State).To(Equal(types.SpecStateSkipped))
		var exit *exec.ExitError
		Expect(errors.As(err, &exit)).To(BeTrue(), "ginkgo fails a suite with programmatic focus: %s", out)
	}, NodeTimeout(time.Minute))
})

func abs(p string) string {
	a, err := filepath.Abs(p)
	Expect(err).NotTo(HaveOccurred())
	return a
}

// regexpGroup is the first group of re's first match in s, or "".
func regexpGroup(s, re string) string {
	m := regexp.MustCompile(re).FindStringSubmatch(s)
	if m == nil {
		return ""
	}
	return m[1]
}
