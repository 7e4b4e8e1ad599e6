package procs

import (
	"os"
	"os/exec"
	"testing"
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
