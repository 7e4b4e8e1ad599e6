package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// processesUnder lists the processes (other than this one) whose command
// line holds dir: the tool's binary, its daemon and its browser (whose
// profile is under the tool's TMPDIR).
func processesUnder(dir string) []string {
	procs, err := filepath.Glob("/proc/[0-9]*/cmdline")
	if err != nil {
		return nil // the pattern is constant: Glob fails only on a bad one
	}
	self := strconv.Itoa(os.Getpid())
	var out []string
	for _, p := range procs {
		pid := filepath.Base(filepath.Dir(p))
		if pid == self {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil || !bytes.Contains(data, []byte(dir)) {
			continue // gone already, or not ours
		}
		out = append(out, pid+" "+strings.ReplaceAll(string(data), "\x00", " "))
	}
	return out
}

// waitQuiet waits until no process of the tool is left, up to bound.
func waitQuiet(t *tool, bound time.Duration) error {
	deadline := time.Now().Add(bound)
	for {
		left := processesUnder(t.dir)
		if len(left) == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			for i, l := range left {
				left[i] = clip(l)
			}
			return fmt.Errorf("%w: %s left %d processes after %s:\n%s", errCommand, t.name, len(left), bound, strings.Join(left, "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// quietBound is how long a tool may take to end its daemon and browser
// after close.
const quietBound = 20 * time.Second

// cold times `open URL` with nothing running (daemon and browser start
// included), closing the session and waiting for its processes to end
// between runs; the tools alternate which goes first.
func cold(tools []*tool, url string, runs int) (map[string][]float64, error) {
	out := map[string][]float64{}
	for i := 0; i < runs; i++ {
		for _, t := range alternate(tools, i) {
			if err := waitQuiet(t, quietBound); err != nil {
				return nil, err
			}
			s := &session{tool: t, name: "cold"}
			r, err := s.must("open", url)
			if err != nil {
				return nil, err
			}
			out[t.name] = append(out[t.name], r.Ms)
			if _, err := s.must("close"); err != nil {
				return nil, err
			}
			if err := waitQuiet(t, quietBound); err != nil {
				return nil, err
			}
		}
		log.Printf("cold open, round %d/%d", i+1, runs)
	}
	return out, nil
}

// alternate is tools in order on even rounds and reversed on odd ones.
func alternate(tools []*tool, round int) []*tool {
	if round%2 == 0 || len(tools) < 2 {
		return tools
	}
	rev := make([]*tool, len(tools))
	for i, t := range tools {
		rev[len(tools)-1-i] = t
	}
	return rev
}

// page is one page of the warm measure: how to bring a session to it and
// the command of each kind, on elements named the same way for both
// tools; a kind the page has no element for is left out.
type page struct {
	name    string
	prepare func(s *session) (snapshot string, err error)
	acts    map[string]warmAct // by kind
	want    map[string]string  // what `get text` and `get value` must print, by kind
}

// warmAct is one warm command: the verb's words, the element and what
// follows it (a value, an option, a key).
type warmAct struct {
	verb []string
	el   target
	rest []string
}

// kinds are the warm commands, in the order they are measured: `get
// value` right after `fill`, whose value it reads (on TodoMVC a click
// elsewhere blurs the new todo, which adds it and empties the field).
var kinds = []string{"click", "fill", "get value", "select", "check", "press", "get text", "snapshot"}

// warm opens a session of every tool on each page and times each kind of
// command runs times per tool, alternating the tools run by run, after
// warmup untimed runs of each; with think, each command comes that long
// after the one before it, of either tool (a model's time to answer).
func warm(tools []*tool, pages []page, runs, warmup int, think time.Duration) (map[string]map[string]map[string][]float64, error) {
	out := map[string]map[string]map[string][]float64{}
	sessions := make([]*session, len(tools))
	for i, t := range tools {
		sessions[i] = &session{tool: t, name: "warm"}
	}
	defer closeAll(sessions)
	for _, p := range pages {
		cmds := make(map[*session]map[string][]string, len(sessions))
		for _, s := range sessions {
			snap, err := p.prepare(s)
			if err != nil {
				return nil, fmt.Errorf("%s on %s: %w", s.tool.name, p.name, err)
			}
			c, err := warmCommands(s, p, snap)
			if err != nil {
				return nil, fmt.Errorf("%s on %s: %w", s.tool.name, p.name, err)
			}
			cmds[s] = c
		}
		out[p.name] = map[string]map[string][]float64{}
		for _, kind := range kinds {
			if cmds[sessions[0]][kind] == nil {
				continue // no element of that kind on the page
			}
			samples, err := timeKind(sessions, cmds, p, kind, runs, warmup, think)
			if err != nil {
				return nil, fmt.Errorf("%s, %s: %w", p.name, kind, err)
			}
			out[p.name][kind] = samples
			log.Printf("warm %s on %s: %d runs per tool", kind, p.name, runs)
		}
	}
	return out, nil
}

// warmCommands gives each kind's command line for one session, with the
// refs its own snapshot gives the page's elements.
func warmCommands(s *session, p page, snap string) (map[string][]string, error) {
	out := map[string][]string{"snapshot": s.tool.snapshot}
	for kind, a := range p.acts {
		args := append([]string{}, a.verb...)
		if a.el != (target{}) {
			ref, err := refFor(snap, a.el)
			if err != nil {
				return nil, err
			}
			args = append(args, ref)
		}
		out[kind] = append(args, a.rest...)
	}
	return out, nil
}

// timeKind runs one kind of command warmup+runs times per session, each
// think after the one before, and keeps the times of the last runs.
func timeKind(sessions []*session, cmds map[*session]map[string][]string, p page, kind string, runs, warmup int, think time.Duration) (map[string][]float64, error) {
	out := map[string][]float64{}
	tools := make([]*tool, len(sessions))
	byTool := map[*tool]*session{}
	for i, s := range sessions {
		tools[i], byTool[s.tool] = s.tool, s
	}
	for i := 0; i < warmup+runs; i++ {
		for _, t := range alternate(tools, i) {
			s := byTool[t]
			time.Sleep(think)
			r, err := checkedRun(s, kind, cmds[s][kind], p.want[kind])
			if err != nil {
				return nil, err
			}
			if i >= warmup {
				out[t.name] = append(out[t.name], r.Ms)
			}
		}
	}
	return out, nil
}

// checkedRun runs one warm command and checks what it printed.
func checkedRun(s *session, kind string, args []string, want string) (result, error) {
	switch kind {
	case "snapshot":
		return s.read(args, true)
	case "get text", "get value":
		r, err := s.must(args...)
		if err == nil && !strings.Contains(r.Stdout, want) {
			err = s.failure(r, fmt.Sprintf("did not print %q", want))
		}
		return r, err
	default:
		return s.act(args...)
	}
}

// closeAll closes sessions, logging what fails: it runs after the
// measures, whose own error is the one to return.
func closeAll(sessions []*session) {
	for _, s := range sessions {
		if r, err := s.run("close"); err != nil || r.Code != 0 {
			log.Printf("closing %s session %s: exit %d, %v %s", s.tool.name, s.name, r.Code, err, clip(r.Stderr))
		}
	}
}
