package daemon

import (
	"debug/buildinfo"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
)

// Companion is the program that serves a session when it sits next to
// smokeflow: cmd/smokeflow-session, which links only what a session runs
// (docs/agent-session.md "The process").
const Companion = "smokeflow-session"

// serveCommand is the command that serves a session, before serveArgs:
// the companion next to this program when it is of this program's build,
// else this program's ServeCommand.
func serveCommand() ([]string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	companion := filepath.Join(filepath.Dir(self), Companion)
	if sameBuild(companion) {
		return []string{companion}, nil
	}
	return []string{self, ServeCommand}, nil
}

// sameBuild reports whether the Go program at path is the companion of
// this one's build: the companion's package of this program's module, the
// same module version, Go version and build settings (the commit, its
// time, whether the tree was modified, the flags). A companion left from
// another build might not speak this client's protocol: it is not used.
func sameBuild(path string) bool {
	mine, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	theirs, err := buildinfo.ReadFile(path)
	if err != nil {
		return false
	}
	return theirs.Path == mine.Main.Path+"/cmd/"+Companion && theirs.Main.Path == mine.Main.Path &&
		mine.Main.Version == theirs.Main.Version && mine.GoVersion == theirs.GoVersion &&
		slices.Equal(mine.Settings, theirs.Settings)
}
