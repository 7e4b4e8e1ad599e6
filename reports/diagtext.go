package reports

// This file holds the reports' full plain-text rendering of diagnostics:
// every fact, one a line, for JUnit failure bodies (Markdown uses the item
// formatters). diagnostics.Render is the other form, the short one the
// terminal prints: reason, verdict, near misses and what to try.

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/results"
)

// Caps for what a failure body lists besides the diagnostics.
const (
	maxConsoleLines = 10
	maxRequestLines = 10
)

// renderDiagnosticsText renders d for people, one fact a line, in the
// order someone fixing the flow reads them: what went wrong, what the page
// holds, what to try, then the evidence. It returns "" for nil.
func renderDiagnosticsText(d *diagnostics.Diagnostics) string {
	if d == nil {
		return ""
	}
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }

	if msg := oneLine(d.Message); msg != "" {
		line("%s", msg)
	}
	if d.Reason != "" {
		line("reason: %s", oneLine(string(d.Reason)))
	}
	if v := oneLine(d.Verdict); v != "" {
		line("verdict: %s", v)
	}
	if len(d.Hints) > 0 {
		line("hints:")
		for _, h := range d.Hints {
			line("  - %s", oneLine(h))
		}
	}
	if t := oneLine(d.Target); t != "" {
		line("target: %s", t)
	}
	if p := pageText(d); p != "" {
		line("page: %s", p)
	}
	if len(d.Rungs) > 0 {
		line("rungs:")
		for _, r := range d.Rungs {
			line("  %s", rungText(r))
		}
	}
	if len(d.Candidates) > 0 {
		line("candidates (%d):", len(d.Candidates))
		for _, c := range d.Candidates {
			line("  %s", candidateText(c))
		}
	}
	if len(d.NearMisses) > 0 {
		line("near misses:")
		for _, n := range d.NearMisses {
			line("  %s", nearMissText(n))
		}
	}
	if len(d.Links) > 0 {
		line("links (%d):", len(d.Links))
		for _, l := range d.Links {
			line("  %s → %s", quoted(l.Text), oneLine(l.Href))
		}
	}
	if d.Screenshot != "" {
		line("screenshot: %s", oneLine(d.Screenshot))
	}
	if d.Snapshot != "" {
		line("snapshot: %s", oneLine(d.Snapshot))
	}
	if d.Truncated {
		line("(lists were capped to keep the report small)")
	}
	return b.String()
}

// pageText is "Title — url", either part may be missing.
func pageText(d *diagnostics.Diagnostics) string {
	title, url := oneLine(d.Title), oneLine(d.URL)
	switch {
	case title != "" && url != "":
		return quoted(title) + " — " + url
	case url != "":
		return url
	case title != "":
		return quoted(title)
	}
	return ""
}

// refText writes a ref as a target would: @e5.
func refText(ref string) string {
	ref = oneLine(ref)
	if ref == "" || strings.HasPrefix(ref, "@") {
		return ref
	}
	return "@" + ref
}

// quoted is a name in double quotes, on one line.
func quoted(s string) string { return `"` + oneLine(s) + `"` }

// roleName is `button "Sign in"`, the way the snapshot writes elements.
func roleName(role, name string) string {
	role = oneLine(role)
	if role == "" {
		role = "element"
	}
	if strings.TrimSpace(name) == "" {
		return role
	}
	return role + " " + quoted(name)
}

// rungText is `role "Sign in": 2 matches, 1 visible`.
func rungText(r diagnostics.RungCount) string {
	s := oneLine(r.Rung)
	if r.Phrase != "" {
		s += " " + quoted(r.Phrase)
	}
	return fmt.Sprintf("%s: %s, %d visible", s, words.Count(r.Matches, "match", "matches"), r.Visible)
}

// candidateState is "visible, enabled, covered by div.backdrop".
func candidateState(c diagnostics.Candidate) string {
	parts := []string{"hidden", "disabled"}
	if c.Visible {
		parts[0] = "visible"
	}
	if c.Enabled {
		parts[1] = "enabled"
	}
	if c.CoveredBy != "" {
		parts = append(parts, "covered by "+oneLine(c.CoveredBy))
	}
	return strings.Join(parts, ", ")
}

// boxText is "x=10 y=20 120×32" in CSS pixels.
func boxText(b *diagnostics.Box) string {
	if b == nil {
		return ""
	}
	return fmt.Sprintf("x=%s y=%s %s×%s", num(b.X), num(b.Y), num(b.Width), num(b.Height))
}

// num prints a pixel value without useless decimals.
func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// candidateText is one candidate on one line.
func candidateText(c diagnostics.Candidate) string {
	var parts []string
	if r := refText(c.Ref); r != "" {
		parts = append(parts, r)
	}
	parts = append(parts, roleName(c.Role, c.Name), "—", candidateState(c))
	s := strings.Join(parts, " ")
	if bt := boxText(c.Box); bt != "" {
		s += ", box " + bt
	}
	if c.Region != "" {
		s += ", in " + oneLine(c.Region)
	}
	if c.Frame != "" {
		s += ", frame " + quoted(c.Frame)
	}
	return s
}

// nearMissText is `@e5 button "Log in" (0.83)`.
func nearMissText(n diagnostics.NearMiss) string {
	s := roleName(n.Role, n.Name)
	if r := refText(n.Ref); r != "" {
		s = r + " " + s
	}
	return fmt.Sprintf("%s (%.2f)", s, n.Score)
}

// sourceText quotes the flow's YAML lines with their numbers, marking the
// failing line with ">".
func sourceText(src []results.SourceLine, mark int) string {
	if len(src) == 0 {
		return ""
	}
	width := 1
	for _, l := range src {
		if w := len(strconv.Itoa(l.Line)); w > width {
			width = w
		}
	}
	var b strings.Builder
	for _, l := range src {
		m := " "
		if l.Line == mark && mark > 0 {
			m = ">"
		}
		text := strings.TrimRight(strings.ReplaceAll(clean(l.Text), "\n", " "), " \t")
		fmt.Fprintf(&b, "%s %*d | %s\n", m, width, l.Line, text)
	}
	return b.String()
}

// consoleErrors keeps the console errors and uncaught exceptions.
func consoleErrors(a *results.Attempt) []results.Console {
	var out []results.Console
	for _, c := range a.Console {
		if results.IsConsoleError(c.Type) {
			out = append(out, c)
		}
	}
	return out
}

// consoleText is "[error] message (url)".
func consoleText(c results.Console) string {
	s := "[" + oneLine(c.Type) + "] " + clip(oneLine(c.Text), 300)
	if c.URL != "" {
		s += " (" + oneLine(c.URL) + ")"
	}
	return s
}

// requestText is "GET https://x/api → 500" or "→ net::ERR_...".
func requestText(r results.Request) string {
	s := oneLine(r.Method) + " " + clip(oneLine(r.URL), 300) + " →"
	if r.Status != 0 {
		s += " " + strconv.Itoa(r.Status)
	}
	if r.Error != "" {
		s += " " + oneLine(r.Error)
	}
	return s
}

// renderFailureText is the whole story of a failed attempt as plain text:
// the failure line, the quoted YAML, the diagnostics, then the console
// errors, failed requests and blocked requests seen during the attempt.
func renderFailureText(a *results.Attempt) string {
	fi := failureOf(a)
	var b strings.Builder
	b.WriteString(fi.Message + "\n")
	if a == nil {
		return b.String()
	}
	if f := a.Failure; f != nil {
		if src := sourceText(f.Source, f.Line); src != "" {
			b.WriteString("\n" + src)
		}
		if d := renderDiagnosticsText(f.Diagnostics); d != "" {
			b.WriteString("\n" + d)
		}
	}
	if errs := consoleErrors(a); len(errs) > 0 {
		fmt.Fprintf(&b, "\nconsole errors (%d):\n", len(errs))
		for i, c := range errs {
			if i == maxConsoleLines {
				fmt.Fprintf(&b, "  … %d more\n", len(errs)-i)
				break
			}
			b.WriteString("  " + consoleText(c) + "\n")
		}
	}
	if len(a.Requests) > 0 {
		fmt.Fprintf(&b, "\nfailed requests (%d):\n", len(a.Requests))
		for i, r := range a.Requests {
			if i == maxRequestLines {
				fmt.Fprintf(&b, "  … %d more\n", len(a.Requests)-i)
				break
			}
			b.WriteString("  " + requestText(r) + "\n")
		}
	}
	if len(a.Blocked) > 0 {
		fmt.Fprintf(&b, "\nblocked by the allowed domains (%d):\n", len(a.Blocked))
		for i, r := range a.Blocked {
			if i == maxRequestLines {
				fmt.Fprintf(&b, "  … %d more\n", len(a.Blocked)-i)
				break
			}
			b.WriteString("  " + blockedText(r) + "\n")
		}
	}
	return b.String()
}

// blockedText is a blocked request on one line: "Script URL: why".
func blockedText(r results.Blocked) string {
	return oneLine(r.Type) + " " + clip(oneLine(r.URL), 300) + ": " + oneLine(r.Why)
}

// statusWord is the step status as printed in step logs.
func statusWord(s results.Status) string {
	if s == "" {
		return "unknown"
	}
	return oneLine(string(s))
}

// stepHead is "click Sign in" plus the step's name and phase when set.
func stepHead(s *results.Step) string {
	h := oneLine(s.Action)
	if t := oneLine(s.Target); t != "" {
		h += " " + t
	}
	if n := oneLine(s.Name); n != "" {
		h += " — " + quoted(n)
	}
	return h
}

// stepIndex is "3" or "setup 3" when the step is not in the main steps.
func stepIndex(s *results.Step) string {
	idx := oneLine(s.Index)
	if p := oneLine(s.Phase); p != "" && p != "steps" {
		return p + " " + idx
	}
	return idx
}

// renderStepLog is the step log of an attempt, one line per step (status,
// index, action, target, duration) followed by its error and log lines,
// indented.
func renderStepLog(a *results.Attempt) string {
	if a == nil {
		return ""
	}
	idxWidth := 1
	for _, s := range a.Steps {
		if s != nil && len(stepIndex(s)) > idxWidth {
			idxWidth = len(stepIndex(s))
		}
	}
	var b strings.Builder
	pad := strings.Repeat(" ", 8+idxWidth+1)
	for _, s := range a.Steps {
		if s == nil {
			continue
		}
		fmt.Fprintf(&b, "%-7s %-*s %s (%s)\n", statusWord(s.Status), idxWidth, stepIndex(s), stepHead(s), seconds(s.Duration)+"s")
		if e := oneLine(s.Error); e != "" {
			b.WriteString(pad + "error: " + e + "\n")
		}
		for _, l := range s.Log {
			if l = oneLine(l); l != "" {
				b.WriteString(pad + l + "\n")
			}
		}
	}
	return b.String()
}
