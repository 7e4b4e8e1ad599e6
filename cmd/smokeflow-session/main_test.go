package main_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// build builds pkgs into dir in one go build, stamped as make build
// stamps them (with the toolchain's own cgo setting, to share the tests'
// build cache).
func build(t *testing.T, dir, stamp string, pkgs ...string) {
	t.Helper()
	args := append([]string{"build", "-ldflags", "-X main.buildStamp=" + stamp, "-o", dir + "/"}, pkgs...)
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
}

// replace puts a copy of the program at from in place of dir's
// smokeflow-session, written aside and renamed over: a session's process
// may still be running the file.
func replace(t *testing.T, dir, from string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	aside := filepath.Join(t.TempDir(), "smokeflow-session")
	if err := os.WriteFile(aside, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(aside, filepath.Join(dir, "smokeflow-session")); err != nil {
		t.Fatal(err)
	}
}

// server is the page the sessions open.
func server(t *testing.T) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte("<!doctype html><title>Companion</title><button>Go</button>"))
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// servedBy opens a session with dir's smokeflow and returns the program
// its serving process runs; the session is closed when the test ends.
func servedBy(t *testing.T, dir, url string) string {
	t.Helper()
	rt := t.TempDir()
	run := func(args ...string) string {
		cmd := exec.Command(filepath.Join(dir, "smokeflow"), args...)
		cmd.Env = append(os.Environ(), "SMOKEFLOW_RUNTIME_DIR="+rt)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("smokeflow %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run("open", url, "--session", "c")
	t.Cleanup(func() { run("close", "--session", "c") })
	pid, err := os.ReadFile(filepath.Join(rt, "c", "pid"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(pid)))
	if err != nil {
		t.Fatalf("pid file %q: %v", pid, err)
	}
	exe, err := os.Readlink("/proc/" + strconv.Itoa(n) + "/exe")
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

// A session's first command starts smokeflow-session when it sits next
// to smokeflow-cli and is of its build, and smokeflow-cli session-serve
// when it is of another build (docs/agent-session.md "The process").
func TestCompanionServesTheSession(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is needed to build the programs: ", err)
	}
	url := server(t)
	dir := t.TempDir()
	build(t, dir, "1", "../smokeflow", "../smokeflow-cli", ".")
	if got, want := servedBy(t, dir, url), filepath.Join(dir, "smokeflow-session"); got != want {
		t.Errorf("served by %s, want the companion %s", got, want)
	}

	// a companion of another build is left alone
	other := t.TempDir()
	build(t, other, "2", ".")
	replace(t, dir, filepath.Join(other, "smokeflow-session"))
	if got, want := servedBy(t, dir, url), filepath.Join(dir, "smokeflow-cli"); got != want {
		t.Errorf("served by %s, want smokeflow-cli itself beside a companion of another build", got)
	}

	// and so is another program of this build
	replace(t, dir, filepath.Join(dir, "smokeflow-cli"))
	if got, want := servedBy(t, dir, url), filepath.Join(dir, "smokeflow-cli"); got != want {
		t.Errorf("served by %s, want smokeflow-cli itself beside another program in the companion's place", got)
	}
}
