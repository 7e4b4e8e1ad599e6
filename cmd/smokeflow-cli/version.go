package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/mod/module"
)

// commit and date are set by the release build with -ldflags
// "-X main.commit=... -X main.date=...", as version is
// (.goreleaser.yaml; docs/running.md "Which build is this?").
var commit, date string

// build is what `smokeflow version` prints; init settles version from it,
// so the reports' tool field names the same version.
var build buildInfo

func init() {
	bi, _ := debug.ReadBuildInfo()
	build = resolveBuild(version, commit, date, bi)
	version = build.Version
}

// buildInfo is which build this is (docs/running.md "Which build is
// this?").
type buildInfo struct {
	Version  string `json:"version"`
	Commit   string `json:"commit,omitempty"`
	Modified bool   `json:"modified,omitempty"` // built from a checkout with uncommitted changes
	Date     string `json:"date,omitempty"`     // RFC 3339, UTC
	DateOf   string `json:"date_of,omitempty"`  // "build" (the release build's date) or "commit"
	Go       string `json:"go"`
	OS       string `json:"os"`
	Arch     string `json:"arch"`
}

// resolveBuild takes the -ldflags values when the release build set them,
// else what the Go toolchain recorded (docs/running.md "Which build is
// this?"): `go build` in a git checkout records vcs.revision, vcs.time and
// vcs.modified; `go install …@VERSION` records the module's version, whose
// pseudo-version carries the commit and its time.
func resolveBuild(ldVersion, ldCommit, ldDate string, bi *debug.BuildInfo) buildInfo {
	if ldCommit == "none" {
		ldCommit = "" // goreleaser's, when it could not read the git state (a snapshot in a clone with no remote)
	}
	b := buildInfo{Version: ldVersion, Commit: ldCommit, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH}
	if ldDate != "" {
		b.Date, b.DateOf = ldDate, "build"
	}
	if bi == nil {
		return b
	}
	if ldVersion == devVersion && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		b.Version = strings.TrimPrefix(bi.Main.Version, "v")
	}
	if b.Commit != "" {
		return b
	}
	vcs := map[string]string{}
	for _, s := range bi.Settings {
		vcs[s.Key] = s.Value
	}
	if rev := vcs["vcs.revision"]; rev != "" {
		b.Commit, b.Modified = rev, vcs["vcs.modified"] == "true"
		if b.Date == "" && vcs["vcs.time"] != "" {
			b.Date, b.DateOf = vcs["vcs.time"], "commit"
		}
		return b
	}
	if v := bi.Main.Version; module.IsPseudoVersion(v) {
		b.Commit, _ = module.PseudoVersionRev(v)
		if t, err := module.PseudoVersionTime(v); err == nil && b.Date == "" {
			b.Date, b.DateOf = t.UTC().Format(time.RFC3339), "commit"
		}
	}
	return b
}

// text is the build as `smokeflow version` prints it.
func (b buildInfo) text() string {
	var s strings.Builder
	fmt.Fprintf(&s, "smokeflow %s\n", b.Version)
	switch {
	case b.Commit == "":
		s.WriteString("commit: unknown (no commit in -ldflags, and no version control information: build in a git checkout, without -buildvcs=false)\n")
	case b.Modified:
		fmt.Fprintf(&s, "commit: %s, with uncommitted changes\n", b.Commit)
	default:
		fmt.Fprintf(&s, "commit: %s\n", b.Commit)
	}
	switch b.DateOf {
	case "build":
		fmt.Fprintf(&s, "built:  %s\n", b.Date)
	case "commit":
		fmt.Fprintf(&s, "commit date: %s\n", b.Date)
	}
	fmt.Fprintf(&s, "go:     %s %s/%s\n", b.Go, b.OS, b.Arch)
	return s.String()
}

// newVersionCmd is `smokeflow version`; `smokeflow --version` and `-v`
// print the first line (docs/cli.md "Commands").
func newVersionCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:   "version",
		Short: "print smokeflow's version, commit and build date",
		Args:  noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return printBuild(c.OutOrStdout(), build, asJSON)
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print one JSON object: version, commit, modified, date, date_of, go, os, arch")
	return c
}

func printBuild(w io.Writer, b buildInfo, asJSON bool) error {
	if !asJSON {
		_, err := io.WriteString(w, b.text())
		return err
	}
	out, err := json.Marshal(b)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", out)
	return err
}
