//go:build !windows

package main

import (
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/wire"
)

// The front sends only verbs of the engine.
func TestFrontVerbsAreTheEngines(t *testing.T) {
	for v := range frontVerbs {
		if !slices.Contains(agent.Verbs(), v) {
			t.Errorf("the front sends %q, which is no verb of the engine (agent.Verbs)", v)
		}
	}
}

// What the front reads as a command, and what it leaves to smokeflow-cli
// (docs/agent-session.md "The front").
func TestFrontParse(t *testing.T) {
	sent := []struct {
		line    string
		cmd     wire.Command
		session string
	}{
		{"click @e3", wire.Command{Verb: "click", Args: []string{"@e3"}}, ""},
		{"click Sign in --json", wire.Command{Verb: "click", Args: []string{"Sign", "in"}, JSON: true}, ""},
		{"fill --session s1 @e1 hello --timeout=2s", wire.Command{Verb: "fill", Args: []string{"@e1", "hello"}, Timeout: 2e9}, "s1"},
		{"snapshot --compact --diff", wire.Command{Verb: "snapshot", Compact: true, Diff: true}, ""},
		{"type @e1 -", wire.Command{Verb: "type", Args: []string{"@e1", "-"}}, ""},
	}
	for _, c := range sent {
		cmd, session, ok := parse(strings.Fields(c.line))
		if !ok || session != c.session || !equalCommands(cmd, c.cmd) {
			t.Errorf("%q: got %+v, session %q, ok %v; want %+v, session %q", c.line, cmd, session, ok, c.cmd, c.session)
		}
	}
	for _, line := range []string{
		"", "run flows/", "open http://x", "export f.yaml", "close", "help click", "version",
		"click --help", "click -h", "click @e3 --headed", "click --json=true @e3", "click -- -1",
		"click @e3 --timeout", "click @e3 --timeout -1s", "click @e3 --timeout soon", "click @e3 --session",
		"click @e3 --session=", "snapshot http://example.com", "screenshot", "cookies",
	} {
		if _, _, ok := parse(strings.Fields(line)); ok {
			t.Errorf("%q: the front sends it; want it left to smokeflow-cli", line)
		}
	}
}

func equalCommands(a, b wire.Command) bool {
	return a.Verb == b.Verb && slices.Equal(a.Args, b.Args) && a.JSON == b.JSON && a.Diff == b.Diff &&
		a.Full == b.Full && a.Compact == b.Compact && a.Timeout == b.Timeout
}

// output is what a program printed and how it ended.
type output struct {
	stdout, stderr string
	code           int
}

// run runs the program at bin with args and env, in dir.
func run(t *testing.T, bin, dir string, env []string, args ...string) output {
	t.Helper()
	c := exec.Command(bin, args...)
	c.Dir, c.Env = dir, env
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	err := c.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatalf("%s %s: %v", bin, strings.Join(args, " "), err)
	}
	return output{stdout.String(), stderr.String(), c.ProcessState.ExitCode()}
}

// The front prints what smokeflow-cli prints, and ends with its code, for
// every command line a session verb takes, right or wrong, on a live
// session: each line runs through both, one after the other.
func TestFrontAnswersAsTheCLI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is needed to build the programs: ", err)
	}
	bin := t.TempDir()
	build := exec.Command("go", "build", "-o", bin+"/", ".", "../smokeflow-cli", "../smokeflow-session")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = w.Write([]byte(`<!doctype html><title>Front</title><label>Name <input id=n></label>
<button onclick="document.getElementById('out').textContent='pressed'">Press</button><p id=out>idle</p>`))
	}))
	defer srv.Close()
	rt, err := os.MkdirTemp("", "sff") // short: a socket's path has at most 107 bytes
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(rt)
	env := append(os.Environ(), "SMOKEFLOW_RUNTIME_DIR="+rt, "SMOKEFLOW_SESSION=front", "NO_COLOR=1")
	front, cli, dir := filepath.Join(bin, "smokeflow"), filepath.Join(bin, "smokeflow-cli"), t.TempDir()
	if o := run(t, front, dir, env, "open", srv.URL); o.code != 0 {
		t.Fatalf("open: %+v", o)
	}
	defer run(t, cli, dir, env, "close")
	for _, line := range [][]string{
		{"snapshot"}, {"snapshot", "--json"}, {"snapshot", "--full", "--compact"}, {"snapshot", "--diff"},
		{"get", "text", "@e2"}, {"get", "value", "@e1", "--json"}, {"get", "url"}, {"get", "title", "--timeout", "5s"},
		{"get"}, {"get", "nothing"}, {"get", "text"}, {"get", "attr", "id"}, {"get", "url", "extra"},
		{"fill", "@e1", "Ada", "Lovelace"}, {"get", "value", "{label: Name}"}, {"fill", "@e1"},
		{"click", "Press", "--diff"}, {"click"}, {"click", "{bad"}, {"click", "@e99", "--timeout", "300ms"},
		{"click", "Press", "--full"}, {"get", "text", "@e2", "--diff"}, {"dblclick"}, {"hover", "Press"},
		{"check"}, {"uncheck"}, {"type", "@e1"}, {"press"}, {"select", "@e1"}, {"scroll"}, {"upload", "@e1"},
		{"drag", "Press"}, {"drag", "a", "b", "c"}, {"find", "Press"}, {"find"},
		{"expect", "{visible: Press}"}, {"expect", "{visible: Nowhere}", "--timeout", "300ms"}, {"expect"},
		{"wait", "10ms"}, {"wait"}, {"eval", "1+1", "--json"}, {"eval"},
		{"back", "extra"}, {"forward", "extra"}, {"reload", "extra"}, {"reload"},
		{"tab"}, {"tab", "list"}, {"tab", "nowhere"}, {"dialog"}, {"dialog", "sometimes"},
		{"click", "Press", "--session", "-bad"}, {"click", "Press", "--session", "other name"},
	} {
		got := run(t, front, dir, env, line...)
		want := run(t, cli, dir, env, line...)
		if got != want {
			t.Errorf("smokeflow %s:\n the front: %+v\n the CLI:   %+v", strings.Join(line, " "), got, want)
		}
	}

	// the front answered by itself: with smokeflow-cli away, a read still
	// answers, and a malformed line, which the CLI says, cannot
	aside := filepath.Join(t.TempDir(), "smokeflow-cli")
	if err := os.Rename(cli, aside); err != nil {
		t.Fatal(err)
	}
	defer os.Rename(aside, cli)
	if o := run(t, front, dir, env, "get", "title"); o != (output{"Front\n", "", 0}) {
		t.Errorf("get title by the front alone: %+v", o)
	}
	if o := run(t, front, dir, env, "click"); o.code != 3 || !strings.Contains(o.stderr, "is not next to this program") {
		t.Errorf("a malformed line without smokeflow-cli: %+v", o)
	}
}

// Without smokeflow-cli of its build next to it, the front says how to
// install it, and ends with 3.
func TestFrontWithoutTheCLI(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is needed to build the programs: ", err)
	}
	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", bin+"/", ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	front := filepath.Join(bin, "smokeflow")
	o := run(t, front, bin, os.Environ(), "version")
	if o.code != 3 || !strings.Contains(o.stderr, "smokeflow-cli, which runs every command but a session's verbs, is not next to this program") ||
		!strings.Contains(o.stderr, "go install github.com/smokeflow/smokeflow/cmd/...@latest") {
		t.Errorf("without smokeflow-cli: %+v", o)
	}
	other := t.TempDir()
	if out, err := exec.Command("go", "build", "-ldflags", "-X main.buildStamp=other", "-o", other+"/", "../smokeflow-cli").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	if err := os.Rename(filepath.Join(other, "smokeflow-cli"), filepath.Join(bin, "smokeflow-cli")); err != nil {
		t.Fatal(err)
	}
	o = run(t, front, bin, os.Environ(), "version")
	if o.code != 3 || !strings.Contains(o.stderr, "smokeflow-cli next to this program is of another build") {
		t.Errorf("beside smokeflow-cli of another build: %+v", o)
	}
}

// A link to the front, elsewhere, runs the smokeflow-cli beside the front
// itself.
func TestFrontThroughALink(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Fatal("the go command is needed to build the programs: ", err)
	}
	bin := t.TempDir()
	if out, err := exec.Command("go", "build", "-o", bin+"/", ".", "../smokeflow-cli").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	link := filepath.Join(t.TempDir(), "smokeflow")
	if err := os.Symlink(filepath.Join(bin, "smokeflow"), link); err != nil {
		t.Fatal(err)
	}
	if o := run(t, link, bin, os.Environ(), "version"); o.code != 0 || !strings.HasPrefix(o.stdout, "smokeflow ") {
		t.Errorf("version through a link to the front: %+v", o)
	}
}
