package reports

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/smokeflow/smokeflow/results"
)

// JUnit XML, in the shape Jenkins, GitLab, Azure DevOps and the
// test-reporter actions read (the Ant format plus Surefire's rerun
// elements). testdata/reports/junit.xsd is the schema the tests hold it to.
//
// Text bodies are written as CDATA so that their newlines stay readable;
// attribute values are escaped by encoding/xml. Every string goes through
// clean, which drops what XML 1.0 forbids (NUL, ESC of terminal colours…).

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name       string           `xml:"name,attr"`
	Tests      int              `xml:"tests,attr"`
	Failures   int              `xml:"failures,attr"`
	Errors     int              `xml:"errors,attr"`
	Skipped    int              `xml:"skipped,attr"`
	Time       string           `xml:"time,attr"`
	Timestamp  string           `xml:"timestamp,attr,omitempty"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Cases      []junitCase      `xml:"testcase"`
}

type junitProperties struct {
	Props []junitProperty `xml:"property"`
}

type junitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

type junitCase struct {
	Name       string           `xml:"name,attr"`
	Classname  string           `xml:"classname,attr"`
	Time       string           `xml:"time,attr"`
	Properties *junitProperties `xml:"properties,omitempty"`
	Skipped    *junitSkipped    `xml:"skipped,omitempty"`
	Failure    *junitFailure    `xml:"failure,omitempty"`
	Reruns     []junitRerun     `xml:"rerunFailure"`
	Flakes     []junitRerun     `xml:"flakyFailure"`
	SystemOut  *junitText       `xml:"system-out,omitempty"`
}

type junitSkipped struct {
	Message string `xml:"message,attr,omitempty"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Body    string `xml:",cdata"`
}

// junitRerun is Surefire's rerunFailure / flakyFailure: the body goes in
// stackTrace, the attempt's step log in system-out.
type junitRerun struct {
	Message    string     `xml:"message,attr"`
	Type       string     `xml:"type,attr"`
	StackTrace *junitText `xml:"stackTrace,omitempty"`
	SystemOut  *junitText `xml:"system-out,omitempty"`
}

type junitText struct {
	Text string `xml:",cdata"`
}

// junitTimestamp is the Ant timestamp format (no zone); smokeflow writes
// UTC.
const junitTimestamp = "2006-01-02T15:04:05"

// WriteJUnit writes run as JUnit XML: one <testsuite name="smokeflow"> in a
// <testsuites>, one <testcase> per flow (docs/results.md "JUnit XML").
func WriteJUnit(w io.Writer, run *results.Run) error {
	if run == nil {
		return errors.New("reports: no run to write")
	}
	sum := run.Summary()
	suite := junitSuite{
		Name:     "smokeflow",
		Tests:    len(run.Flows),
		Failures: sum.Failed,
		Skipped:  sum.Skipped + sum.Quarantined, // a held failure is a <skipped> (junitHeld)
		Time:     seconds(run.Duration),
	}
	if !run.StartedAt.IsZero() {
		suite.Timestamp = run.StartedAt.UTC().Format(junitTimestamp)
	}
	var props []junitProperty
	addProp := func(name, value string) {
		if value = oneLine(value); value != "" {
			props = append(props, junitProperty{Name: name, Value: value})
		}
	}
	addProp("tool", run.Tool)
	addProp("base_url", run.BaseURL)
	addProp("browser", run.Browser)
	addProp("shard", run.Shard)
	if run.Interrupted {
		addProp("interrupted", "true")
	}
	if len(props) > 0 {
		suite.Properties = &junitProperties{Props: props}
	}
	for _, f := range run.Flows {
		if f != nil {
			suite.Cases = append(suite.Cases, junitCaseOf(run, f))
		}
	}
	suite.Tests = len(suite.Cases)
	doc := junitSuites{
		Name:     "smokeflow",
		Tests:    suite.Tests,
		Failures: suite.Failures,
		Errors:   suite.Errors,
		Time:     suite.Time,
		Suites:   []junitSuite{suite},
	}

	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("reports: write junit: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("reports: write junit: %w", err)
	}
	if err := enc.Close(); err != nil {
		return fmt.Errorf("reports: write junit: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("reports: write junit: %w", err)
	}
	return nil
}

// junitCaseOf is the <testcase> of one flow.
func junitCaseOf(run *results.Run, f *results.Flow) junitCase {
	c := junitCase{
		Name:      oneLine(f.Name),
		Classname: oneLine(f.File),
		Time:      seconds(f.Duration),
	}
	// The schema wants both non-empty; the runner always sets them, but a
	// report must not become invalid when it does not.
	if c.Classname == "" {
		c.Classname = "smokeflow"
	}
	if c.Name == "" {
		c.Name = c.Classname
	}
	final := f.Final()
	c.Properties = junitCompare(junitHistory(junitQuarantine(f, junitVitals(final)), f.History), f.Compare)
	switch {
	case f.Held():
		junitHeld(&c, run, f, final)
		return c
	case f.Status == results.Skipped:
		c.Skipped = &junitSkipped{Message: oneLine(f.SkipReason)}
		if c.Skipped.Message == "" {
			c.Skipped.Message = "skipped"
		}
	case f.Status == results.Failed:
		fi := failureOf(final)
		c.Failure = &junitFailure{Message: fi.Message, Type: fi.Type, Body: renderFailureText(final)}
		for _, a := range failedAttempts(f) {
			if a != final {
				c.Reruns = append(c.Reruns, junitRerunOf(run, a))
			}
		}
	case f.Status == results.Flaky:
		for _, a := range failedAttempts(f) {
			c.Flakes = append(c.Flakes, junitRerunOf(run, a))
		}
	}
	if out := junitSystemOut(run, final, len(f.Attempts)); out != "" {
		c.SystemOut = &junitText{Text: out}
	}
	return c
}

// junitQuarantine adds to props the flow's quarantine, a property each:
// quarantine.owner, quarantine.until, quarantine.reason, quarantine.active
// (docs/results.md "JUnit").
func junitQuarantine(f *results.Flow, props *junitProperties) *junitProperties {
	q := f.Quarantine
	if q == nil {
		return props
	}
	if props == nil {
		props = &junitProperties{}
	}
	props.Props = append(props.Props,
		junitProperty{Name: "quarantine.owner", Value: oneLine(q.Owner)},
		junitProperty{Name: "quarantine.until", Value: q.Until},
		junitProperty{Name: "quarantine.reason", Value: oneLine(q.Reason)},
		junitProperty{Name: "quarantine.active", Value: strconv.FormatBool(q.Active)})
	return props
}

// junitHeld writes a failure an active quarantine holds as Playwright's
// JUnit writes a test.fixme: a <skipped>, so that CI does not count it as
// a failure, its message saying whose quarantine it is and what failed; the
// failure's text and the step log go in <system-out> (docs/results.md
// "JUnit").
func junitHeld(c *junitCase, run *results.Run, f *results.Flow, final *results.Attempt) {
	q := f.Quarantine
	fi := failureOf(final)
	c.Skipped = &junitSkipped{Message: oneLine(fmt.Sprintf("quarantined until %s (owner %s): failed: %s", q.Until, q.Owner, fi.Message))}
	out := renderFailureText(final)
	if log := junitSystemOut(run, final, len(f.Attempts)); log != "" {
		out += "\n" + log
	}
	c.SystemOut = &junitText{Text: out}
}

// junitVitals are the figures the attempt's vitals steps read, a
// property each: vitals.lcp = "1.35 s (over budget 1 s), step 3"
// (docs/flows.md "Web vitals").
func junitVitals(a *results.Attempt) *junitProperties {
	if a == nil {
		return nil
	}
	var props []junitProperty
	for _, s := range a.Steps {
		for _, v := range s.Vitals {
			val := strings.TrimPrefix(v.String(), v.Name+" ")
			props = append(props, junitProperty{Name: "vitals." + v.Name, Value: oneLine(val + ", step " + s.Index)})
		}
	}
	if len(props) == 0 {
		return nil
	}
	return &junitProperties{Props: props}
}

// junitRerunOf is a <rerunFailure> or <flakyFailure> for a failed attempt.
func junitRerunOf(run *results.Run, a *results.Attempt) junitRerun {
	fi := failureOf(a)
	r := junitRerun{
		Message:    fmt.Sprintf("attempt %d: %s", a.Number, fi.Message),
		Type:       fi.Type,
		StackTrace: &junitText{Text: renderFailureText(a)},
	}
	if out := junitSystemOut(run, a, 0); out != "" {
		r.SystemOut = &junitText{Text: out}
	}
	return r
}

// junitSystemOut is the step log of attempt a followed by an
// [[ATTACHMENT|path]] line per artifact, the path joined to the artifacts
// folder so that CI plugins find it from the working directory. attempts,
// when above 1, adds a line saying which attempt the log is of.
func junitSystemOut(run *results.Run, a *results.Attempt, attempts int) string {
	if a == nil {
		return ""
	}
	var b strings.Builder
	if attempts > 1 {
		fmt.Fprintf(&b, "attempt %d of %d: %s in %ss\n", a.Number, attempts, statusWord(a.Status), seconds(a.Duration))
	}
	b.WriteString(renderStepLog(a))
	arts := attemptArtifacts(a)
	if len(arts) > 0 && b.Len() > 0 {
		b.WriteString("\n")
	}
	for _, x := range arts {
		b.WriteString("[[ATTACHMENT|" + artifactFilePath(run, x.Path) + "]]\n")
	}
	return clean(b.String())
}

// artifactFilePath is where artifact p (relative to run.ArtifactsDir, with
// forward slashes) is on disk, relative to the working directory when
// ArtifactsDir is.
func artifactFilePath(run *results.Run, p string) string {
	return filepath.Join(run.ArtifactsDir, filepath.FromSlash(oneLine(p)))
}

// itoa is strconv.Itoa, short.
func itoa(n int) string { return strconv.Itoa(n) }

// junitCompare adds to props the verdict of run --compare-to: compare.url,
// compare.verdict and compare.message (docs/running.md "Was it this
// deploy?").
func junitCompare(props *junitProperties, c *results.Compare) *junitProperties {
	if c == nil {
		return props
	}
	if props == nil {
		props = &junitProperties{}
	}
	props.Props = append(props.Props,
		junitProperty{Name: "compare.url", Value: c.URL},
		junitProperty{Name: "compare.verdict", Value: string(c.Verdict)},
		junitProperty{Name: "compare.message", Value: oneLine(c.Message)})
	return props
}
