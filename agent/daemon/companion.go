package daemon

import (
	"os"
	"path/filepath"

	"github.com/smokeflow/smokeflow/agent/wire"
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
// this program's build (wire.SameBuild).
func sameBuild(path string) bool { return wire.SameBuild(path, "cmd/"+Companion) }
