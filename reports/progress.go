package reports

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/results"
)

// Verbosity of the terminal output.
type Verbosity int

const (
	Quiet   Verbosity = -1 // failures and the summary only
	Normal  Verbosity = 0  // a line per flow, failures, summary
	Verbose Verbosity = 1  // also every step, and full diagnostics
)

// Progress prints the run for people: a line per flow as it ends, the
// failing step with its diagnostics, and on a TTY a live line of the
// running flows and their current step.
type Progress struct {
	w       io.Writer
	level   Verbosity
	color   bool
	live    bool
	mu      sync.Mutex
	running map[int]string // worker → "flow › step"
	drawn   bool
}

// NewProgress writes to w. live enables the TTY status line; color the
// ANSI colours (off when NO_COLOR is set).
func NewProgress(w io.Writer, level Verbosity, live, color bool) *Progress {
	if os.Getenv("NO_COLOR") != "" {
		color = false
	}
	return &Progress{w: w, level: level, live: live, color: color, running: map[int]string{}}
}

func (p *Progress) paint(code, s string) string {
	if !p.color {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Event implements Listener.
func (p *Progress) Event(e results.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLive()
	switch e.Kind {
	case results.FlowStarted:
		p.running[e.Worker] = e.Flow
		if e.Attempt > 1 && p.level >= Normal {
			fmt.Fprintf(p.w, "  ↻ %s: attempt %d\n", e.Flow, e.Attempt)
		}
	case results.StepStarted:
		p.running[e.Worker] = fmt.Sprintf("%s › %s %s", e.Flow, e.Step.Action, e.Step.Target)
	case results.StepFinished:
		if p.level >= Verbose {
			fmt.Fprintf(p.w, "    %s %s %s %s %s\n", stepMark(e.Step.Status), e.Step.Index, e.Step.Action, e.Step.Target, dur(e.Step.Duration))
			for _, l := range e.Step.Log {
				fmt.Fprintf(p.w, "        %s\n", l)
			}
		}
	case results.FlowFinished:
		delete(p.running, e.Worker)
		p.flowLine(e.Result)
	}
	p.drawLive()
}

func (p *Progress) flowLine(f *results.Flow) {
	defer p.baselines(f)
	switch f.Status {
	case results.Passed:
		if p.level >= Normal {
			fmt.Fprintf(p.w, "%s %s %s\n", p.paint("32", "✓"), f.Name, p.paint("2", dur(f.Duration)))
			p.warnings(f)
		}
	case results.Flaky:
		if p.level >= Normal {
			fmt.Fprintf(p.w, "%s %s %s (flaky: passed on attempt %d)\n", p.paint("33", "~"), f.Name, p.paint("2", dur(f.Duration)), len(f.Attempts))
			p.warnings(f)
		}
	case results.Failed:
		held := ""
		if f.Held() {
			held = " " + p.paint("33", quarantineNote(f.Quarantine))
		}
		fmt.Fprintf(p.w, "%s %s %s%s\n", p.paint("31", "✗"), f.Name, p.paint("2", dur(f.Duration)), held)
		p.warnings(f)
		p.failure(f)
	case results.Skipped:
		if p.level >= Normal {
			fmt.Fprintf(p.w, "- %s (skipped: %s)\n", f.Name, f.SkipReason)
		}
	}
}

// warnings prints, under the flow's line, a line per optional step that
// failed in its last attempt (docs/running.md "Output"). --quiet prints
// them under a failed flow only; the summary counts them all.
func (p *Progress) warnings(f *results.Flow) {
	for _, s := range f.Warnings() {
		fmt.Fprintf(p.w, "  %s %s\n", p.paint("33", "⚠"), warningText(s))
	}
}

// baselines says which baselines the flow's last attempt wrote
// (docs/flows.md "Baselines"), at every verbosity: the run was asked to.
func (p *Progress) baselines(f *results.Flow) {
	a := f.Final()
	if a == nil {
		return
	}
	for _, b := range a.Baselines {
		what := "updated"
		if b.New {
			what = "written"
		}
		fmt.Fprintf(p.w, "  %s baseline %s: %s\n", b.Kind, what, b.File)
	}
}

// failure prints the failing step with its YAML and diagnostics.
func (p *Progress) failure(f *results.Flow) {
	a := f.Final()
	if a == nil || a.Failure == nil {
		return
	}
	fl := a.Failure
	fmt.Fprintf(p.w, "  %s\n", p.paint("31", fl.Message))
	if fl.Reason != "" {
		fmt.Fprintf(p.w, "  reason: %s\n", fl.Reason)
	}
	for _, l := range fl.Source {
		fmt.Fprintf(p.w, "  %s %s\n", p.paint("2", fmt.Sprintf("%4d |", l.Line)), l.Text)
	}
	if d := fl.Diagnostics; d != nil {
		text := diagnostics.Render(d, p.level >= Verbose)
		for _, l := range strings.Split(text, "\n") {
			if l != "" {
				fmt.Fprintf(p.w, "  %s\n", l)
			}
		}
	}
	for _, l := range append(compareLines(f.Compare), fixLines(f.Fix)...) {
		fmt.Fprintf(p.w, "  %s\n", l)
	}
}

func (p *Progress) clearLive() {
	if p.live && p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}

func (p *Progress) drawLive() {
	if !p.live || len(p.running) == 0 {
		return
	}
	var ws []int
	for w := range p.running {
		ws = append(ws, w)
	}
	sort.Ints(ws)
	var parts []string
	for _, w := range ws {
		parts = append(parts, p.running[w])
	}
	line := "⏵ " + strings.Join(parts, " | ")
	if r := []rune(line); len(r) > 120 {
		line = string(r[:119]) + "…"
	}
	fmt.Fprint(p.w, p.paint("2", line))
	p.drawn = true
}

// quarantineNote is what a failure an active quarantine holds says after
// its flow's name (docs/flows.md "Quarantine").
func quarantineNote(q *results.Quarantine) string {
	return fmt.Sprintf("(quarantined until %s, owner %s: does not fail the run)", q.Until, q.Owner)
}

// Summary prints the closing lines of a run.
func (p *Progress) Summary(run *results.Run, reports []string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLive()
	s := run.Summary()
	parts := []string{fmt.Sprintf("%d passed", s.Passed)}
	if s.Failed > 0 {
		parts = append(parts, p.paint("31", fmt.Sprintf("%d failed", s.Failed)))
	}
	if s.Flaky > 0 {
		parts = append(parts, p.paint("33", fmt.Sprintf("%d flaky", s.Flaky)))
	}
	if s.Quarantined > 0 {
		parts = append(parts, p.paint("33", fmt.Sprintf("%d quarantined", s.Quarantined)))
	}
	if w := run.Warnings(); w > 0 {
		parts = append(parts, p.paint("33", words.Count(w, "warning", "warnings")))
	}
	if s.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("%d skipped", s.Skipped))
	}
	fmt.Fprintf(p.w, "\n%s in %s", strings.Join(parts, ", "), dur(run.Duration))
	if run.Interrupted {
		fmt.Fprint(p.w, " (interrupted)")
	}
	fmt.Fprintln(p.w)
	for _, r := range reports {
		fmt.Fprintf(p.w, "report: %s\n", r)
	}
	if run.ArtifactsDir != "" && s.Total > s.Skipped {
		fmt.Fprintf(p.w, "artifacts: %s\n", run.ArtifactsDir)
	}
}

func stepMark(s results.Status) string {
	switch s {
	case results.Passed:
		return "✓"
	case results.Failed:
		return "✗"
	case results.Warned:
		return "!"
	}
	return "-"
}

func dur(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
}
