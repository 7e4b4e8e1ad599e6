package procs

import (
	"os"
	"os/exec"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

func TestBelowFindsAChildAndNotOthers(t *testing.T) {
	cmd := exec.Command("sleep", "30")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}()
	isSleep := func(p Proc) bool { return p.Cmdline == "sleep 30" }
	found := Below(os.Getpid(), isSleep)
	if len(found) != 1 || found[0].PID != cmd.Process.Pid || found[0].PPID != os.Getpid() {
		t.Fatalf("Below(self) = %+v, want the sleep child %d", found, cmd.Process.Pid)
	}
	if other := Below(cmd.Process.Pid, isSleep); len(other) != 0 {
		t.Fatalf("Below(child) = %+v, want nothing: a process is not below itself", other)
	}
	if IsBrowser("sleep 30") || !IsBrowser("/usr/lib/chromium/chromium --type=zygote") {
		t.Fatal("IsBrowser misjudges a command line")
	}
}

// Children lists a direct child and an orphan re-parented to this process
// (a child subreaper), the same as the whole table says.
func TestChildrenListsAChildAndAReparentedOrphan(t *testing.T) {
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) }()
	child := exec.Command("sleep", "31")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = child.Process.Kill(); _ = child.Wait() }()
	orphan, err := Orphan("sleep 32")
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		_ = syscall.Kill(orphan, syscall.SIGKILL)
		var ws syscall.WaitStatus
		_, _ = syscall.Wait4(orphan, &ws, 0, nil)
	}()
	pids := func(ps []Proc) map[int]string {
		m := map[int]string{}
		for _, p := range ps {
			m[p.PID] = p.Cmdline
		}
		return m
	}
	got := pids(Children())
	if got[child.Process.Pid] != "sleep 31" || got[orphan] != "sleep 32" {
		t.Fatalf("Children() = %v, want the child %d and the orphan %d", got, child.Process.Pid, orphan)
	}
	if want := pids(childrenIn(List(), os.Getpid())); len(want) != len(got) {
		t.Fatalf("Children() = %v, the process table says %v", got, want)
	}
}
