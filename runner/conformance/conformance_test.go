package conformance_test

import (
	"bufio"
	"cmp"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/diagnostics"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/internal/testbrowser"
	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// A conformance case is testdata/conformance/NAME.yaml, a flow whose first
// line says what must happen:
//
//	# expect: pass ["text a step's log must hold" ...]
//	# expect: fail REASON "text the failure must contain" ["more text" ...]
//
// REASON is a diagnostics reason (not_found, ambiguous, hidden, disabled,
// covered, ...). Pages live in testdata/conformance/pages/.
type conformanceCase struct {
	file    string
	pass    bool
	reason  string
	strings []string
}

var expectLine = regexp.MustCompile(`^#\s*expect:\s*(pass|fail)\s*(\S*)\s*(.*)$`)
var quotedText = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

func conformanceCases() []conformanceCase {
	// CONFORMANCE=GLOB runs only the cases it names, while working on
	// them (docs/testing.md "Conformance")
	only := os.Getenv("CONFORMANCE")
	if only == "" {
		only = "*"
	}
	files, _ := filepath.Glob("../../testdata/conformance/" + strings.TrimSuffix(only, ".yaml") + ".yaml")
	var out []conformanceCase
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			continue
		}
		line, _ := bufio.NewReader(fh).ReadString('\n')
		fh.Close()
		c := conformanceCase{file: f}
		m := expectLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			c.reason = "MISSING # expect: LINE"
			out = append(out, c)
			continue
		}
		c.pass = m[1] == "pass"
		rest := m[3]
		if c.pass {
			rest = m[2] + " " + m[3] // a pass has no reason
		} else {
			c.reason = m[2]
		}
		for _, q := range quotedText.FindAllStringSubmatch(rest, -1) {
			c.strings = append(c.strings, strings.ReplaceAll(q[1], `\"`, `"`))
		}
		out = append(out, c)
	}
	return out
}

// conformanceWorkers run the waiting cases at once, in one runner.Run (as
// the mutation pass does): their time is a step waiting out its timeout
// on a page at rest, not CPU (docs/testing.md "Conformance").
const conformanceWorkers = 2

// aloneReasons are the failures that measure the page moving or busy (an
// animation that never stops, a step's whole timeout, an element that
// leaves mid-action): a case expecting one runs alone, as a passing case
// does, so that a neighbour's CPU cannot change its outcome
// (docs/testing.md "Conformance").
var aloneReasons = []string{"unstable", "timeout", "detached"}

// alone reports whether the case runs in the serial part of the pass.
func (c conformanceCase) alone() bool {
	return c.pass || slices.Contains(aloneReasons, c.reason)
}

// conformancePass is every case run through one runner.Run; each spec
// then asserts its own case's result.
type conformancePass struct {
	loadErr map[string]error         // by file: the flow did not load
	result  map[string]*results.Flow // by file; its first failed data row, if any
	rows    map[string]int           // by file: results (more than one: data rows)
}

// runConformance runs the waiting cases together, conformanceWorkers at
// once, then the cases that run alone one after another.
func runConformance(cases []conformanceCase) *conformancePass {
	GinkgoHelper()
	pass := &conformancePass{loadErr: map[string]error{}, result: map[string]*results.Flow{}, rows: map[string]int{}}
	var waiting, alone []conformanceCase
	for _, c := range cases {
		if c.alone() {
			alone = append(alone, c)
		} else {
			waiting = append(waiting, c)
		}
	}
	var all []*results.Flow
	all = append(all, pass.run(waiting, conformanceWorkers)...)
	all = append(all, pass.run(alone, 1)...)
	slowest := slices.SortedFunc(slices.Values(all), func(a, b *results.Flow) int { return cmp.Compare(b.Duration, a.Duration) })
	for _, f := range slowest[:min(10, len(slowest))] {
		GinkgoWriter.Printf("  %s  %s (%s)\n", f.Duration.Round(100*time.Millisecond), filepath.Base(f.File), f.Status)
	}
	return pass
}

// run runs cases through one runner.Run with workers, keeping each
// result (or load error) by file.
func (pass *conformancePass) run(cases []conformanceCase, workers int) []*results.Flow {
	GinkgoHelper()
	var list []*flows.Flow
	var files []string
	for _, c := range cases {
		f, err := flows.Load(c.file, flows.LoadOptions{BaseURL: fixture.URL})
		if err != nil {
			pass.loadErr[c.file] = err
			continue
		}
		list = append(list, f)
		files = append(files, c.file)
	}
	if len(list) == 0 {
		return nil
	}
	// No trace: the cases assert outcomes and failure text, never a trace
	// (runner/trace_test.go does), and the screencast was a fifth of the
	// pass's CPU time (docs/testing.md "Keeping `make test` short")
	cfg := runner.Config{Use: shared, BaseURL: fixture.URL, Workers: workers, ArtifactsDir: GinkgoT().TempDir(), Trace: runner.TraceOff}
	run, err := runner.Run(context.Background(), cfg, list)
	Expect(err).NotTo(HaveOccurred())
	var flowTime time.Duration
	for _, f := range run.Flows {
		// a flow with data rows gives a result per row, in its file's
		// order (docs/flows.md "Data rows"): the case is its first failed
		// row, else its first
		if prev := pass.result[f.File]; prev == nil || prev.Status != results.Failed && f.Status == results.Failed {
			pass.result[f.File] = f
		}
		pass.rows[f.File]++
		flowTime += f.Duration
	}
	for _, file := range files {
		Expect(pass.result).To(HaveKey(file), "a result for every case, by its file")
	}
	GinkgoWriter.Printf("%d conformance flows, %d at once: %s of flow time in %s\n", len(run.Flows), workers, flowTime.Round(time.Second), run.Duration.Round(time.Second))
	return run.Flows
}

var _ = Describe("Conformance", Ordered, ContinueOnFailure, func() {
	cases := conformanceCases()
	var pass *conformancePass
	BeforeAll(func() {
		pass = runConformance(cases)
	})
	It("has cases", func() {
		Expect(len(cases)).To(BeNumerically(">", 0))
	})
	for _, c := range cases {
		It(filepath.Base(c.file), func() { pass.check(c) })
	}
})

// check asserts what a case's first line says of its result.
func (pass *conformancePass) check(c conformanceCase) {
	GinkgoHelper()
	Expect(c.reason).NotTo(Equal("MISSING # expect: LINE"), "first line must be # expect: pass|fail ...")
	Expect(pass.loadErr[c.file]).NotTo(HaveOccurred())
	res := pass.result[c.file]
	Expect(res).NotTo(BeNil())
	text := testbrowser.FailureText(res)
	if pass.rows[c.file] > 1 {
		text = res.Name + ": " + text // which data row
	}
	if c.pass {
		Expect(res.Status).To(Equal(results.Passed), text)
		var logs []string
		for _, st := range res.Final().Steps {
			logs = append(logs, st.Log...)
		}
		for _, want := range c.strings {
			Expect(strings.Join(logs, "\n")).To(ContainSubstring(want), "a step's log")
		}
		return
	}
	Expect(res.Status).To(Equal(results.Failed), "the flow must fail")
	fl := res.Final().Failure
	Expect(fl).NotTo(BeNil())
	Expect(fl.Reason.Known()).To(BeTrue(), "every failure has a reason of docs/results.md: "+text)
	Expect(fl.File).NotTo(BeEmpty(), text)
	Expect(fl.Line).To(BeNumerically(">", 0), text)
	if c.reason != "" {
		Expect(fl.Reason).To(Equal(diagnostics.Reason(c.reason)), text)
	}
	for _, s := range c.strings {
		Expect(text).To(ContainSubstring(s))
	}
}
