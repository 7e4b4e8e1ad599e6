package explore

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/words"
	"github.com/smokeflow/smokeflow/session"
)

// Report is what a walk did and found (docs/explore.md "The report").
type Report struct {
	URL        string      `json:"url"`
	Started    time.Time   `json:"started"`
	TookMS     int64       `json:"took_ms"`
	Stopped    string      `json:"stopped"` // why the walk ended
	Scope      []string    `json:"scope"`
	Avoid      []string    `json:"avoid"`
	AxeVersion string      `json:"axe_version"`
	Pages      []PageVisit `json:"pages"`
	Actions    int         `json:"actions"`
	Findings   []*Finding  `json:"findings"`
	Skipped    []Skip      `json:"skipped"`

	base  *url.URL
	shots map[string][]byte
}

// Count is the number of findings of a severity.
func (r *Report) Count(s Severity) int {
	n := 0
	for _, f := range r.Findings {
		if f.Severity == s {
			n++
		}
	}
	return n
}

// report numbers the findings, worst first, and names their files.
func (w *walker) report() *Report {
	for _, f := range w.findings {
		f.Title, f.Severity = causeTitle(f, relative(w.start, f.Page)), severityOf(f)
	}
	order(w.findings)
	for i, f := range w.findings {
		slug := session.FlowSlug(f.Title)
		if len(slug) > 50 {
			slug = strings.TrimRight(slug[:50], "-")
		}
		f.Flow = fmt.Sprintf("flows/f%02d-%s.yaml", i+1, slug)
		if f.shot != "" {
			f.Screenshot = "screenshots/" + f.shot + ".png"
		}
		f.Steps = nil
		for _, s := range f.repro {
			if s.say != "" {
				f.Steps = append(f.Steps, s.say)
			}
		}
	}
	return &Report{URL: w.start.String(), Started: w.began, TookMS: time.Since(w.began).Milliseconds(),
		Stopped: w.stopped, Scope: w.scope.prefixes, Avoid: w.avoid.src, AxeVersion: AxeVersion, Pages: w.pages,
		Actions: w.actions, Findings: w.findings, Skipped: w.skipped, base: w.start, shots: w.shots}
}

// marker marks a folder as the explore report's: Write empties only
// such a folder's flows and screenshots.
const marker = ".smokeflow-explore"

// FolderError is a folder Write will not write into: it holds files and
// is not an explore report's.
type FolderError struct{ Dir string }

func (e *FolderError) Error() string {
	return fmt.Sprintf("%s holds files and is not an explore report's folder (it has no %s); choose another", e.Dir, marker)
}

// Write writes the report into dir: explore-report.md,
// explore-report.json, flows/ with a repro flow per finding, and
// screenshots/. An earlier report's files there are replaced.
func (r *Report) Write(dir string) error {
	if err := prepareDir(dir); err != nil {
		return err
	}
	for name, png := range r.shots {
		if err := os.WriteFile(filepath.Join(dir, "screenshots", name+".png"), png, 0o644); err != nil {
			return err
		}
	}
	axe := false
	for _, f := range r.Findings {
		if err := r.writeFlow(dir, f); err != nil {
			return fmt.Errorf("writing the repro flow of %s: %w", f.ID, err)
		}
		axe = axe || f.Kind == KindAxe
	}
	if axe {
		if err := writeAxeFlow(filepath.Join(dir, "flows", filepath.FromSlash(axeFlowPath))); err != nil {
			return fmt.Errorf("writing the axe-core sub-flow: %w", err)
		}
	}
	js, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "explore-report.json"), append(js, '\n'), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "explore-report.md"), []byte(r.Markdown()), 0o644)
}

// prepareDir makes dir, or empties the flows and screenshots of an
// earlier report in it.
func prepareDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if len(entries) > 0 {
		if _, err := os.Stat(filepath.Join(dir, marker)); err != nil {
			return &FolderError{Dir: dir}
		}
	}
	for _, sub := range []string{"flows", "screenshots"} {
		if err := os.RemoveAll(filepath.Join(dir, sub)); err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(dir, marker), []byte("written by smokeflow explore\n"), 0o644)
}

// flowHeader is a repro flow's fields but its steps.
type flowHeader struct {
	Name        string    `yaml:"name"`
	Description string    `yaml:"description,omitempty"`
	Tags        []string  `yaml:"tags,omitempty,flow"`
	BaseURL     string    `yaml:"base_url,omitempty"`
	Vars        *axeVars  `yaml:"vars,omitempty,flow"`
	Viewport    *viewport `yaml:"viewport,omitempty,flow"`
}

type axeVars struct {
	Rule string `yaml:"rule"`
}

type viewport struct {
	Width  int `yaml:"width"`
	Height int `yaml:"height"`
}

// flowSource writes a flow: its header, then its steps with flows' own
// writer; it is read back with flows.Parse, so that a flow the walk
// writes always loads.
func flowSource(file string, h flowHeader, steps []*flows.Step, opts flows.LoadOptions) ([]byte, error) {
	head, err := yaml.Marshal(h)
	if err != nil {
		return nil, err
	}
	body, err := flows.StepsYAML(steps)
	if err != nil {
		return nil, err
	}
	src := append(head, []byte("steps:\n"+body)...)
	if _, err := flows.Parse(file, src, opts); err != nil {
		return nil, fmt.Errorf("the flow does not read back: %w", err)
	}
	return src, nil
}

// writeFlow writes a finding's repro flow.
func (r *Report) writeFlow(dir string, f *Finding) error {
	h := flowHeader{
		Name: f.ID + ": " + f.Title,
		Description: fmt.Sprintf("Found by smokeflow explore on %s. Expected: %s. Actual: %s.\nThis flow fails while the bug is there.",
			f.Page, f.Expected, f.Actual),
		Tags:     []string{"explore", string(f.Kind), string(f.Severity)},
		BaseURL:  r.base.Scheme + "://" + r.base.Host,
		Viewport: &viewport{Width: 1280, Height: 800},
	}
	var ss []*flows.Step
	for _, s := range f.repro {
		ss = append(ss, s.step)
	}
	path := filepath.Join(dir, filepath.FromSlash(f.Flow))
	opts := flows.LoadOptions{ReadFile: func(p string) ([]byte, error) { return axeFlowStub(p) }}
	src, err := flowSource(path, h, ss, opts)
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}

// axeFlowStub stands for the axe-core sub-flow when a repro flow is read
// back before it is written: a flow with the same variable.
func axeFlowStub(p string) ([]byte, error) {
	if filepath.ToSlash(p) == "" || !strings.HasSuffix(filepath.ToSlash(p), axeFlowPath) {
		return nil, fs.ErrNotExist
	}
	return []byte("name: axe\nvars: {rule: x}\nsteps:\n- eval: \"${vars.rule}\"\n"), nil
}

// writeAxeFlow writes the sub-flow that runs one axe-core rule.
func writeAxeFlow(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	h := flowHeader{Name: "axe-core " + AxeVersion + ": one rule",
		Description: "Runs the axe-core rule vars.rule on the page and fails when an element breaks it. " +
			"axe-core is MPL-2.0, Copyright (c) Deque Systems, Inc.; its source is in the first step as it ships.",
		Vars: &axeVars{Rule: "image-alt"}}
	src, err := flowSource(path, h, []*flows.Step{
		{Name: "load axe-core " + AxeVersion, Action: &flows.Eval{JS: axeLoadJS()}},
		{Name: "axe-core rule ${vars.rule}", Action: &flows.Eval{JS: axeRuleJS}},
	}, flows.LoadOptions{})
	if err != nil {
		return err
	}
	return os.WriteFile(path, src, 0o644)
}

// Markdown is the report for people: the summary table by severity, then
// a section per finding, then what the walk left alone.
func (r *Report) Markdown() string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Explore report: %s\n\n", r.URL)
	fmt.Fprintf(&b, "smokeflow explore walked %s and tried %s in %s; it stopped because %s. It found %s.\n\n",
		words.Counted(len(r.Pages), "page"), words.Counted(r.Actions, "action"), (time.Duration(r.TookMS) * time.Millisecond).Round(100*time.Millisecond),
		r.Stopped, words.Counted(len(r.Findings), "finding"))
	b.WriteString("| severity | findings |\n|---|---|\n")
	for _, s := range Severities() {
		fmt.Fprintf(&b, "| %s | %d |\n", s, r.Count(s))
	}
	if len(r.Findings) > 0 {
		b.WriteString("\n| # | severity | category | finding |\n|---|---|---|---|\n")
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s |\n", f.ID, strings.ToLower(f.ID), f.Severity, f.Category, mdCell(f.Title))
		}
	}
	for _, f := range r.Findings {
		f.markdown(&b)
	}
	if len(r.Skipped) > 0 {
		b.WriteString("\n## Left alone\n\n")
		for _, s := range r.Skipped {
			fmt.Fprintf(&b, "- %s: %s (%s)\n", s.Page, s.What, s.Why)
		}
	}
	return b.String()
}

func (f *Finding) markdown(b *bytes.Buffer) {
	fmt.Fprintf(b, "\n<a id=\"%s\"></a>\n## %s. %s\n\n", strings.ToLower(f.ID), f.ID, f.Title)
	fmt.Fprintf(b, "- **Page:** %s\n- **Severity:** %s · **Category:** %s\n- **Repro flow:** [%s](%s) (`smokeflow run %s`)\n\n",
		f.Page, f.Severity, f.Category, f.Flow, f.Flow, f.Flow)
	if len(f.Pages) > 0 {
		fmt.Fprintf(b, "Also on: %s\n\n", strings.Join(f.Pages, ", "))
	}
	if len(f.DeadControls) > 0 {
		if f.Kind == KindDeadLinks {
			b.WriteString("The links:\n\n")
		} else {
			b.WriteString("Controls that do nothing, probably because of it:\n\n")
		}
		for _, c := range f.DeadControls {
			fmt.Fprintf(b, "- the %s on %s\n", c.Control, c.Page)
		}
		b.WriteString("\n")
	}
	b.WriteString("Steps to reproduce:\n\n")
	for i, s := range f.Steps {
		fmt.Fprintf(b, "%d. %s\n", i+1, s)
	}
	fmt.Fprintf(b, "\n**Expected:** %s  \n**Actual:** %s\n", f.Expected, f.Actual)
	if f.Screenshot != "" {
		fmt.Fprintf(b, "\n![%s](%s)\n", f.ID, f.Screenshot)
	}
	if len(f.Console) == 0 && len(f.Requests) == 0 && f.Axe == nil {
		return
	}
	b.WriteString("\n```\n")
	for _, c := range f.Console {
		fmt.Fprintf(b, "console %s: %s\n", c.Type, c.Text)
	}
	for _, r := range f.Requests {
		what := r.Error
		if r.Status != 0 {
			what = statusText(r.Status)
		}
		fmt.Fprintf(b, "%s %s %s\n", r.Method, r.URL, what)
	}
	if f.Axe != nil {
		fmt.Fprintf(b, "axe-core %s (%s): %s\n%s\n", f.Axe.Rule, f.Axe.Impact, f.Axe.Help, f.Axe.HelpURL)
		for _, n := range f.Axe.Nodes {
			fmt.Fprintf(b, "  %s  %s\n", n.Target, clip(n.HTML, 120))
		}
	}
	b.WriteString("```\n")
}

// mdCell keeps a text on one table cell.
func mdCell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}
