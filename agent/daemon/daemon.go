// Package daemon is the background process of an agent session and its
// client (docs/agent-session.md). The first command to a session starts a
// process that keeps the session's agent.Engine (its browser, its page,
// its ref map) alive between commands; each command is a short-lived
// client that sends one agent.Command over the session's Unix socket and
// gets one agent.Result back. Commands to one session run one at a time,
// in the order they arrive; sessions are independent processes.
package daemon

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/wire"
)

// DefaultIdleTimeout ends a session no command has used for this long
// (docs/agent-session.md "Idle timeout").
const DefaultIdleTimeout = 30 * time.Minute

// DefaultSession is the session's name when none is given.
const DefaultSession = wire.DefaultSession

// The environment variables the package reads (docs/agent-session.md
// "Environment").
const (
	EnvSession     = wire.EnvSession     // the session's name
	EnvIdleTimeout = wire.EnvIdleTimeout // the idle timeout, as a Go duration
	EnvRuntimeDir  = wire.EnvRuntimeDir  // the folder of the sessions
)

// ErrUnreachable is a session's process that could not be started or
// reached, or that ended before it answered (docs/agent-session.md "Exit
// codes").
var ErrUnreachable = wire.ErrUnreachable

// ErrBadConfig is a session's name, folder or idle timeout that cannot be
// used.
var ErrBadConfig = wire.ErrBadConfig

// kinded makes err an error of the kind.
func kinded(kind, err error) error { return wire.Kinded(kind, err) }

// Config names a session and says how its engine starts.
type Config struct {
	// Options start the session's engine; Name is the session's name:
	// "" is $SMOKEFLOW_SESSION, else "default".
	agent.Options
	// Dir holds the sessions' folders; "" is DefaultDir().
	Dir string
	// IdleTimeout ends the session after this long without a command; 0
	// is $SMOKEFLOW_IDLE_TIMEOUT, else DefaultIdleTimeout.
	IdleTimeout time.Duration
}

// CheckName says whether name can name a session.
func CheckName(name string) error { return wire.CheckName(name) }

// resolve fills the defaults of c from the environment and checks them.
func (c Config) resolve() (Config, error) {
	if err := supported(); err != nil {
		return c, err
	}
	c.Name = wire.Name(c.Name)
	if err := CheckName(c.Name); err != nil {
		return c, err
	}
	if c.IdleTimeout == 0 {
		d, err := idleFromEnv()
		if err != nil {
			return c, err
		}
		c.IdleTimeout = d
	}
	if c.IdleTimeout < 0 {
		return c, kinded(ErrBadConfig, fmt.Errorf("idle timeout %s: want a positive duration", c.IdleTimeout))
	}
	if c.Dir == "" {
		d, err := DefaultDir()
		if err != nil {
			return c, err
		}
		c.Dir = d
	}
	return c, nil
}

// idleFromEnv is $SMOKEFLOW_IDLE_TIMEOUT, else DefaultIdleTimeout.
func idleFromEnv() (time.Duration, error) {
	s := os.Getenv(EnvIdleTimeout)
	if s == "" {
		return DefaultIdleTimeout, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, kinded(ErrBadConfig, fmt.Errorf("$%s=%q: want a positive duration such as 10m", EnvIdleTimeout, s))
	}
	return d, nil
}

// DefaultDir is the folder of this user's sessions (wire.DefaultDir).
func DefaultDir() (string, error) { return wire.DefaultDir() }

// paths are the files of one session, in its folder DIR/NAME.
type paths struct {
	dir    string // DIR/NAME
	socket string // the Unix socket
	pid    string // the serving process's id, while it serves
	serve  string // locked by the serving process for its life
	start  string // locked by a client while it starts the process
	log    string // the serving process's stdout and stderr
	// prevLog is the log of the process before, kept when the next one
	// starts (docs/agent-session.md "Files")
	prevLog string
}

func pathsOf(c Config) paths {
	d := wire.Folder(c.Dir, c.Name)
	return paths{
		dir:     d,
		socket:  wire.Socket(d),
		pid:     filepath.Join(d, "pid"),
		serve:   filepath.Join(d, "serve.lock"),
		start:   filepath.Join(d, "start.lock"),
		log:     wire.Log(d),
		prevLog: filepath.Join(d, "log.1"),
	}
}

// ensureDirs makes the sessions' folder and the session's, mode 0700,
// and checks that they are this user's (docs/agent-session.md "Files").
func ensureDirs(c Config, p paths) error {
	for _, d := range []string{c.Dir, p.dir} {
		if err := ensureDir(d); err != nil {
			return err
		}
	}
	if len(p.socket) > maxSocketPath {
		return kinded(ErrBadConfig, fmt.Errorf("the socket path %s is longer than %d bytes; use a shorter folder ($%s)", p.socket, maxSocketPath, EnvRuntimeDir))
	}
	return nil
}

// ensureDir makes dir with mode 0700, or checks an existing one: a folder,
// not a link, owned by this user; its mode is set back to 0700.
func ensureDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return kinded(ErrBadConfig, err)
	}
	st, err := os.Lstat(dir)
	if err != nil {
		return kinded(ErrBadConfig, err)
	}
	if !st.IsDir() {
		return kinded(ErrBadConfig, fmt.Errorf("%s is not a folder", dir))
	}
	if uid, ok := ownerOf(st); ok && uid != os.Getuid() {
		return kinded(ErrBadConfig, fmt.Errorf("%s belongs to uid %d, not to this user (uid %d); choose another folder ($%s)", dir, uid, os.Getuid(), EnvRuntimeDir))
	}
	if st.Mode().Perm() != 0o700 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return kinded(ErrBadConfig, err)
		}
	}
	return nil
}
