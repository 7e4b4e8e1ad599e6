package reports

import (
	"errors"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/results"
)

// DefaultMarkdownMaxBytes is the size the Markdown report stays within
// unless MarkdownOptions.MaxBytes says otherwise: 1000 KiB, under the 1 MiB
// GitHub allows a step summary, with room to spare for what else lands in
// the same summary.
const DefaultMarkdownMaxBytes = 1000 * 1024

// Caps inside one flow's section.
const (
	maxStepRows     = 100 // the first mdStepsHead and the last ones
	mdStepsHead     = 20
	maxStepLogLines = 5
)

// MarkdownOptions tune WriteMarkdown.
type MarkdownOptions struct {
	// LinkBase is put before every artifact path (which is relative to
	// run.ArtifactsDir) to make its link: typically the relative path from
	// the report's folder to the artifacts folder ("../smokeflow-results"),
	// or an https:// URL where CI publishes them. "" uses the paths as they
	// are, for a report written inside the artifacts folder. A path is
	// percent-escaped; a URL (with "://") is used as given.
	LinkBase string
	// NoLinks writes artifact paths as code (joined to run.ArtifactsDir)
	// instead of links, for places that cannot link to files, such as a
	// GitHub step summary.
	NoLinks bool
	// MaxBytes caps the report's size; 0 means DefaultMarkdownMaxBytes.
	// When the report would be longer it is cut at a section boundary and
	// says what was left out. The summary lines are always written.
	MaxBytes int
}

// WriteMarkdown writes run as a Markdown report (docs/results.md "Markdown"): the
// summary on the first line, a table of flows, then a section per failed
// and per flaky flow with the failure, the quoted YAML, the diagnostics,
// the steps and links to the artifacts; bulky detail folded in <details>.
//
// The summary line leads with the run's outcome, always shows the passed
// count and shows the failed, flaky and skipped counts only when they are
// not zero (SummaryLine):
//
//	❌ 1 failed · ✅ 12 passed · ⚠️ 1 flaky · ⏭️ 2 skipped · 2m03s
func WriteMarkdown(w io.Writer, run *results.Run, opts MarkdownOptions) error {
	if run == nil {
		return errors.New("reports: no run to write")
	}
	if _, err := io.WriteString(w, renderMarkdown(run, opts)); err != nil {
		return fmt.Errorf("reports: write markdown: %w", err)
	}
	return nil
}

// mdNoticeReserve is kept free for the line saying what was cut.
const mdNoticeReserve = 1024

func renderMarkdown(run *results.Run, opts MarkdownOptions) string {
	limit := opts.MaxBytes
	if limit <= 0 {
		limit = DefaultMarkdownMaxBytes
	}
	m := mdRenderer{run: run, opts: opts}
	var flows []*results.Flow
	for _, f := range run.Flows {
		if f != nil {
			flows = append(flows, f)
		}
	}

	var b strings.Builder
	b.WriteString(m.head(flows))
	budget := limit - mdNoticeReserve
	var cuts []string

	// Flows that get a section: failed ones first, then flaky ones.
	var detailed []*results.Flow
	for _, st := range []results.Status{results.Failed, results.Flaky} {
		for _, f := range flows {
			if f.Status == st && !f.Held() { // held failures are listed apart (mdQuarantined)
				detailed = append(detailed, f)
			}
		}
	}

	// The table: whole if it fits in its share, else the flows that did
	// not pass, else as many rows as fit.
	if len(flows) > 0 {
		share := budget - b.Len()
		if len(detailed) > 0 {
			share /= 2
		}
		table, cut := m.flowTable(flows, share)
		b.WriteString("\n" + table)
		if cut != "" {
			cuts = append(cuts, cut)
		}
	}

	for i, f := range detailed {
		sec := "\n" + m.flowSection(f)
		if i == 0 {
			sec = "\n## Failures\n" + sec
		}
		if b.Len()+len(sec) > budget {
			cuts = append(cuts, m.sectionsCut(detailed[i:]))
			break
		}
		b.WriteString(sec)
	}

	if sec := mdQuarantined(flows); sec != "" {
		if b.Len()+len(sec) > budget {
			cuts = append(cuts, "the quarantined flows are left out")
		} else {
			b.WriteString(sec)
		}
	}

	if sec := m.warnings(flows); sec != "" {
		if b.Len()+len(sec) > budget {
			cuts = append(cuts, "the warnings are left out")
		} else {
			b.WriteString(sec)
		}
	}

	if len(cuts) > 0 {
		b.WriteString("\n---\n\n✂️ **This report was cut to stay under " + sizeText(limit) + ":** " +
			strings.Join(cuts, "; ") + ". The JUnit and JSON reports have everything.\n")
	}
	return b.String()
}

// mdQuarantined is the section listing the flows under an active
// quarantine, a line each with its owner, date, reason and outcome (a
// failure's first line); "" when there are none (docs/results.md
// "Markdown").
func mdQuarantined(flows []*results.Flow) string {
	var b strings.Builder
	for _, f := range flows {
		q := f.Quarantine
		if q == nil || !q.Active {
			continue
		}
		if b.Len() == 0 {
			b.WriteString("\n## Quarantined\n\nThese flows ran; their failures do not fail the run until their date passes.\n\n")
		}
		outcome := string(f.Status)
		if f.Status == results.Failed {
			outcome = "failed: " + failureOf(f.Final()).Message
		}
		fmt.Fprintf(&b, "- 🚧 %s — owner %s, until %s: %s. %s %s\n", mdInline(clip(oneLine(f.Name), 80)), mdInline(oneLine(q.Owner)),
			q.Until, mdInline(clip(oneLine(q.Reason), 200)), statusEmoji(f.Status), mdInline(clip(outcome, 300)))
	}
	return b.String()
}

// mdMaxWarnings caps the lines of the warnings section.
const mdMaxWarnings = 50

// warnings is the section that lists the optional steps that failed, a
// line each under its flow's name (docs/results.md "Markdown"); "" when
// there are none.
func (m *mdRenderer) warnings(flows []*results.Flow) string {
	var b strings.Builder
	n := 0
	for _, f := range flows {
		for _, s := range f.Warnings() {
			if n == mdMaxWarnings {
				fmt.Fprintf(&b, "- … %s more\n", words.Count(m.run.Warnings()-n, "warning", "warnings"))
				return b.String()
			}
			if n == 0 {
				b.WriteString("\n## Warnings\n\n")
			}
			n++
			fmt.Fprintf(&b, "- ⚠️ %s: %s\n", mdInline(clip(oneLine(f.Name), 80)), mdInline(warningText(s)))
		}
	}
	return b.String()
}

// sizeText is 1000 KiB, 1 MiB or 2048 bytes.
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// sectionsCut says which flow sections were left out.
func (m *mdRenderer) sectionsCut(left []*results.Flow) string {
	var failed, flaky int
	for _, f := range left {
		if f.Status == results.Flaky {
			flaky++
		} else {
			failed++
		}
	}
	var parts []string
	if failed > 0 {
		parts = append(parts, words.Count(failed, "failed flow", "failed flows"))
	}
	if flaky > 0 {
		parts = append(parts, words.Count(flaky, "flaky flow", "flaky flows"))
	}
	return "the details of " + strings.Join(parts, " and ") + " are left out, from " + mdInline(clip(oneLine(left[0].Name), 80)) + " on"
}

type mdRenderer struct {
	run  *results.Run
	opts MarkdownOptions
}

// statusEmoji is the mark of a flow or step status.
func statusEmoji(s results.Status) string {
	switch s {
	case results.Passed:
		return "✅"
	case results.Failed:
		return "❌"
	case results.Flaky, results.Warned:
		return "⚠️"
	case results.Skipped:
		return "⏭️"
	}
	return "❔"
}

// SummaryLine is the one-line summary that opens the Markdown report:
// "❌ 1 failed · ✅ 12 passed · ⚠️ 1 flaky · ⚠️ 1 warning · ⏭️ 2 skipped ·
// 2m03s". It leads with the run's outcome (docs/results.md "Markdown"):
// "⛔ interrupted" for an interrupted run, then the failed count when a
// flow failed, so that ✅ leads only a run that passed. Zero failed,
// flaky, warning and skipped counts are left out; passed is always there.
func SummaryLine(run *results.Run) string {
	s := run.Summary()
	var parts []string
	if run.Interrupted {
		parts = append(parts, "⛔ interrupted")
	}
	if s.Failed > 0 {
		parts = append(parts, fmt.Sprintf("❌ %d failed", s.Failed))
	}
	parts = append(parts, fmt.Sprintf("✅ %d passed", s.Passed))
	if s.Flaky > 0 {
		parts = append(parts, fmt.Sprintf("⚠️ %d flaky", s.Flaky))
	}
	if s.Quarantined > 0 {
		parts = append(parts, fmt.Sprintf("🚧 %d quarantined", s.Quarantined))
	}
	if w := run.Warnings(); w > 0 {
		parts = append(parts, "⚠️ "+words.Count(w, "warning", "warnings"))
	}
	if s.Skipped > 0 {
		parts = append(parts, fmt.Sprintf("⏭️ %d skipped", s.Skipped))
	}
	parts = append(parts, human(run.Duration))
	return strings.Join(parts, " · ")
}

// head is the summary line and what the run ran against.
func (m *mdRenderer) head(flows []*results.Flow) string {
	run := m.run
	var b strings.Builder
	b.WriteString(SummaryLine(run) + "\n")
	var meta []string
	if run.Tool != "" {
		meta = append(meta, "**"+mdInline(run.Tool)+"**")
	}
	if !run.StartedAt.IsZero() {
		meta = append(meta, run.StartedAt.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	if run.BaseURL != "" {
		meta = append(meta, "base URL "+mdCode(run.BaseURL, false))
	}
	if run.Browser != "" {
		meta = append(meta, mdInline(run.Browser))
	}
	if run.Shard != "" {
		meta = append(meta, "shard "+mdInline(run.Shard))
	}
	if run.Workers > 0 {
		meta = append(meta, words.Count(run.Workers, "worker", "workers"))
	}
	if len(meta) > 0 {
		b.WriteString("\n" + strings.Join(meta, " · ") + "\n")
	}
	if run.Interrupted {
		b.WriteString("\n⛔ **The run was interrupted**: flows that had not finished are marked skipped.\n")
	}
	if len(flows) == 0 {
		b.WriteString("\nNo flows ran.\n")
	}
	return b.String()
}

var flowTableHead = []string{" ", "Flow", "File", "Duration", "Attempts"}
var flowTableAlign = []string{":-:", "---", "---", "--:", "--:"}

func (m *mdRenderer) flowRow(f *results.Flow) []string {
	name := mdInline(f.Name)
	if f.Status == results.Skipped && f.SkipReason != "" {
		name += " — skipped: " + mdInline(f.SkipReason)
	}
	if f.Status == results.Flaky {
		name += " — flaky"
	}
	if f.Held() {
		name += " — quarantined"
	}
	dur := human(f.Duration)
	if f.Status == results.Skipped && f.Duration == 0 {
		dur = "–"
	}
	return []string{statusEmoji(f.Status), name, mdCode(f.File, true), dur, itoa(len(f.Attempts))}
}

// flowTable is the table of flows within size bytes, and what it left out.
func (m *mdRenderer) flowTable(flows []*results.Flow, size int) (string, string) {
	rows := make([][]string, 0, len(flows))
	for _, f := range flows {
		rows = append(rows, m.flowRow(f))
	}
	if t := mdTable(flowTableHead, flowTableAlign, rows); len(t) <= size {
		return t, ""
	}
	// Leave out the flows that passed.
	var notPassed [][]string
	passed := 0
	for i, f := range flows {
		if f.Status == results.Passed {
			passed++
		} else {
			notPassed = append(notPassed, rows[i])
		}
	}
	note := "\n" + words.Count(passed, "flow that passed is", "flows that passed are") + " not listed.\n"
	if t := mdTable(flowTableHead, flowTableAlign, notPassed); len(t)+len(note) <= size {
		return t + note, "the table leaves out " + words.Count(passed, "passed flow", "passed flows")
	}
	// As many rows as fit, in order.
	var b strings.Builder
	b.WriteString(mdTable(flowTableHead, flowTableAlign, nil))
	n := 0
	for _, r := range rows {
		line := "| " + strings.Join(r, " | ") + " |\n"
		if b.Len()+len(line)+200 > size {
			break
		}
		b.WriteString(line)
		n++
	}
	left := len(rows) - n
	b.WriteString("\n" + words.Count(left, "more flow is", "more flows are") + " not listed.\n")
	return b.String(), "the table leaves out " + words.Count(left, "flow", "flows")
}

// flowSection is the section of a failed or flaky flow.
func (m *mdRenderer) flowSection(f *results.Flow) string {
	var b strings.Builder
	fmt.Fprintf(&b, "### %s %s\n\n", statusEmoji(f.Status), mdInline(f.Name))
	info := []string{mdCode(f.File, false)}
	n := len(f.Attempts)
	final := f.Final()
	switch f.Status {
	case results.Flaky:
		if final != nil {
			info = append(info, fmt.Sprintf("flaky: passed on attempt %d of %d", final.Number, n))
		}
	default:
		info = append(info, "failed after "+words.Count(n, "attempt", "attempts"))
	}
	info = append(info, human(f.Duration))
	b.WriteString(strings.Join(info, " · ") + "\n")
	if f.Status == results.Failed {
		if h := mdHistory(f.History); h != "" {
			b.WriteString("\n" + h)
		}
		if lines := compareLines(f.Compare); lines != nil {
			b.WriteString("\n**Compared:** " + mdInline(f.Compare.Message) + "\n")
			for _, l := range lines[1:] {
				b.WriteString("- " + mdInline(strings.TrimSpace(l)) + "\n")
			}
		}
		if lines := fixLines(f.Fix); lines != nil {
			b.WriteString("\n**Fix:** " + mdInline(lines[0]) + "\n")
			for _, l := range lines[1:] {
				b.WriteString("- " + mdInline(strings.TrimSpace(l)) + "\n")
			}
		}
	}
	if d := oneLine(f.Description); d != "" {
		b.WriteString("\n" + mdInline(d) + "\n")
	}

	failed := failedAttempts(f)
	switch {
	case f.Status == results.Failed && final != nil && final.Status == results.Failed:
		// The final attempt in full, earlier ones folded.
		if n > 1 {
			fmt.Fprintf(&b, "\n#### Attempt %d of %d\n", final.Number, n)
		}
		b.WriteString(m.attempt(final))
		for _, a := range failed {
			if a == final {
				continue
			}
			fi := failureOf(a)
			b.WriteString("\n" + details(fmt.Sprintf("Attempt %d of %d also failed: %s", a.Number, n, fi.Message), m.attempt(a)))
		}
	case len(failed) > 0:
		for _, a := range failed {
			fmt.Fprintf(&b, "\n#### Attempt %d of %d\n", a.Number, n)
			b.WriteString(m.attempt(a))
		}
	default:
		b.WriteString("\n" + mdInline(failureOf(final).Message) + "\n")
	}
	return b.String()
}

// attempt renders one failed attempt.
func (m *mdRenderer) attempt(a *results.Attempt) string {
	fi := failureOf(a)
	var b strings.Builder
	b.WriteString("\n> ❌ **" + mdInline(fi.Message) + "**\n")
	if a == nil {
		return b.String()
	}
	var d *diagnostics.Diagnostics
	if f := a.Failure; f != nil {
		if src := sourceText(f.Source, f.Line); src != "" {
			b.WriteString("\n" + mdCodeBlock(src, ""))
		}
		d = f.Diagnostics
	}
	if d != nil {
		b.WriteString(m.diagnostics(d))
	}
	if arts := attemptArtifacts(a); len(arts) > 0 {
		b.WriteString("\n**Artifacts:** " + m.artifactLinks(arts) + "\n")
		b.WriteString(m.baselineImages(arts))
	}
	if d != nil {
		b.WriteString(m.diagnosticsDetail(d))
	}
	b.WriteString(m.consoleAndRequests(a))
	b.WriteString(m.steps(a))
	return b.String()
}

// diagnostics is the short part, shown open: verdict, page, hints.
func (m *mdRenderer) diagnostics(d *diagnostics.Diagnostics) string {
	var b strings.Builder
	var lines []string
	if msg := oneLine(d.Message); msg != "" {
		lines = append(lines, mdInline(msg))
	}
	if v := oneLine(d.Verdict); v != "" {
		lines = append(lines, "**Verdict:** "+mdInline(v))
	}
	if d.Title != "" || d.URL != "" {
		p := "**Page:** "
		if d.Title != "" {
			p += mdInline(quoted(d.Title))
		}
		if d.URL != "" {
			if d.Title != "" {
				p += " — "
			}
			p += mdCode(d.URL, false)
		}
		lines = append(lines, p)
	}
	if d.Reason != "" {
		lines = append(lines, "**Reason:** "+mdCode(string(d.Reason), false))
	}
	if len(lines) > 0 {
		// Two trailing spaces would be fragile; a backslash is a hard break.
		b.WriteString("\n" + strings.Join(lines, "\\\n") + "\n")
	}
	if len(d.Hints) > 0 {
		b.WriteString("\n**Hints**\n\n")
		for _, h := range d.Hints {
			b.WriteString("- " + mdInline(h) + "\n")
		}
	}
	return b.String()
}

// diagnosticsDetail is the bulky part, folded: candidates, near misses,
// rungs, links.
func (m *mdRenderer) diagnosticsDetail(d *diagnostics.Diagnostics) string {
	var b strings.Builder
	if len(d.Candidates) > 0 {
		var rows [][]string
		for _, c := range d.Candidates {
			vis, en := "no", "no"
			if c.Visible {
				vis = "yes"
			}
			if c.Enabled {
				en = "yes"
			}
			where := mdInline(c.Region)
			if c.Frame != "" {
				where = strings.TrimPrefix(where+" · frame "+mdInline(quoted(c.Frame)), " · ")
			}
			rows = append(rows, []string{mdCode(refText(c.Ref), true), mdInline(c.Role), mdInline(c.Name),
				vis, en, mdCode(c.CoveredBy, true), mdInline(boxText(c.Box)), where})
		}
		t := mdTable([]string{"Ref", "Role", "Name", "Visible", "Enabled", "Covered by", "Box", "Where"}, nil, rows)
		b.WriteString("\n" + details(fmt.Sprintf("Candidates (%d)", len(d.Candidates)), t))
	}
	if len(d.NearMisses) > 0 {
		var rows [][]string
		for _, n := range d.NearMisses {
			rows = append(rows, []string{mdCode(refText(n.Ref), true), mdInline(n.Role), mdInline(n.Name), fmt.Sprintf("%.2f", n.Score)})
		}
		t := mdTable([]string{"Ref", "Role", "Name", "Score"}, []string{"", "", "", "--:"}, rows)
		b.WriteString("\n" + details(fmt.Sprintf("Near misses (%d)", len(d.NearMisses)), t))
	}
	if len(d.Rungs) > 0 {
		var rows [][]string
		for _, r := range d.Rungs {
			rows = append(rows, []string{mdInline(r.Rung), mdInline(r.Phrase), itoa(r.Matches), itoa(r.Visible)})
		}
		title := "Matches per rung"
		if t := oneLine(d.Target); t != "" {
			title += " for " + t
		}
		t := mdTable([]string{"Rung", "Phrase", "Matches", "Visible"}, []string{"", "", "--:", "--:"}, rows)
		b.WriteString("\n" + details(title, t))
	}
	if len(d.Links) > 0 {
		var rows [][]string
		for _, l := range d.Links {
			rows = append(rows, []string{mdInline(l.Text), mdCode(l.Href, true)})
		}
		t := mdTable([]string{"Text", "Href"}, nil, rows)
		b.WriteString("\n" + details(fmt.Sprintf("Links on the page (%d)", len(d.Links)), t))
	}
	if d.Truncated {
		b.WriteString("\n_Some lists were capped to keep the report small._\n")
	}
	return b.String()
}

// consoleAndRequests folds the attempt's console errors, failed requests
// and the requests the allowed domains blocked.
func (m *mdRenderer) consoleAndRequests(a *results.Attempt) string {
	var b strings.Builder
	if errs := consoleErrors(a); len(errs) > 0 {
		var body strings.Builder
		for i, c := range errs {
			if i == maxConsoleLines {
				fmt.Fprintf(&body, "- … %d more\n", len(errs)-i)
				break
			}
			body.WriteString("- " + mdInline(consoleText(c)) + "\n")
		}
		b.WriteString("\n" + details(fmt.Sprintf("Console errors (%d)", len(errs)), body.String()))
	}
	if len(a.Requests) > 0 {
		var body strings.Builder
		for i, r := range a.Requests {
			if i == maxRequestLines {
				fmt.Fprintf(&body, "- … %d more\n", len(a.Requests)-i)
				break
			}
			body.WriteString("- " + mdInline(requestText(r)) + "\n")
		}
		b.WriteString("\n" + details(fmt.Sprintf("Failed requests (%d)", len(a.Requests)), body.String()))
	}
	if len(a.Blocked) > 0 {
		var body strings.Builder
		for i, r := range a.Blocked {
			if i == maxRequestLines {
				fmt.Fprintf(&body, "- … %d more\n", len(a.Blocked)-i)
				break
			}
			body.WriteString("- " + mdInline(blockedText(r)) + "\n")
		}
		b.WriteString("\n" + details(fmt.Sprintf("Blocked by the allowed domains (%d)", len(a.Blocked)), body.String()))
	}
	return b.String()
}

// steps folds the attempt's steps as a table.
func (m *mdRenderer) steps(a *results.Attempt) string {
	var steps []*results.Step
	for _, s := range a.Steps {
		if s != nil {
			steps = append(steps, s)
		}
	}
	if len(steps) == 0 {
		return ""
	}
	counts := map[results.Status]int{}
	for _, s := range steps {
		counts[s.Status]++
	}
	var tally []string
	for _, st := range []results.Status{results.Passed, results.Failed, results.Warned, results.Skipped} {
		if counts[st] > 0 {
			tally = append(tally, fmt.Sprintf("%d %s", counts[st], st))
		}
	}
	row := func(s *results.Step) []string {
		var notes []string
		if e := oneLine(s.Error); e != "" {
			notes = append(notes, "error: "+mdInline(clip(e, 300)))
		}
		for i, l := range s.Log {
			if i == maxStepLogLines {
				notes = append(notes, fmt.Sprintf("… %d more log lines", len(s.Log)-i))
				break
			}
			if l = oneLine(l); l != "" {
				notes = append(notes, mdInline(clip(l, 300)))
			}
		}
		loc := ""
		if s.File != "" {
			loc = s.File
			if s.Line > 0 {
				loc += ":" + itoa(s.Line)
			}
		}
		return []string{statusEmoji(s.Status), mdInline(stepIndex(s)), mdInline(stepHead(s)), mdCode(loc, true), seconds(s.Duration) + "s", strings.Join(notes, "<br>")}
	}
	var rows [][]string
	if len(steps) <= maxStepRows {
		for _, s := range steps {
			rows = append(rows, row(s))
		}
	} else {
		tail := maxStepRows - mdStepsHead
		for _, s := range steps[:mdStepsHead] {
			rows = append(rows, row(s))
		}
		cut := len(steps) - mdStepsHead - tail
		rows = append(rows, []string{"…", "", fmt.Sprintf("%d steps not shown", cut), "", "", ""})
		for _, s := range steps[len(steps)-tail:] {
			rows = append(rows, row(s))
		}
	}
	t := mdTable([]string{" ", "#", "Step", "Where", "Duration", "Log"}, []string{":-:", "--:", "", "", "--:", ""}, rows)
	title := fmt.Sprintf("Steps of attempt %d (%s)", a.Number, strings.Join(tally, ", "))
	return "\n" + details(title, t)
}

// baselineImages shows the images of a failed screenshot comparison side
// by side: expected, actual, diff (docs/flows.md "Baselines"); "" when
// there are none, or when the report cannot link to files.
func (m *mdRenderer) baselineImages(arts []results.Artifact) string {
	if m.opts.NoLinks {
		return ""
	}
	var head, cells []string
	for _, kind := range []string{results.ArtifactExpected, results.ArtifactActual, results.ArtifactDiff} {
		for _, x := range arts {
			if x.Kind == kind && strings.HasSuffix(x.Path, ".png") {
				head = append(head, kind)
				cells = append(cells, "!["+kind+"]("+linkURL(m.opts.LinkBase, oneLine(x.Path))+")")
			}
		}
	}
	if len(cells) == 0 {
		return ""
	}
	return "\n" + mdTable(head, nil, [][]string{cells})
}

// artifactLinks links the artifacts, joined with " · ".
func (m *mdRenderer) artifactLinks(arts []results.Artifact) string {
	var out []string
	for _, x := range arts {
		p := oneLine(x.Path)
		kind := mdInline(x.Kind)
		if kind != "" {
			kind += " "
		}
		if m.opts.NoLinks {
			full := path.Join(strings.ReplaceAll(m.run.ArtifactsDir, `\`, "/"), p)
			out = append(out, kind+mdCode(full, false))
			continue
		}
		out = append(out, kind+"["+mdInline(path.Base(p))+"]("+linkURL(m.opts.LinkBase, p)+")")
	}
	return strings.Join(out, " · ")
}
