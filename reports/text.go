package reports

import (
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/smokeflow/smokeflow/results"
)

// ansiEscape matches terminal escape sequences: CSI (colours, cursor moves),
// OSC (titles, hyperlinks, ended by BEL or ST) and two-byte escapes.
var ansiEscape = regexp.MustCompile(`\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])`)

// clean makes text from the page or the flow safe for every report: it
// drops terminal escape sequences, replaces invalid UTF-8, turns CR LF and
// lone CR into LF, and drops every character that XML 1.0 does not allow
// (C0 controls other than tab and newline, U+FFFE, U+FFFF). The result is
// also fine for Markdown and the terminal.
func clean(s string) string {
	if s == "" {
		return s
	}
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansiEscape.ReplaceAllString(s, "")
	}
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\r", "\n")
	}
	ok := true
	for _, r := range s {
		if !isXMLChar(r) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		if isXMLChar(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isXMLChar reports whether r is in the XML 1.0 Char production. CR is
// left out on purpose: clean turns it into LF first.
func isXMLChar(r rune) bool {
	switch {
	case r == '\t' || r == '\n':
		return true
	case r >= 0x20 && r <= 0xD7FF:
		return true
	case r >= 0xE000 && r <= 0xFFFD:
		return true
	case r >= 0x10000 && r <= 0x10FFFF:
		return true
	}
	return false
}

// oneLine is clean text on a single line: runs of whitespace, newlines
// included, become one space.
func oneLine(s string) string {
	return strings.Join(strings.Fields(clean(s)), " ")
}

// clip shortens s to at most n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// seconds formats d as JUnit wants it: seconds with three decimals,
// rounded to the millisecond, never negative.
func seconds(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	ms := d.Round(time.Millisecond).Milliseconds()
	return fmt.Sprintf("%d.%03d", ms/1000, ms%1000)
}

// human formats d for people: 850ms, 4.2s, 2m03s, 1h02m03s.
func human(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if ms := d.Round(time.Millisecond); ms < time.Second {
		return fmt.Sprintf("%dms", ms.Milliseconds())
	}
	if t := d.Round(100 * time.Millisecond); t < time.Minute {
		tenths := t.Milliseconds() / 100
		return fmt.Sprintf("%d.%ds", tenths/10, tenths%10)
	}
	s := int64(d.Round(time.Second) / time.Second)
	if s < 3600 {
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm%02ds", s/3600, s/60%60, s%60)
}

// failureInfo is what every report says about one failed attempt.
type failureInfo struct {
	Message string // one line: "step N (FILE:LINE) ACTION TARGET: reason"
	Type    string // the reason category: not_found, timeout, ... or "failure"
	File    string
	Line    int
}

// failureOf describes why attempt a failed, from its Failure when the
// runner set one, else from its first failed step.
func failureOf(a *results.Attempt) failureInfo {
	if a == nil {
		return failureInfo{Message: "the flow failed before any attempt ran", Type: "failure"}
	}
	if f := a.Failure; f != nil {
		fi := failureInfo{Message: oneLine(f.Message), Type: failureType(f), File: f.File, Line: f.Line}
		if fi.Message == "" {
			fi.Message = composeMessage(f.StepIndex, f.File, f.Line, f.Action, f.Target, string(f.Reason))
		}
		return fi
	}
	for _, s := range a.Steps {
		if s != nil && s.Status == results.Failed {
			return failureInfo{
				Message: composeMessage(s.Index, s.File, s.Line, s.Action, s.Target, s.Error),
				Type:    "failure",
				File:    s.File,
				Line:    s.Line,
			}
		}
	}
	return failureInfo{Message: fmt.Sprintf("attempt %d failed", a.Number), Type: "failure"}
}

// composeMessage builds "step N (FILE:LINE) ACTION TARGET: reason" from
// its parts, leaving out the empty ones.
func composeMessage(index, file string, line int, action, target, reason string) string {
	var parts []string
	if index != "" {
		parts = append(parts, "step "+index)
	}
	if file != "" {
		loc := file
		if line > 0 {
			loc = fmt.Sprintf("%s:%d", file, line)
		}
		parts = append(parts, "("+loc+")")
	}
	if action != "" {
		parts = append(parts, action)
	}
	if target != "" {
		parts = append(parts, target)
	}
	head := oneLine(strings.Join(parts, " "))
	reason = oneLine(reason)
	switch {
	case head == "" && reason == "":
		return "failed"
	case head == "":
		return reason
	case reason == "":
		return head + ": failed"
	}
	return head + ": " + reason
}

// failureType is the reason category of f (docs/results.md "Reasons"):
// the diagnostics' reason when there are diagnostics, else f.Reason when
// it is a known reason, else "failure".
func failureType(f *results.Failure) string {
	if f.Diagnostics != nil && f.Diagnostics.Reason != "" {
		return oneLine(string(f.Diagnostics.Reason))
	}
	if f.Reason.Known() {
		return string(f.Reason)
	}
	return "failure"
}

// failedAttempts lists the attempts of f that failed, in order.
func failedAttempts(f *results.Flow) []*results.Attempt {
	var out []*results.Attempt
	for _, a := range f.Attempts {
		if a != nil && a.Status == results.Failed {
			out = append(out, a)
		}
	}
	return out
}

// attemptArtifacts lists the artifacts of a, plus the diagnostics'
// screenshot and snapshot when the runner did not list them, without
// duplicates.
func attemptArtifacts(a *results.Attempt) []results.Artifact {
	if a == nil {
		return nil
	}
	seen := map[string]bool{}
	var out []results.Artifact
	add := func(x results.Artifact) {
		if x.Path == "" || seen[x.Path] {
			return
		}
		seen[x.Path] = true
		out = append(out, x)
	}
	for _, x := range a.Artifacts {
		// the trace's files are the HTML report's film strip, too many
		// to list (docs/results.md "HTML report")
		if x.Kind != results.ArtifactTraceScreenshot && x.Kind != results.ArtifactTraceSnapshot {
			add(x)
		}
	}
	if a.Failure != nil && a.Failure.Diagnostics != nil {
		d := a.Failure.Diagnostics
		add(results.Artifact{Kind: results.ArtifactScreenshot, Name: "failure screenshot", Path: d.Screenshot})
		add(results.Artifact{Kind: results.ArtifactSnapshot, Name: "failure snapshot", Path: d.Snapshot})
	}
	return out
}

// warningText is an optional step that failed, as every report words it:
// `step 3 (file.yaml:12) click "Accept cookies" (optional): what went
// wrong`, the error on one line (docs/running.md "Output").
func warningText(s *results.Step) string {
	t := "step " + s.Index
	if s.File != "" {
		t += fmt.Sprintf(" (%s:%d)", s.File, s.Line)
	}
	for _, w := range []string{s.Action, s.Target} {
		if w != "" {
			t += " " + w
		}
	}
	t += " (optional)"
	if e := oneLine(s.Error); e != "" {
		t += ": " + clip(e, 300)
	}
	return t
}
