package daemon

import (
	"errors"
	"net"
	"os"
	"syscall"
)

// supported refuses agent sessions on Windows: a session's process
// relies on Unix sockets with the peer's uid, flock and setsid
// (docs/agent-session.md "Platforms").
func supported() error {
	return kinded(ErrBadConfig, errors.New("agent sessions are not supported on windows: use `smokeflow run FLOW.yaml`, or run smokeflow on Linux or macOS (or in its Docker image)"))
}

// The rest is never reached: supported refuses first.

const maxSocketPath = 107

func peerUID(*net.UnixConn) (int, error)     { return 0, supported() }
func ownerOf(os.FileInfo) (int, bool)        { return 0, false }
func tryLock(string) (*os.File, bool, error) { return nil, false, supported() }
func alive(int) bool                         { return false }
func detached() *syscall.SysProcAttr         { return nil }
func closeOnExec(int)                        {}
func notifyChildExit(chan<- os.Signal)       {}
