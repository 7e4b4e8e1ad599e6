package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// builtSmokeflow builds cmd/smokeflow-cli, as smokeflow, with these go build flags into the
// spec's temporary folder (the build cache makes the second one quick).
func builtSmokeflow(flags ...string) string {
	bin := filepath.Join(GinkgoT().TempDir(), "smokeflow")
	cmd := exec.Command("go", append(append([]string{"build"}, flags...), "-o", bin, ".")...)
	cmd.Env = append(cmd.Environ(), "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	Expect(err).NotTo(HaveOccurred(), "go build %v: %s", flags, out)
	return bin
}

// buildOf runs `BIN version --json`.
func buildOf(bin string) buildInfo {
	out, err := exec.Command(bin, "version", "--json").Output()
	Expect(err).NotTo(HaveOccurred())
	var b buildInfo
	Expect(json.Unmarshal(out, &b)).To(Succeed(), string(out))
	return b
}

var _ = Describe("which build this is (smokeflow version)", func() {
	setting := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}

	It("takes the release build's -ldflags over what the toolchain recorded", func() {
		bi := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: setting("vcs.revision", "aaaa", "vcs.time", "2026-01-01T00:00:00Z")}
		b := resolveBuild("1.2.3", "bbbb", "2026-12-03T10:00:00Z", bi)
		Expect(b).To(Equal(buildInfo{Version: "1.2.3", Commit: "bbbb", Date: "2026-12-03T10:00:00Z", DateOf: "build",
			Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}))
	})

	It("falls back to vcs.revision, vcs.time and vcs.modified for go build in a checkout", func() {
		bi := &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: setting("vcs", "git", "vcs.revision", "0123456789abcdef", "vcs.time", "2026-11-30T08:15:00Z", "vcs.modified", "true")}
		b := resolveBuild(devVersion, "", "", bi)
		Expect(b.Version).To(Equal(devVersion))
		Expect(b.Commit).To(Equal("0123456789abcdef"))
		Expect(b.Modified).To(BeTrue())
		Expect(b.Date).To(Equal("2026-11-30T08:15:00Z"))
		Expect(b.DateOf).To(Equal("commit"))
		Expect(b.text()).To(ContainSubstring("commit: 0123456789abcdef, with uncommitted changes\ncommit date: 2026-11-30T08:15:00Z\n"))
		// goreleaser stamps "none" where it could not read git: the toolchain's commit is better
		Expect(resolveBuild("0.0.1-snapshot", "none", "2026-12-03T23:40:00Z", bi).Commit).To(Equal("0123456789abcdef"))
	})

	It("takes the module's version for go install …@VERSION, and a pseudo-version's commit and time", func() {
		b := resolveBuild(devVersion, "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.1"}})
		Expect(b.Version).To(Equal("0.4.1"))
		Expect(b.Commit).To(BeEmpty())
		Expect(b.text()).To(ContainSubstring("commit: unknown (no commit in -ldflags, and no version control information"))
		b = resolveBuild(devVersion, "", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201093000-7132274abcde"}})
		Expect(b.Version).To(Equal("0.0.0-20261201093000-7132274abcde"))
		Expect(b.Commit).To(Equal("7132274abcde"))
		Expect(b.Date).To(Equal("2026-12-01T09:30:00Z"))
		Expect(b.DateOf).To(Equal("commit"))
	})

	It("prints the -ldflags of a release build, as text and with --json", func() {
		bin := builtSmokeflow("-ldflags", "-X main.version=9.8.7 -X main.commit=feedface -X main.date=2026-12-03T22:00:00Z")
		Expect(buildOf(bin)).To(Equal(buildInfo{Version: "9.8.7", Commit: "feedface", Date: "2026-12-03T22:00:00Z", DateOf: "build",
			Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}))
		out, err := exec.Command(bin, "version").Output()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(HavePrefix("smokeflow 9.8.7\ncommit: feedface\nbuilt:  2026-12-03T22:00:00Z\ngo:     go"))
		out, err = exec.Command(bin, "--version").Output()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).To(Equal("smokeflow 9.8.7\n"))
	})

	It("prints the commit go build recorded from the git checkout", func() {
		head, err := exec.Command("git", "rev-parse", "HEAD").Output()
		if err != nil {
			Skip("not in a git checkout: " + err.Error())
		}
		if fi, err := os.Stat("../../.git"); err != nil || !fi.IsDir() {
			Skip("go build records no version control information in a git worktree, whose .git is a file")
		}
		b := buildOf(builtSmokeflow("-buildvcs=true"))
		commit := strings.TrimSpace(string(head))
		// Go 1.24 and later make the main module's version a pseudo-version of the commit
		Expect(b.Version).To(Or(Equal(devVersion), ContainSubstring(commit[:12])))
		Expect(b.Commit).To(Equal(commit))
		Expect(b.DateOf).To(Equal("commit"))
	})
})
