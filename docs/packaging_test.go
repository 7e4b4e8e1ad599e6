package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"gopkg.in/yaml.v3"
)

// repoFile reads a file of the repository, from docs/.
func repoFile(path string) string {
	GinkgoHelper()
	b, err := os.ReadFile(filepath.Join("..", path))
	Expect(err).NotTo(HaveOccurred())
	return string(b)
}

// yamlDocs parses every document of a YAML file.
func yamlDocs(path string) []map[string]any {
	GinkgoHelper()
	dec := yaml.NewDecoder(strings.NewReader(repoFile(path)))
	var docs []map[string]any
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if err != nil && err.Error() == "EOF" {
			return docs
		}
		Expect(err).NotTo(HaveOccurred(), path)
		docs = append(docs, d)
	}
}

// The ways to run smokeflow of docs/running.md "Ways to run it": what can
// be checked without a Docker daemon, a GitHub runner or a cluster.
var _ = Describe("the packaging (docs/running.md \"Ways to run it\")", func() {
	const install = "scripts/install-chromium.sh"

	It("installs Chromium with one script, in the Dockerfile, in CI and in the Action", func() {
		docker := repoFile("Dockerfile")
		var runs []string
		for _, line := range strings.Split(docker, "\n") {
			if strings.HasPrefix(line, "RUN ") && strings.Contains(line, "apt-get") {
				Fail("the Dockerfile runs apt-get itself: " + line + "; call " + install)
			}
			if strings.HasPrefix(line, "RUN ") && strings.Contains(line, "install-chromium.sh") {
				runs = append(runs, line)
			}
		}
		Expect(runs).To(HaveLen(1), "one RUN of install-chromium.sh")
		Expect(docker).To(ContainSubstring("COPY " + install + " "))
		Expect(docker).To(MatchRegexp(`(?m)^FROM debian:\w+-slim$`))
		Expect(docker).To(MatchRegexp(`(?m)^USER smokeflow$`))
		Expect(docker).To(ContainSubstring("CGO_ENABLED=0 go build"))
		ci := repoFile(".ci/run")
		Expect(ci).To(ContainSubstring("bash " + install + "\n"))
		Expect(ci).NotTo(ContainSubstring("apt-get"))
		Expect(repoFile("scripts/action-run.sh")).To(ContainSubstring(`bash "$here/install-chromium.sh"`))
	})

	// a missing shellcheck fails the spec, as a missing xmllint fails the
	// JUnit schema's: `make test` installs both (its tools target)
	It("keeps the scripts valid bash, and clean for shellcheck", func() {
		scripts := []string{install, "scripts/action-run.sh", ".ci/run"}
		for _, s := range scripts {
			out, err := exec.Command("bash", "-n", filepath.Join("..", s)).CombinedOutput()
			Expect(err).NotTo(HaveOccurred(), "bash -n %s: %s", s, out)
		}
		_, err := exec.LookPath("shellcheck")
		Expect(err).NotTo(HaveOccurred(), "shellcheck is not installed: make tools (or apt-get install shellcheck)")
		for _, s := range scripts {
			out, err := exec.Command("shellcheck", filepath.Join("..", s)).CombinedOutput()
			Expect(err).NotTo(HaveOccurred(), "shellcheck %s:\n%s", s, out)
		}
	})

	It("has an Action whose steps are scripts/action-run.sh, with every input passed to it", func() {
		action := yamlDocs("action.yml")[0]
		inputs := action["inputs"].(map[string]any)
		for _, in := range []string{"flows", "base-url", "shard", "reports", "history", "version"} {
			Expect(inputs).To(HaveKey(in))
		}
		text := repoFile("action.yml")
		script := repoFile("scripts/action-run.sh")
		for in := range inputs {
			if in == "artifact-name" {
				continue // the upload step's
			}
			env := "INPUT_" + strings.ToUpper(strings.ReplaceAll(in, "-", "_"))
			Expect(text).To(ContainSubstring(env+": ${{ inputs."+in+" }}"), in)
			Expect(script).To(ContainSubstring(env), in)
		}
		Expect(text).To(ContainSubstring(`bash "$GITHUB_ACTION_PATH/scripts/action-run.sh" install`))
		Expect(text).To(ContainSubstring(`bash "$GITHUB_ACTION_PATH/scripts/action-run.sh" run`))
		Expect(text).To(MatchRegexp(`if: always\(\)\n\s+uses: actions/upload-artifact@v4`))
	})

	It("builds six release binaries with the version, commit and date, and pins goreleaser", func() {
		gr := yamlDocs(".goreleaser.yaml")[0]
		build := gr["builds"].([]any)[0].(map[string]any)
		Expect(build["goos"]).To(ConsistOf("linux", "darwin", "windows"))
		Expect(build["goarch"]).To(ConsistOf("amd64", "arm64"))
		Expect(build["env"]).To(ContainElement("CGO_ENABLED=0"))
		ld := build["ldflags"].([]any)[0].(string)
		for _, v := range []string{"main.version=", "main.commit=", "main.date="} {
			Expect(ld).To(ContainSubstring("-X " + v))
		}
		// the front runs smokeflow-cli only when it is of its build
		// (docs/agent-session.md "The front")
		builds := gr["builds"].([]any)
		Expect(builds).To(HaveLen(2))
		cli := builds[1].(map[string]any)
		Expect(cli).To(HaveKeyWithValue("binary", "smokeflow-cli"))
		for _, k := range []string{"env", "goos", "goarch", "flags", "ldflags"} {
			Expect(cli[k]).To(Equal(build[k]), k)
		}
		Expect(gr["archives"].([]any)[0]).To(HaveKeyWithValue("ids", ConsistOf("smokeflow", "smokeflow-cli")))
		Expect(gr["checksum"]).To(HaveKeyWithValue("name_template", "checksums.txt"))
		Expect(repoFile("Makefile")).To(MatchRegexp(`GORELEASER_VERSION := v\d+\.\d+\.\d+\n`))
		Expect(repoFile(".gitignore")).To(ContainSubstring("/dist/\n"))
	})

	It("builds every command for every release platform of .goreleaser.yaml", func() {
		build := yamlDocs(".goreleaser.yaml")[0]["builds"].([]any)[0].(map[string]any)
		cmds, err := os.ReadDir("../cmd")
		Expect(err).NotTo(HaveOccurred())
		var want []string
		for _, c := range cmds {
			if c.IsDir() && c.Name() != "internal" {
				want = append(want, c.Name())
			}
		}
		for _, goos := range build["goos"].([]any) {
			for _, goarch := range build["goarch"].([]any) {
				Expect(crossBuild(goos.(string), goarch.(string))).To(ConsistOf(want), "%s/%s", goos, goarch)
			}
		}
	})

	It("has CI examples that parse and shard as docs/running.md says", func() {
		gitlab := yamlDocs("examples/ci/gitlab-ci.yml")[0]
		smoke := gitlab["smoke"].(map[string]any)
		Expect(smoke["parallel"]).To(Equal(4))
		Expect(repoFile("examples/ci/gitlab-ci.yml")).To(ContainSubstring("--shard auto"))
		Expect(yamlDocs("examples/ci/k8s-cronjob.yaml")[0]).To(HaveKeyWithValue("kind", "CronJob"))
		job := yamlDocs("examples/ci/k8s-indexed-job.yaml")[0]
		spec := job["spec"].(map[string]any)
		Expect(spec).To(HaveKeyWithValue("completionMode", "Indexed"))
		total := regexp.MustCompile(`--shard-total, "(\d+)"`).FindStringSubmatch(repoFile("examples/ci/k8s-indexed-job.yaml"))
		Expect(total).NotTo(BeNil(), "--shard-total in the Job's args")
		n, err := strconv.Atoi(total[1])
		Expect(err).NotTo(HaveOccurred())
		Expect(spec["completions"]).To(Equal(n), "--shard-total is the Job's completions")
	})
})

// crossBuild compiles ./cmd/... for goos/goarch as the release does
// (static), and names its commands: the main packages. Every package is
// compiled, from the build cache when it has it; none is linked, which
// would cost seconds per command and platform on every run.
func crossBuild(goos, goarch string) []string {
	GinkgoHelper()
	env := append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	cmd := exec.Command("go", "build", "./cmd/...")
	cmd.Dir, cmd.Env = "..", env
	msg, err := cmd.CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), "GOOS=%s GOARCH=%s CGO_ENABLED=0 go build ./cmd/... fails: put what is OS-specific behind build tags, or drop the platform from .goreleaser.yaml (docs/running.md \"Release binaries\")\n%s", goos, goarch, msg)
	list := exec.Command("go", "list", "-f", `{{if eq .Name "main"}}{{.Dir}}{{end}}`, "./cmd/...")
	list.Dir, list.Env = "..", env
	out, err := list.Output()
	Expect(err).NotTo(HaveOccurred())
	var names []string
	for _, dir := range strings.Fields(string(out)) {
		names = append(names, filepath.Base(dir))
	}
	return names
}
