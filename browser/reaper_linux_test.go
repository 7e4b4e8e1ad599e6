//go:build linux

package browser

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/internal/procs"
)

// An orphan is re-parented to this process (a subreaper, as Launch makes
// it); ended, it is a zombie until ReapZombies waits for it.
func TestReapZombiesReapsAReparentedOrphan(t *testing.T) {
	EnableSubreaper()
	pid, err := procs.Orphan("sleep 33")
	if err != nil {
		t.Fatal(err)
	}
	// sh has exited: the orphan is this process's child now
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	stat := "/proc/" + strconv.Itoa(pid) + "/stat"
	state := func() string {
		b, err := os.ReadFile(stat)
		if err != nil {
			return "gone"
		}
		s := string(b)
		return strings.Fields(s[strings.LastIndexByte(s, ')')+1:])[0]
	}
	for deadline := time.Now().Add(10 * time.Second); state() != "Z"; {
		if time.Now().After(deadline) {
			t.Fatalf("the orphan %d is %s, want a zombie: was it re-parented here?", pid, state())
		}
		time.Sleep(time.Millisecond) // polling the process table, not synchronising on time
	}
	ReapZombies()
	if s := state(); s != "gone" {
		t.Fatalf("after ReapZombies the orphan %d is %s, want it reaped", pid, s)
	}
}
