package runner

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/smokeflow/smokeflow/diffs"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// This file is run --fix (docs/running.md "Fixes proposed and proven"): a
// failed flow whose failure names a verified replacement gets a patch of
// its file, proven by running the patched flow once more in the same
// browser; with --fix=apply a proven patch is written into the file.

// FixMode is run --fix's value.
type FixMode string

const (
	FixOff     FixMode = ""
	FixPropose FixMode = "propose"
	FixApply   FixMode = "apply"
)

// FixConfig turns on run --fix.
type FixConfig struct {
	Mode FixMode
	// Parse loads a patched flow file as the run loaded the flows (the
	// command line's load options); it must be set with Mode.
	Parse func(file string, src []byte) ([]*flows.Flow, error)
}

// FixesDir is where the patches and their evidence go, under the
// artifacts folder.
const FixesDir = "fixes"

// fixer holds the flow files as the run started with them, and writes
// them one at a time.
type fixer struct {
	cfg FixConfig
	mu  sync.Mutex
	src map[string][]byte // the file's content when the run started
	// wrote is what --fix=apply last wrote into a file.
	wrote map[string][]byte
}

// newFixer reads every flow file now, when the run starts: a patch is
// made of that content, and applied only if the file still holds it.
func newFixer(cfg FixConfig, list []*flows.Flow) *fixer {
	if cfg.Mode == FixOff {
		return nil
	}
	fx := &fixer{cfg: cfg, src: map[string][]byte{}, wrote: map[string][]byte{}}
	for _, f := range list {
		if _, ok := fx.src[f.File]; ok {
			continue
		}
		if b, err := os.ReadFile(f.File); err == nil {
			fx.src[f.File] = b
		}
	}
	return fx
}

// tryFix is what --fix makes of the failed flow res: a proven patch, or
// why there is none.
func (fx *fixer) tryFix(ctx context.Context, cfg Config, bh *browserHolder, worker int, f *flows.Flow, res *results.Flow, slug string, plan attemptPlan) {
	a := res.Final()
	fix, edits := fx.proposals(cfg.ArtifactsDir, f, a)
	res.Fix = fix
	if len(edits) == 0 {
		return
	}
	src := fx.src[f.File]
	rerun := cfg
	rerun.Listener, rerun.HARDir, rerun.CompareTo = nil, "", ""
	var passed []fixTry
	for i, e := range edits {
		t := fx.try(ctx, rerun, bh, worker, f, src, e, filepath.Join(slug, "fix", strconv.Itoa(i+1)), plan)
		if t.err != nil {
			fix.Reason = "no fix: " + t.err.Error()
			continue
		}
		if t.status == results.Passed {
			passed = append(passed, t)
		} else {
			fix.Status, fix.Reason = results.FixUnproven, "the patched flow still fails: "+t.failure
		}
	}
	switch {
	case len(passed) > 1:
		fix.Status, fix.Reason = results.FixNone, fmt.Sprintf("%d replacements pass (%s): choose one by hand", len(passed), newOf(passed))
	case len(passed) == 1:
		fx.prove(cfg.ArtifactsDir, slug, f, a, fix, passed[0], src)
	}
}

// fixTry is the patched flow's run.
type fixTry struct {
	edit         flows.Edit
	old          string
	patched      []byte
	status       results.Status
	failure, dir string
	err          error
	duration     string
}

func newOf(ts []fixTry) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.edit.New)
	}
	return strings.Join(out, "; ")
}

// try patches src with e, loads the patched file and runs the flow of
// the same name once in the same browser.
func (fx *fixer) try(ctx context.Context, cfg Config, bh *browserHolder, worker int, f *flows.Flow, src []byte, e flows.Edit, dir string, plan attemptPlan) fixTry {
	t := fixTry{edit: e, dir: dir}
	t.patched, t.old, t.err = flows.PatchSource(src, e)
	if t.err != nil {
		t.err = fmt.Errorf("cannot patch %s:%d: %w", f.File, e.Line, t.err)
		return t
	}
	list, err := fx.cfg.Parse(f.File, t.patched)
	if err != nil {
		t.err = fmt.Errorf("the patched %s does not load: %w", f.File, err)
		return t
	}
	var nf *flows.Flow
	for _, g := range flows.ExpandRows(list) {
		if g.Name == f.Name {
			nf = g
		}
	}
	if nf == nil {
		t.err = fmt.Errorf("the patched %s has no flow named %q", f.File, f.Name)
		return t
	}
	a := runAttempt(ctx, cfg, bh, worker, nf, 1, dir, plan)
	t.status, t.duration = a.Status, a.Duration.Round(1e6).String()
	if a.Failure != nil {
		t.failure = firstLine(a.Failure.Message)
	}
	return t
}

// prove records the passing patch: the diff and the evidence under
// fixes/, and with --fix=apply, the patched file.
func (fx *fixer) prove(dir, slug string, f *flows.Flow, a *results.Attempt, fix *results.Fix, t fixTry, src []byte) {
	fix.Status, fix.Reason = results.FixProven, ""
	fix.Old, fix.New, fix.Rerun, fix.RerunDir = t.old, t.edit.New, t.status, filepath.ToSlash(t.dir)
	diff, err := flows.UnifiedDiff(filepath.ToSlash(f.File), src, t.patched)
	if err == nil {
		err = writeFixFile(dir, slug+".diff", diff)
	}
	if err == nil {
		err = writeFixFile(dir, slug+".txt", evidence(f, a, fix, t, src))
	}
	if err != nil {
		fix.Status, fix.Reason = results.FixNotApplied, "cannot write the patch: "+err.Error()
		return
	}
	fix.Patch, fix.EvidenceFile = FixesDir+"/"+slug+".diff", FixesDir+"/"+slug+".txt"
	if fx.cfg.Mode == FixApply {
		if err := fx.apply(f.File, src, t.patched); err != nil {
			fix.Status, fix.Reason = results.FixNotApplied, err.Error()
			return
		}
		fix.Status = results.FixApplied
	}
}

func writeFixFile(dir, name, text string) error {
	d := filepath.Join(dir, FixesDir)
	if err := os.MkdirAll(d, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d, name), []byte(text), 0o644)
}

// apply writes patched into file when the file still holds what the run
// started with (docs/running.md "Fixes proposed and proven": a file
// changed since is left alone).
func (fx *fixer) apply(file string, src, patched []byte) error {
	fx.mu.Lock()
	defer fx.mu.Unlock()
	now, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("not applied: cannot read %s: %v", file, err)
	}
	switch {
	case bytes.Equal(now, patched):
		return nil // another row of the flow applied the same patch
	case fx.wrote[file] != nil && bytes.Equal(now, fx.wrote[file]):
		return fmt.Errorf("not applied: another fix of this run changed %s already: run --fix again, or apply the patch by hand", file)
	case !bytes.Equal(now, src):
		return fmt.Errorf("not applied: %s changed on disk since the run started: apply the patch by hand, or run --fix again", file)
	}
	info, err := os.Stat(file)
	if err != nil {
		return fmt.Errorf("not applied: %v", err)
	}
	if err := os.WriteFile(file, patched, info.Mode().Perm()); err != nil {
		return fmt.Errorf("not applied: %v", err)
	}
	fx.wrote[file] = patched
	return nil
}

// evidence is the patch's proof as text: the failure, the replacement,
// the failure snapshot's lines it was checked on, the re-run's verdict.
func evidence(f *flows.Flow, a *results.Attempt, fix *results.Fix, t fixTry, src []byte) string {
	var b strings.Builder
	fmt.Fprintf(&b, "flow: %s (%s)\n", f.Name, f.File)
	fmt.Fprintf(&b, "failed: %s\n", firstLine(a.Failure.Message))
	fmt.Fprintf(&b, "replacement at %s:%d: %s → %s\n", fix.File, fix.Line, t.old, t.edit.New)
	fmt.Fprintf(&b, "step line before: %s\nstep line after:  %s\n", lineOf(src, fix.Line), lineOf(t.patched, fix.Line))
	if d := a.Failure.Diagnostics; d != nil && d.Snapshot != "" {
		fmt.Fprintf(&b, "snapshot at the failure (%s):\n", d.Snapshot)
	} else {
		b.WriteString("snapshot at the failure:\n")
	}
	for _, l := range fix.Snapshot {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	fmt.Fprintf(&b, "patched flow re-run: %s in %s (artifacts in %s/)\n", t.status, t.duration, filepath.ToSlash(t.dir))
	return b.String()
}

// errorWords are a page's words for a failure of its own.
var errorWords = regexp.MustCompile(`(?i)\b(error|failed|failure)\b`)

// appBug says why the failure looks like the app's bug rather than the
// test's (docs/running.md "Fixes proposed and proven"), "" when it does
// not: the page answered an HTTP error, its title or an alert says error,
// it logged a console error.
func appBug(dir string, a *results.Attempt) string {
	d := a.Failure.Diagnostics
	switch {
	case d == nil:
		return ""
	case d.HTTPStatus >= 400:
		return fmt.Sprintf("the page answered HTTP %d (%s)", d.HTTPStatus, d.URL)
	case errorWords.MatchString(d.Title):
		return fmt.Sprintf("the page's title says %q", d.Title)
	}
	for _, c := range a.Console {
		if results.IsConsoleError(c.Type) {
			return fmt.Sprintf("the page logged a console %s: %s", c.Type, firstLine(c.Text))
		}
	}
	snap, _ := failureSnapshot(dir, a)
	for _, l := range strings.Split(snap, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "- alert") || (errorWords.MatchString(t) && !strings.HasPrefix(t, "- link") && !strings.HasPrefix(t, "- button")) {
			return fmt.Sprintf("the page shows an error: %s", diagnosticLine(t))
		}
	}
	return ""
}

// diagnosticLine is a snapshot line without its ref, as the diffs
// package compares it.
func diagnosticLine(l string) string {
	return strings.TrimSpace(diffs.StripRefs(l))
}

// lineOf is line n (1-based) of src.
func lineOf(src []byte, n int) string {
	lines := strings.Split(string(src), "\n")
	if n < 1 || n > len(lines) {
		return ""
	}
	return lines[n-1]
}
