// Package cpuload makes this machine busy for a test: threads that spin
// until stopped, so that Chromium's threads wait for a processor as they
// do on a loaded CI machine (docs/explore.md "Slowness on a busy machine").
package cpuload

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Start spins n threads beside everything else (n OS threads: it raises
// GOMAXPROCS for the while) and returns the function that stops them and
// puts GOMAXPROCS back.
func Start(n int) (stop func()) {
	prev := runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + n)
	var done atomic.Bool
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			x := 0
			for !done.Load() {
				for i := range 1 << 16 {
					x += i
				}
			}
			_ = x
		}()
	}
	return func() {
		done.Store(true)
		wg.Wait()
		runtime.GOMAXPROCS(prev)
	}
}
