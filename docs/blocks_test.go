package docs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/flows"
)

// The documents whose ```yaml blocks are tested, relative to the
// repository root.
func documents() ([]string, error) {
	docs, err := filepath.Glob("*.md")
	out := []string{"README.md"}
	for _, d := range docs {
		out = append(out, "docs/"+d)
	}
	return out, err
}

// mode is what the test does with a block besides validating it, as its
// mark says.
type mode int

const (
	modeRun          mode = iota // no mark: a whole flow must pass on the demo shop
	modeValidateOnly             // <!-- doc-test: validate-only (why) -->
	modeFails                    // <!-- doc-test: fails "text" ... -->
)

// shape is what a block holds.
type shape int

const (
	shapeOther shape = iota // not a flow (a CI workflow, say): not tested
	shapeFlow               // a mapping with steps:
	shapeSteps              // a list of steps
	shapeStep               // one step (a mapping with an action key)
)

// block is one ```yaml block of a document.
type block struct {
	doc    string // "docs/flows.md"
	fence  int    // the line of the opening ```yaml
	indent int    // the fence's indentation, taken off every line
	src    string // the lines between the fences
	mode   mode
	wants  []string // fails: texts the failure must contain
	bad    string   // a malformed mark or block: what is wrong
	shape  shape
	// path is where the test writes the flow, relative to the project
	// folder: the path a whole flow names in a first-line comment
	// (`# flows/_lib/login.yaml`), or flows/DOC-LINE.yaml.
	path string
	// header is what the test adds before src to make a fragment a flow;
	// headerLines is its number of lines.
	header      string
	headerLines int
}

// String names the block by its document and line.
func (b *block) String() string { return fmt.Sprintf("%s:%d", b.doc, b.fence) }

// docLine is the document line of a line of the written flow file.
func (b *block) docLine(fileLine int) int { return b.fence + fileLine - b.headerLines }

// docCol is the document column of a column of the written flow file.
func (b *block) docCol(fileCol int) int {
	if b.shape == shapeStep {
		fileCol -= len(stepIndent)
	}
	return fileCol + b.indent
}

var (
	fenceRe = regexp.MustCompile("^\\s*```(yaml|yml)\\s*$")
	markRe  = regexp.MustCompile(`^<!--\s*doc-test:\s*(.*?)\s*-->$`)
	onlyRe  = regexp.MustCompile(`^validate-only\s+\(\S.*\)$`)
	failsRe = regexp.MustCompile(`^fails((?:\s+"[^"]+")+)$`)
	quoteRe = regexp.MustCompile(`"([^"]+)"`)
	pathRe  = regexp.MustCompile(`^#\s*([\w./-]+\.ya?ml)\b`)
)

// readBlocks returns the ```yaml blocks of doc with their marks.
func readBlocks(doc string) ([]*block, error) {
	src, err := os.ReadFile(filepath.Join("..", doc))
	if err != nil {
		return nil, err
	}
	lines := strings.Split(string(src), "\n")
	var out []*block
	for i := 0; i < len(lines); i++ {
		if !fenceRe.MatchString(lines[i]) {
			continue
		}
		b := &block{doc: doc, fence: i + 1, indent: len(lines[i]) - len(strings.TrimLeft(lines[i], " "))}
		var body []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			body = append(body, strings.TrimPrefix(lines[i], strings.Repeat(" ", b.indent)))
		}
		if i == len(lines) {
			return nil, fmt.Errorf("%s: the block is not closed", b)
		}
		b.src = strings.Join(body, "\n") + "\n"
		b.setMark(lines[:b.fence-1])
		b.classify()
		out = append(out, b)
	}
	return out, nil
}

// setMark reads the doc-test comment on the last non-blank line before
// the block, if there is one.
func (b *block) setMark(before []string) {
	for j := len(before) - 1; j >= 0; j-- {
		l := strings.TrimSpace(before[j])
		if l == "" {
			continue
		}
		m := markRe.FindStringSubmatch(l)
		switch {
		case m == nil:
		case onlyRe.MatchString(m[1]):
			b.mode = modeValidateOnly
		case failsRe.MatchString(m[1]):
			b.mode = modeFails
			for _, q := range quoteRe.FindAllStringSubmatch(m[1], -1) {
				b.wants = append(b.wants, q[1])
			}
		default:
			b.bad = fmt.Sprintf("unknown mark %q: write `validate-only (WHY)` or `fails \"TEXT\" ...`", m[1])
		}
		return
	}
}

// classify sets the block's shape, path and header.
func (b *block) classify() {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(b.src), &doc); err != nil || len(doc.Content) == 0 {
		b.bad = fmt.Sprintf("not YAML: %v", err)
		return
	}
	top := doc.Content[0]
	switch {
	case top.Kind == yaml.SequenceNode:
		b.shape = shapeSteps
	case top.Kind == yaml.MappingNode && hasKey(top, func(k string) bool { return k == "steps" }):
		b.shape = shapeFlow
	case top.Kind == yaml.MappingNode && hasKey(top, func(k string) bool { return slices.Contains(flows.Actions(), flows.ActionName(k)) }):
		b.shape = shapeStep
	}
	base := strings.TrimSuffix(filepath.Base(b.doc), ".md")
	b.path = fmt.Sprintf("flows/%s-%d.yaml", strings.ToLower(base), b.fence)
	if m := pathRe.FindStringSubmatch(b.src); m != nil && b.shape == shapeFlow {
		b.path = filepath.Clean(m[1])
	}
	switch {
	case b.shape == shapeFlow || b.shape == shapeOther:
	case b.mode != modeRun:
		b.bad = "a step list is only validated: it takes no mark"
	default:
		b.header = fmt.Sprintf("name: %s\n", b) + secretsLine(b.src) + "steps:\n"
		b.headerLines = strings.Count(b.header, "\n")
	}
	if b.shape == shapeOther && b.mode != modeRun {
		b.bad = "the mark is on a block that is not a flow"
	}
}

func hasKey(m *yaml.Node, ok func(string) bool) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if ok(m.Content[i].Value) {
			return true
		}
	}
	return false
}

// stepIndent is what one step is indented by to make it the item of a
// step list; its first line starts with "  - " instead.
const stepIndent = "    "

// flowSource is the file the test writes: a whole flow as it is; steps
// after the header; one step as the first item of steps.
func (b *block) flowSource() string {
	if b.shape != shapeStep {
		return b.header + b.src
	}
	lines := strings.Split(strings.TrimSuffix(b.src, "\n"), "\n")
	for i := range lines {
		if i == 0 {
			lines[i] = "  - " + lines[i]
		} else if lines[i] != "" {
			lines[i] = stepIndent + lines[i]
		}
	}
	return b.header + strings.Join(lines, "\n") + "\n"
}

var (
	secretRe = regexp.MustCompile(`\$\{secrets\.([A-Za-z_]\w*)`)
	varRes   = []*regexp.Regexp{
		regexp.MustCompile(`\$\{(?:vars\.)?([A-Za-z_]\w*)`), // ${vars.NAME}, ${NAME}
		regexp.MustCompile(`\bvars\.([A-Za-z_]\w*)`),        // vars.NAME in expressions
		regexp.MustCompile(`\bvars\["([A-Za-z_]\w*)"\]`),
	}
)

// secretsLine declares the secrets a fragment uses.
func secretsLine(src string) string {
	var names []string
	for _, m := range secretRe.FindAllStringSubmatch(src, -1) {
		if !slices.Contains(names, m[1]) {
			names = append(names, m[1])
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "secrets: [" + strings.Join(names, ", ") + "]\n"
}

// fragmentVars are the variables a fragment reads, which the flow around
// it would declare: they are given to the load as --var names.
func fragmentVars(src string) map[string]string {
	out := map[string]string{}
	for _, re := range varRes {
		for _, m := range re.FindAllStringSubmatch(src, -1) {
			switch m[1] {
			case "env", "secrets", "flow", "vars":
			default:
				out[m[1]] = "1"
			}
		}
	}
	return out
}

var placeRe = regexp.MustCompile(`([^\s(]+?\.ya?ml):(\d+)(?::(\d+))?`)

// inDocs rewrites the places FILE:LINE of the project's flow files in a
// message as the document's places, and the other paths in the project
// as relative ones.
func inDocs(msg, project string, byPath map[string]*block) string {
	msg = placeRe.ReplaceAllStringFunc(msg, func(s string) string {
		m := placeRe.FindStringSubmatch(s)
		rel, err := filepath.Rel(project, m[1])
		if err != nil {
			rel = m[1]
		}
		b := byPath[filepath.Clean(rel)]
		if b == nil {
			return s
		}
		line, err := strconv.Atoi(m[2])
		if err != nil {
			return s
		}
		place := fmt.Sprintf("%s:%d", b.doc, b.docLine(line))
		if col, err := strconv.Atoi(m[3]); err == nil {
			place += fmt.Sprintf(":%d", b.docCol(col))
		}
		return place
	})
	return strings.ReplaceAll(msg, project+string(filepath.Separator), "")
}
