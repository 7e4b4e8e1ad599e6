package browser

import (
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A browser killed, not shut down, leaves the folder of its
// single-instance socket in the temporary folder; Close removes it with
// the profile, and a launch removes the profile a killed run left
// (docs/running.md "How it is launched").
func TestAKilledBrowserLeavesNothingInTheTemporaryFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	tmp := shortTMPDIR(t)
	host, _ := os.Hostname()
	left := fakeProfile(t, tmp, profilePrefix+"left", goneLock(t))
	b, err := Launch(context.Background(), Options{})
	if err != nil {
		t.Fatalf("these tests drive a real Chromium: %v", err)
	}
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("the launch left a killed run's profile in place (%v)", err)
	}
	target, err := os.Readlink(filepath.Join(b.Profile(), "SingletonSocket"))
	if err != nil {
		_ = b.Close()
		t.Fatalf("the profile has no SingletonSocket link: %v", err)
	}
	dir := filepath.Dir(target)
	if profileStale(b.Profile(), host, time.Now()) {
		t.Fatal("a running browser's profile is taken for stale")
	}
	if err := b.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	<-b.exited
	if !profileStale(b.Profile(), host, time.Now()) {
		t.Fatal("a killed browser's profile, its SingletonLock naming a process gone, is not taken for stale")
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatalf("the killed browser's socket folder %s should still be there before Close: %v", dir, err)
	}
	_ = b.Close()
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("after Close the killed browser's socket folder %s is still there (%v)", dir, err)
	}
	if _, err := os.Stat(b.Profile()); !os.IsNotExist(err) {
		t.Fatalf("after Close the profile %s is still there (%v)", b.Profile(), err)
	}
}

// A launch sweeps the profiles that killed runs left: the one whose lock
// names a process gone on this host, and one with no lock an hour old;
// not a running browser's, another host's, a young one with no lock, nor
// a folder that is no profile.
func TestSweepProfilesRemovesOnlyWhatNoBrowserHolds(t *testing.T) {
	tmp := shortTMPDIR(t)
	host, _ := os.Hostname()
	gone := goneLock(t)
	profile := func(name, lock string) string { return fakeProfile(t, tmp, name, lock) }
	dead := profile(profilePrefix+"dead", gone)
	socket := filepath.Join(tmp, "org.chromium.Chromium.abc123")
	if err := os.Mkdir(socket, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(socket, "SingletonSocket"), filepath.Join(dead, "SingletonSocket")); err != nil {
		t.Fatal(err)
	}
	alive := profile(profilePrefix+"alive", host+"-"+strconv.Itoa(os.Getpid()))
	// a browser of another PID namespace: its pid is gone from here, but
	// it answers on its socket
	elsewhere := profile(profilePrefix+"ns", gone)
	l, err := net.Listen("unix", filepath.Join(elsewhere, "SingletonSocket"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	other := profile(profilePrefix+"other", "elsewhere-"+strings.TrimPrefix(gone, host+"-"))
	young := profile(profilePrefix+"young", "")
	old := profile(profilePrefix+"old", "")
	hour := time.Now().Add(-staleUnlocked - time.Minute)
	if err := os.Chtimes(old, hour, hour); err != nil {
		t.Fatal(err)
	}
	notProfile := profile("someone-else", "")
	if err := os.Chtimes(notProfile, hour, hour); err != nil {
		t.Fatal(err)
	}

	sweepProfiles(time.Now())

	for _, d := range []string{dead, socket, old} {
		if _, err := os.Stat(d); !os.IsNotExist(err) {
			t.Errorf("%s should be swept (%v)", filepath.Base(d), err)
		}
	}
	for _, d := range []string{alive, elsewhere, other, young, notProfile} {
		if _, err := os.Stat(d); err != nil {
			t.Errorf("%s should be left alone: %v", filepath.Base(d), err)
		}
	}
}

// A temporary folder too deep for Chromium's socket stops it at start:
// the error says so, and to set TMPDIR, not to install Chromium.
func TestATemporaryFolderTooDeepForTheSocketNamesTMPDIR(t *testing.T) {
	if testing.Short() {
		t.Skip("drives Chromium")
	}
	deep := filepath.Join(t.TempDir(), strings.Repeat("d", 60), strings.Repeat("e", 40))
	if err := os.MkdirAll(deep, 0o700); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", deep)
	b, err := Launch(context.Background(), Options{})
	if err == nil {
		_ = b.Close()
		t.Fatal("Chromium started with its socket path over 108 bytes")
	}
	var be *BrowserError
	if !errors.As(err, &be) || be.Fix != "set TMPDIR to a shorter folder, such as /tmp" || !strings.Contains(be.Msg, deep) {
		t.Fatalf("got %v, want the socket path named and TMPDIR as the fix", err)
	}
}

// shortTMPDIR makes a short temporary folder this test's TMPDIR (a
// socket's path under it must fit in 108 bytes) and returns it.
func shortTMPDIR(t *testing.T) string {
	t.Helper()
	tmp, err := os.MkdirTemp("", "sf")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(tmp) })
	t.Setenv("TMPDIR", tmp)
	return tmp
}

// goneLock is a SingletonLock's text naming this host and a process that
// has ended.
func goneLock(t *testing.T) string {
	t.Helper()
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	return host + "-" + strconv.Itoa(gone.Process.Pid)
}

// fakeProfile makes the folder name in tmp, with a SingletonLock link to
// lock unless it is "".
func fakeProfile(t *testing.T, tmp, name, lock string) string {
	t.Helper()
	dir := filepath.Join(tmp, name)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if lock != "" {
		if err := os.Symlink(lock, filepath.Join(dir, "SingletonLock")); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}
