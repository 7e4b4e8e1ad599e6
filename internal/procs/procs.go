// Package procs reads the process table (Linux /proc): who runs, with
// which parent and command line. The browser's reaper and the tests that
// check no browser outlives a run read it through here.
package procs

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// Proc is one process.
type Proc struct {
	PID, PPID int
	Cmdline   string // arguments joined by spaces
}

// List returns every process whose entry could be read (a process may end
// while the table is read; it is left out).
func List() []Proc {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []Proc
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if p, ok := read(pid); ok {
			out = append(out, p)
		}
	}
	return out
}

// Children returns this process's children: the PIDs the kernel lists in
// /proc/self/task/*/children (a child belongs to the thread that forked
// it, an orphan re-parented here to one of them), each read as List reads
// it; where the kernel keeps no such list, the children found in List.
// It reads a few files where List reads two per process on the machine.
func Children() []Proc {
	self := os.Getpid()
	tasks, err := os.ReadDir("/proc/self/task")
	// the main thread's list is there as long as the process lives, on a
	// kernel built with CONFIG_PROC_CHILDREN
	if _, serr := os.Stat(filepath.Join("/proc/self/task", strconv.Itoa(self), "children")); err != nil || serr != nil {
		return childrenIn(List(), self)
	}
	var out []Proc
	for _, t := range tasks {
		b, _ := os.ReadFile(filepath.Join("/proc/self/task", t.Name(), "children")) // a thread may end meanwhile
		for _, f := range strings.Fields(string(b)) {
			pid, err := strconv.Atoi(f)
			if err != nil {
				continue
			}
			if p, ok := read(pid); ok && p.PPID == self {
				out = append(out, p)
			}
		}
	}
	return out
}

func childrenIn(all []Proc, parent int) []Proc {
	var out []Proc
	for _, p := range all {
		if p.PPID == parent {
			out = append(out, p)
		}
	}
	return out
}

// read reads one process's parent and command line.
func read(pid int) (Proc, bool) {
	dir := filepath.Join("/proc", strconv.Itoa(pid))
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return Proc{}, false
	}
	// pid (comm) state ppid ...: comm may hold spaces, so split after ')'.
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return Proc{}, false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return Proc{}, false
	}
	ppid, err := strconv.Atoi(f[1])
	if err != nil {
		return Proc{}, false
	}
	cmd, err := os.ReadFile(filepath.Join(dir, "cmdline"))
	if err != nil {
		cmd = nil // a zombie has none
	}
	return Proc{PID: pid, PPID: ppid, Cmdline: strings.TrimSpace(strings.ReplaceAll(string(cmd), "\x00", " "))}, true
}

// IsBrowser says whether a command line is Chromium's or Chrome's.
func IsBrowser(cmdline string) bool {
	return strings.Contains(strings.ToLower(cmdline), "chrom")
}

// Below returns the processes that descend from root and match keep.
func Below(root int, keep func(Proc) bool) []Proc {
	all := List()
	parent := make(map[int]int, len(all))
	for _, p := range all {
		parent[p.PID] = p.PPID
	}
	var out []Proc
	for _, p := range all {
		if !keep(p) {
			continue
		}
		for q := p.PPID; q > 1; q = parent[q] {
			if q == root {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// BrowsersBelowMe lists, as "PID CMDLINE", the Chromium processes that
// descend from this one: what a test expects to be empty after a run.
func BrowsersBelowMe() []string {
	var out []string
	for _, p := range Below(os.Getpid(), func(p Proc) bool { return IsBrowser(p.Cmdline) }) {
		out = append(out, strconv.Itoa(p.PID)+" "+p.Cmdline)
	}
	return out
}

// Orphan starts command through a shell that exits at once, so the
// command is re-parented (to this process when it is a child subreaper),
// and returns its PID: what the reaper's tests start.
func Orphan(command string) (int, error) {
	out, err := exec.Command("sh", "-c", command+" >/dev/null 2>&1 & echo $!").Output()
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(out)))
}
