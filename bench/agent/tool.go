package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// The two tools, by the name the results and the report use.
const (
	smokeflowName = "smokeflow"
	// beforeName is another smokeflow build, measured in the same run
	// (-smokeflow-before): a change's before and after, alternating
	beforeName       = "smokeflow-before"
	agentBrowserName = "agent-browser"
)

// commandTimeout bounds one CLI invocation; a command that takes longer
// is a failure of the run, not a slow sample.
const commandTimeout = 2 * time.Minute

// tool is one of the two command lines under measure: its binary, the
// environment every invocation gets, and how its output differs from the
// other's. Everything the tool starts lives under dir (binary, TMPDIR,
// HOME), so its processes are found by that path.
type tool struct {
	name string
	bin  string
	dir  string
	env  []string
	// snapshot is the interactive snapshot; diff the one that prints only
	// what changed since the last one (the first one prints everything).
	snapshot []string
	diff     []string
	// sessionEnv names the variable that picks the session.
	sessionEnv string
	// actionOK says whether an action's output is a success.
	actionOK func(stdout string) bool
	// hint is added to the error of a failed command.
	hint string
}

// newSmokeflow is smokeflow's agent session (docs/benchmarks.md "The agent
// session against agent-browser"): the session by $SMOKEFLOW_SESSION, the
// browser by $SMOKEFLOW_BROWSER, and an action prints "ok".
func newSmokeflow(name, bin, dir, chromium string) (*tool, error) {
	t := &tool{
		name:       name,
		dir:        dir,
		snapshot:   []string{"snapshot"},
		diff:       []string{"snapshot", "--diff"},
		sessionEnv: "SMOKEFLOW_SESSION",
		actionOK:   func(out string) bool { return strings.TrimSpace(out) == "ok" },
		hint:       "does this smokeflow have the agent session's verbs (open, snapshot --diff, click, fill, check, select, press, get, close)?",
	}
	if err := t.install(bin); err != nil {
		return nil, err
	}
	t.env = append(t.env, "SMOKEFLOW_BROWSER="+chromium, "NO_COLOR=1")
	return t, nil
}

// newAgentBrowser is agent-browser's native CLI driving the same Chromium,
// headless, in a namespace of its own, with the version check (a request
// to the internet) off and an idle timeout as a safety net.
func newAgentBrowser(bin, dir, chromium, namespace string) (*tool, error) {
	t := &tool{
		name:       agentBrowserName,
		dir:        dir,
		snapshot:   []string{"snapshot", "-i"},
		diff:       []string{"snapshot", "-i", "--delta"},
		sessionEnv: "AGENT_BROWSER_SESSION",
		actionOK:   func(string) bool { return true },
	}
	if err := t.install(bin); err != nil {
		return nil, err
	}
	args := []string{"--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"}
	if os.Geteuid() == 0 {
		args = append([]string{"--no-sandbox"}, args...)
	}
	t.env = append(t.env,
		"AGENT_BROWSER_EXECUTABLE_PATH="+chromium,
		"AGENT_BROWSER_ARGS="+strings.Join(args, ","),
		"AGENT_BROWSER_NAMESPACE="+namespace,
		"AGENT_BROWSER_NO_VERSION_CHECK=1",
		"AGENT_BROWSER_IDLE_TIMEOUT_MS=600000",
	)
	return t, nil
}

// install copies the binary into the tool's folder, makes its HOME, TMPDIR
// and runtime folder there, and sets the environment to them.
func (t *tool) install(bin string) error {
	if bin == "" {
		return fmt.Errorf("%s: no binary given", t.name)
	}
	home, tmp, run := filepath.Join(t.dir, "home"), filepath.Join(t.dir, "tmp"), filepath.Join(t.dir, "run")
	for _, d := range []string{filepath.Join(t.dir, "bin"), home, tmp, run} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return fmt.Errorf("%s: %w", t.name, err)
		}
	}
	t.bin = filepath.Join(t.dir, "bin", filepath.Base(bin))
	// smokeflow's programs beside it go too: the front hands what it does
	// not answer to smokeflow-cli, which starts a session as
	// smokeflow-session (docs/agent-session.md "The front", "The process")
	for _, name := range []string{filepath.Base(bin), filepath.Base(bin) + "-cli", filepath.Base(bin) + "-session"} {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(bin), name))
		if errors.Is(err, fs.ErrNotExist) && name != filepath.Base(bin) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: read the binary: %w", t.name, err)
		}
		if err := os.WriteFile(filepath.Join(t.dir, "bin", name), data, 0o755); err != nil {
			return fmt.Errorf("%s: copy the binary: %w", t.name, err)
		}
	}
	t.env = []string{"HOME=" + home, "TMPDIR=" + tmp, "XDG_RUNTIME_DIR=" + run}
	return nil
}

// result is one invocation: what it printed, how it ended and how long it
// took from the process's start to its exit.
type result struct {
	Args   []string `json:"args"`
	Stdout string   `json:"stdout"`
	Stderr string   `json:"stderr"`
	Code   int      `json:"code"`
	Ms     float64  `json:"ms"`
}

// session is one named session of a tool.
type session struct {
	tool *tool
	name string
}

// run starts the tool with args and waits for it to exit.
func (s *session) run(args ...string) (result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, s.tool.bin, args...)
	cmd.Env = append(append(os.Environ(), s.tool.env...), s.tool.sessionEnv+"="+s.name)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = 5 * time.Second
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return result{}, fmt.Errorf("%s %s: %w", s.tool.name, strings.Join(args, " "), err)
	}
	err := cmd.Wait()
	ms := float64(time.Since(start).Microseconds()) / 1000
	r := result{Args: args, Stdout: stdout.String(), Stderr: stderr.String(), Ms: ms}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.Code = exit.ExitCode()
	case err != nil:
		return r, fmt.Errorf("%s %s: %w", s.tool.name, strings.Join(args, " "), err)
	}
	if ctx.Err() != nil {
		return r, fmt.Errorf("%s %s: no exit after %s: %w", s.tool.name, strings.Join(args, " "), commandTimeout, ctx.Err())
	}
	return r, nil
}

// errCommand is the category of a command that ran and failed, or printed
// what the run cannot use.
var errCommand = errors.New("command failed")

// must runs args and fails unless the command exits 0.
func (s *session) must(args ...string) (result, error) {
	r, err := s.run(args...)
	if err != nil {
		return r, err
	}
	if r.Code != 0 {
		return r, s.failure(r, fmt.Sprintf("exited %d", r.Code))
	}
	return r, nil
}

// act runs an action: it must exit 0 and print what the tool prints on
// success ("ok" for smokeflow).
func (s *session) act(args ...string) (result, error) {
	r, err := s.must(args...)
	if err != nil {
		return r, err
	}
	if !s.tool.actionOK(r.Stdout) {
		return r, s.failure(r, "printed something else than a success")
	}
	return r, nil
}

// read runs a snapshot; one that should list the page must hold a ref.
func (s *session) read(args []string, full bool) (result, error) {
	r, err := s.must(args...)
	if err != nil {
		return r, err
	}
	if full && len(parseSnapshot(r.Stdout)) == 0 {
		return r, s.failure(r, "printed no line with a ref")
	}
	return r, nil
}

func (s *session) failure(r result, what string) error {
	msg := fmt.Sprintf("%s %s (session %s) %s:\nstdout: %s\nstderr: %s", s.tool.name, strings.Join(r.Args, " "), s.name, what,
		clip(r.Stdout), clip(r.Stderr))
	if s.tool.hint != "" {
		msg += "\n" + s.tool.hint
	}
	return fmt.Errorf("%w: %s", errCommand, msg)
}

// clip shortens a command's output for an error message.
func clip(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 600 {
		return s[:600] + "…"
	}
	return s
}
