//go:build linux

// Command treecpu runs a command and writes, on one line, the CPU time
// (user and system, in seconds) of the command and of every process it
// starts, and the command's wall time (in ms, from its start to its
// exit), for
// bench/suite/run.sh (docs/benchmarks.md "Issue 37: the suite as CI runs
// it"):
//
//	treecpu FILE CMD [ARG...]
//
// It makes itself a child subreaper, so that a process whose parent ended
// first (a browser's helper) is re-parented to it and reaped, and its
// time counted, whichever tool started it; /usr/bin/time counts only the
// processes its child waited for. It exits with the command's code.
package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: treecpu FILE CMD [ARG...]")
		os.Exit(2)
	}
	code, err := run(os.Args[1], os.Args[2:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "treecpu:", err)
		os.Exit(2)
	}
	os.Exit(code)
}

// lingerWait bounds how long, once the command has ended, the processes
// re-parented here get to end (a browser's helpers closing); one still
// running then is left out of the figure, and not waited for.
const lingerWait = 5 * time.Second

// run starts cmd, reaps it and every process re-parented here, then
// writes the children's CPU time to file.
func run(file string, cmd []string) (int, error) {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		return 0, fmt.Errorf("cannot become a child subreaper: %w", err)
	}
	c := exec.Command(cmd[0], cmd[1:]...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	start := time.Now()
	var wall time.Duration
	if err := c.Start(); err != nil {
		return 0, err
	}
	code, done := 0, false
	var deadline time.Time
	for {
		var ws syscall.WaitStatus
		opts := 0
		if done {
			opts = syscall.WNOHANG
		}
		pid, err := syscall.Wait4(-1, &ws, opts, nil)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil { // ECHILD: no child left
			break
		}
		if pid == 0 { // children left, none ended yet
			if time.Now().After(deadline) {
				break
			}
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if pid == c.Process.Pid {
			wall = time.Since(start)
			code, done, deadline = ws.ExitStatus(), true, time.Now().Add(lingerWait)
			if ws.Signaled() {
				code = 128 + int(ws.Signal())
			}
		}
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru); err != nil {
		return code, err
	}
	secs := func(t syscall.Timeval) float64 { return float64(t.Sec) + float64(t.Usec)/1e6 }
	line := fmt.Appendf(nil, "%.2f %.2f %d\n", secs(ru.Utime), secs(ru.Stime), wall.Milliseconds())
	return code, os.WriteFile(file, line, 0o644)
}
