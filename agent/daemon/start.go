package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/agent"
)

// connect returns a connection to the session's process, starting one
// when none serves the session (docs/agent-session.md "Starting"). A
// process that could not start its engine gives a Result instead.
func (c *Client) connect(ctx context.Context, cfg Config, p paths, cmd agent.Command) (*net.UnixConn, *agent.Result, error) {
	if conn, err := dial(p.socket); err == nil {
		return conn, nil, nil
	}
	if err := ensureDirs(cfg, p); err != nil {
		return nil, nil, err
	}
	sctx, cancel := context.WithTimeout(ctx, c.startTimeout())
	defer cancel()
	// one client starts the process; the others wait, then connect to it
	startLock, err := lock(sctx, p.start)
	if err != nil {
		return nil, nil, c.startFailed(ctx, p, "another command was starting it and did not finish", err)
	}
	defer unlockQuietly(startLock)
	if conn, err := dial(p.socket); err == nil {
		return conn, nil, nil
	}
	// a process that is ending holds the serve lock until it has ended
	serveLock, err := lock(sctx, p.serve)
	if err != nil {
		return nil, nil, c.startFailed(ctx, p, fmt.Sprintf("its process (pid %d) neither answers nor ends", readPID(p.pid)), err)
	}
	if err := unlock(serveLock); err != nil {
		return nil, nil, err
	}
	res, err := c.spawn(sctx, ctx, cfg, p, cmd)
	if err != nil || res != nil {
		return nil, res, err
	}
	conn, err := dial(p.socket)
	if err != nil {
		return nil, nil, c.startFailed(ctx, p, "it started, but its socket does not answer", err)
	}
	return conn, nil, nil
}

// unlockQuietly releases a lock whose release can only fail if the file
// is closed already.
func unlockQuietly(f *os.File) { _ = unlock(f) }

func (c *Client) startTimeout() time.Duration {
	if c.StartTimeout > 0 {
		return c.StartTimeout
	}
	return DefaultStartTimeout
}

// startFailed is the error of a start that did not happen: ctx's when the
// caller gave up, else ErrUnreachable with the log's last lines.
func (c *Client) startFailed(ctx context.Context, p paths, what string, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if errors.Is(err, context.DeadlineExceeded) {
		err = fmt.Errorf("waited %s", c.startTimeout())
	}
	return kinded(ErrUnreachable, fmt.Errorf("session %q could not start: %s (%w); its log %s%s", filepath.Base(p.dir), what, err, p.log, logTail(p.log)))
}

// spawn starts the session's process, detached in a session of its own,
// its output to the log, and waits until it says it serves (sctx bounds
// the wait, ctx is the caller's). A process that could not start its
// engine makes cmd's result.
func (c *Client) spawn(sctx, ctx context.Context, cfg Config, p paths, cmd agent.Command) (*agent.Result, error) {
	cfg, err := absolute(cfg)
	if err != nil {
		return nil, err
	}
	exe := c.Exe
	if len(exe) == 0 {
		if exe, err = serveCommand(); err != nil {
			return nil, kinded(ErrUnreachable, fmt.Errorf("finding this program to start the session: %w", err))
		}
	}
	// the log of the process before is kept, as log.1 (docs/agent-session.md "Files")
	if err := os.Rename(p.log, p.prevLog); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, kinded(ErrUnreachable, err)
	}
	logf, err := os.OpenFile(p.log, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, kinded(ErrUnreachable, err)
	}
	defer logf.Close()
	r, w, err := os.Pipe()
	if err != nil {
		return nil, kinded(ErrUnreachable, err)
	}
	defer r.Close()
	proc := exec.Command(exe[0], append(append([]string{}, exe[1:]...), serveArgs(cfg)...)...)
	proc.Stdout, proc.Stderr = logf, logf
	proc.ExtraFiles = []*os.File{w} // readyFD
	proc.Dir = "/"                  // paths are absolute; no folder is kept busy
	proc.Env = os.Environ()
	for name, v := range cfg.Secrets {
		proc.Env = append(proc.Env, name+"="+v)
	}
	proc.SysProcAttr = detached()
	err = proc.Start()
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, c.startFailed(ctx, p, "its process did not start", err)
	}
	go func() { _ = proc.Wait() }() // reaps it, should it end while this process lives
	rd, err := readReady(sctx, r)
	if err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			_ = proc.Process.Kill() // it hangs; the next command starts another
		}
		return nil, c.startFailed(ctx, p, "its process did not say it serves", err)
	}
	if !rd.OK {
		res := Failure(cmd, rd.Code, fmt.Sprintf("session %q could not start: %s", cfg.Name, rd.Error))
		return &res, nil
	}
	return nil, nil
}

// readReady reads what a started process says on its ready descriptor,
// until ctx ends.
func readReady(ctx context.Context, r *os.File) (ready, error) {
	var rd ready
	if dl, ok := ctx.Deadline(); ok {
		if err := r.SetReadDeadline(dl); err != nil {
			return rd, err
		}
	}
	stop := context.AfterFunc(ctx, func() { _ = r.SetReadDeadline(time.Now()) }) // the read ends
	defer stop()
	line, err := bufio.NewReader(r).ReadBytes('\n')
	if errors.Is(err, io.EOF) {
		return rd, errors.New("it exited as it started")
	}
	if err != nil {
		return rd, err
	}
	return rd, json.Unmarshal(line, &rd)
}

// absolute makes the paths of cfg absolute: the process runs in /.
func absolute(cfg Config) (Config, error) {
	var err error
	for _, f := range []*string{&cfg.State, &cfg.Policy, &cfg.ArtifactsDir} {
		if *f != "" && err == nil {
			*f, err = filepath.Abs(*f)
		}
	}
	if strings.ContainsRune(cfg.Browser, filepath.Separator) && err == nil {
		cfg.Browser, err = filepath.Abs(cfg.Browser)
	}
	return cfg, err
}

// logTail is the last lines of the log, indented, to print after its
// name; "" when it is empty.
func logTail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil || len(b) == 0 {
		return ""
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > 10 {
		lines = lines[len(lines)-10:]
	}
	return " ends:\n  " + strings.Join(lines, "\n  ")
}
