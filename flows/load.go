package flows

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// LoadOptions are what a load knows besides the flow files.
type LoadOptions struct {
	// Vars are the --var K=V overrides; their names are known to every
	// flow.
	Vars map[string]string
	// LookupEnv reads the environment (secrets:, ${env.NAME}, env.NAME);
	// nil means os.LookupEnv.
	LookupEnv func(string) (string, bool)
	// BaseURL is --base-url: with it a flow without base_url may open
	// relative paths.
	BaseURL string
	// ReadFile reads flow files (run: sub-flows, and the flow itself for
	// Load). nil reads regular files of at most MaxFlowSize bytes.
	ReadFile func(path string) ([]byte, error)
}

// MaxFlowSize is the largest flow file the default reader accepts.
const MaxFlowSize = 4 << 20

// maxRunDepth and maxSubLoads bound sub-flow loading.
const (
	maxRunDepth = 32
	maxSubLoads = 1000
)

type frame struct {
	display string
	abs     string
}

// loader holds the state of one Load or Parse: its errors and the chain
// of flows being loaded (for cycles).
type loader struct {
	opts     LoadOptions
	errs     Errors
	stack    []frame
	cache    map[string][]byte
	subLoads int
	// vars are the variables declared or read by every flow loaded.
	vars map[string]bool
}

func newLoader(opts LoadOptions) *loader {
	if opts.LookupEnv == nil {
		opts.LookupEnv = os.LookupEnv
	}
	if opts.ReadFile == nil {
		opts.ReadFile = readFlowFile
	}
	return &loader{opts: opts, cache: map[string][]byte{}, vars: map[string]bool{}}
}

func readFlowFile(path string) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fmt.Errorf("%s is a folder, not a flow file", path)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	if st.Size() > MaxFlowSize {
		return nil, fmt.Errorf("%s is larger than %d bytes", path, MaxFlowSize)
	}
	return os.ReadFile(path)
}

func absPath(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	if r, err := filepath.EvalSymlinks(a); err == nil {
		return r
	}
	return a
}

func (ld *loader) read(path string) ([]byte, error) {
	abs := absPath(path)
	if b, ok := ld.cache[abs]; ok {
		return b, nil
	}
	b, err := ld.opts.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ld.cache[abs] = b
	return b, nil
}

func (ld *loader) result(f *Flow) (*Flow, error) {
	f.VarsUsed = ld.varNames()
	if len(ld.errs) > 0 {
		return f, sortErrors(ld.errs, f.File)
	}
	return f, nil
}

// Load reads, parses and validates a flow file, with its `run:` sub-flows
// (paths relative to the flow file). On errors it returns the flow as far
// as it could be read and every error, as Errors.
func Load(path string, opts LoadOptions) (*Flow, error) {
	ld := newLoader(opts)
	src, err := ld.read(path)
	if err != nil {
		return nil, Errors{{Pos: Pos{File: path}, Msg: "cannot read the flow: " + unwrapPathError(err)}}
	}
	ld.stack = []frame{{display: path, abs: absPath(path)}}
	return ld.result(ld.parse(path, src, subCtx{}))
}

// Parse parses and validates a flow from its source; file names it in
// errors and is where `run:` sub-flows and upload files are looked up
// from. Errors are returned as Errors.
func Parse(file string, src []byte, opts LoadOptions) (*Flow, error) {
	ld := newLoader(opts)
	ld.stack = []frame{{display: file, abs: absPath(file)}}
	return ld.result(ld.parse(file, src, subCtx{}))
}

func unwrapPathError(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// loadSub loads the sub-flow of a `run` step: in the context of this call
// (the names given by with:, the caller's base URL), so each call site has
// its own Loaded flow. The variables the sub-flow sets become known here.
func (p *parser) loadSub(a *Run, at *yaml.Node, with []string) {
	ld := p.ld
	display := a.Flow
	if !filepath.IsAbs(display) {
		display = filepath.Join(p.dir, display)
	}
	display = filepath.Clean(display)
	abs := absPath(display)
	for i, fr := range ld.stack {
		if fr.abs == abs {
			chain := make([]string, 0, len(ld.stack)-i+1)
			for _, f := range ld.stack[i:] {
				chain = append(chain, f.display)
			}
			chain = append(chain, display)
			p.errorf(at, "run cycle: %s", strings.Join(chain, " → "))
			return
		}
	}
	if len(ld.stack) >= maxRunDepth {
		p.errorf(at, "run: sub-flows nest deeper than %d", maxRunDepth)
		return
	}
	if ld.subLoads >= maxSubLoads {
		p.errorf(at, "run: more than %d sub-flow loads", maxSubLoads)
		return
	}
	ld.subLoads++
	src, err := ld.read(display)
	if err != nil {
		p.errorf(at, "run: cannot read %s: %s", display, unwrapPathError(err))
		return
	}
	ld.stack = append(ld.stack, frame{display: display, abs: abs})
	before := len(ld.errs)
	sub, sp := ld.parseFile(display, src, subCtx{with: with, hasBase: p.hasBase})
	ld.stack = ld.stack[:len(ld.stack)-1]
	a.Loaded = sub
	for _, name := range sub.Exports() {
		p.known[name] = true
	}
	// with: names must be variables the sub-flow declares or uses (when
	// it could be read whole: errors about what the run needs do not
	// count).
	if inFiles, _ := ld.errs[before:].SplitNeeds(); len(inFiles) > 0 {
		return
	}
	var names []string
	for _, v := range sub.Vars {
		names = append(names, v.Name)
	}
	for n := range sp.used {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, w := range a.With {
		if !contains(names, w.Name) {
			p.errorAt(w.Pos, "with: %s neither declares nor uses variable %q%s", display, w.Name, didYouMean(w.Name, names))
		}
	}
}

// Exports lists the variables a flow sets for the steps after it: extract
// vars, `result` after an eval, `response` after a request and `download`
// after a step that can download, through groups, repeats and sub-flows.
// A `run` step copies them back to its caller.
func (f *Flow) Exports() []string {
	set := map[string]bool{}
	var walk func([]*Step, int)
	walk = func(steps []*Step, depth int) {
		if depth > 64 {
			return
		}
		for _, s := range steps {
			if s.CanDownload() {
				set[DownloadVar] = true
			}
			switch a := s.Action.(type) {
			case *Extract:
				if a.Var != "" {
					set[a.Var] = true
				}
			case *Eval:
				set[resultVar] = true
			case *Request:
				set[responseVar] = true
			case *Group:
				walk(a.Steps, depth+1)
			case *Repeat:
				walk(a.Steps, depth+1)
			case *Run:
				if a.Loaded != nil {
					for _, n := range a.Loaded.Exports() {
						set[n] = true
					}
				}
			}
		}
	}
	walk(f.Setup, 0)
	walk(f.Steps, 0)
	walk(f.Teardown, 0)
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Path resolves a path written in the flow (upload files) against the
// flow file's folder.
func (f *Flow) Path(rel string) string {
	if filepath.IsAbs(rel) {
		return rel
	}
	return filepath.Join(filepath.Dir(f.File), rel)
}

// AllSteps is setup, steps and teardown in order.
func (f *Flow) AllSteps() []*Step {
	out := make([]*Step, 0, len(f.Setup)+len(f.Steps)+len(f.Teardown))
	out = append(out, f.Setup...)
	out = append(out, f.Steps...)
	return append(out, f.Teardown...)
}

// CheckUniqueNames reports flows that share a name (names are unique
// within a run).
func CheckUniqueNames(flows []*Flow) Errors {
	var errs Errors
	first := map[string]*Flow{}
	for _, f := range flows {
		if f == nil || f.Name == "" {
			continue
		}
		if g, ok := first[f.Name]; ok {
			errs = append(errs, &Error{Pos: f.Pos, Msg: fmt.Sprintf("flow name %q is already used by %s", f.Name, g.File)})
			continue
		}
		first[f.Name] = f
	}
	return errs
}

// noteVars adds the variables a parsed flow declares or reads to those of
// the load (Flow.VarsUsed).
func (ld *loader) noteVars(p *parser) {
	for n := range p.used {
		ld.vars[n] = true
	}
	for _, v := range p.flow.Vars {
		ld.vars[v.Name] = true
	}
}

func (ld *loader) varNames() []string {
	out := make([]string, 0, len(ld.vars))
	for n := range ld.vars {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
