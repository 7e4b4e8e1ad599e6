package browser

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// profilePrefix names a launched browser's temporary profile folder.
const profilePrefix = "smokeflow-profile-"

// staleUnlocked is how old a profile folder with no SingletonLock must be
// before a launch removes it: Chromium writes the lock as it starts, so a
// younger one may be a browser starting now.
const staleUnlocked = time.Hour

// removeSingletonDir removes the folder that Chromium made in the
// temporary folder for its single-instance socket, which its profile's
// SingletonSocket links to. Chromium removes it when it shuts down, but
// not when it is killed (docs/running.md "How it is launched").
func removeSingletonDir(profile string) {
	target, err := os.Readlink(filepath.Join(profile, "SingletonSocket"))
	if err != nil {
		return
	}
	dir := filepath.Dir(target)
	base := filepath.Base(dir)
	if filepath.Dir(dir) != filepath.Clean(os.TempDir()) ||
		!strings.HasPrefix(base, "org.chromium.") && !strings.HasPrefix(base, "com.google.") {
		return // not the folder Chromium makes: leave it alone
	}
	_ = os.RemoveAll(dir)
}

// RemoveProfile removes a Chromium profile folder and the folder of its
// single-instance socket, which a killed Chromium leaves in the
// temporary folder: for a Chromium started some other way too, as by the
// specs that stand in for a browser someone else runs.
func RemoveProfile(profile string) error {
	removeSingletonDir(profile)
	return os.RemoveAll(profile)
}

// sweepProfiles removes the profiles that browsers of killed smokeflow
// processes left in the temporary folder (docs/running.md "How it is
// launched"): a profile whose SingletonLock names this host and a
// process that is gone, and whose socket no browser answers on; or,
// where locks are links, one with no lock older than staleUnlocked. A
// profile whose lock names another host, or a process still running, is
// left alone.
func sweepProfiles(now time.Time) {
	entries, err := os.ReadDir(os.TempDir())
	if err != nil {
		return
	}
	host, _ := os.Hostname()
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), profilePrefix) {
			continue
		}
		dir := filepath.Join(os.TempDir(), e.Name())
		if profileStale(dir, host, now) {
			_ = RemoveProfile(dir)
		}
	}
}

// profileStale says whether the profile at dir belongs to no browser.
func profileStale(dir, host string, now time.Time) bool {
	lock, err := os.Readlink(filepath.Join(dir, "SingletonLock"))
	if err != nil {
		fi, err := os.Stat(dir)
		return locksAreLinks && err == nil && now.Sub(fi.ModTime()) > staleUnlocked
	}
	// Chromium's lock links to "HOST-PID"
	i := strings.LastIndexByte(lock, '-')
	if i < 0 || lock[:i] != host {
		return false
	}
	pid, err := strconv.Atoi(lock[i+1:])
	return err == nil && pid > 0 && processGone(pid) && !socketAnswers(dir)
}

// socketAnswers says whether a browser listens on the profile's
// single-instance socket, as Chromium itself checks its lock: a process
// of another PID namespace that shares the temporary folder and the
// host name (containers on the host's network) has a pid this one cannot
// see.
func socketAnswers(profile string) bool {
	c, err := net.DialTimeout("unix", filepath.Join(profile, "SingletonSocket"), time.Second)
	if err != nil {
		return false
	}
	_ = c.Close()
	return true
}
