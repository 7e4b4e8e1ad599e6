//go:build unix

package bench

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time the process has used: on a
// machine shared with other work, the time a computation costs, which
// its wall time is not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
