package docs_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"strings"

	"go/ast"
	"go/types"
	"path/filepath"
	"sort"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"golang.org/x/tools/go/packages"
)

const module = "github.com/smokeflow/smokeflow/"

// layers is the one way imports run (docs/architecture.md "Imports run one
// way"): a package of the chain may import only those before it.
// A package below a layer's folder (agent/daemon) belongs to that layer,
// and may import the rest of its layer.
var layers = []string{"flows", "locate", "browser", "session", "runner", "agent", "cmd/smokeflow-cli"}

// layerOf is the layer that holds pkg, and whether one does: a package
// of sideRules is off the chain, wherever its folder is.
func layerOf(pkg string) (int, bool) {
	if _, side := sideRules[pkg]; side {
		return 0, false
	}
	for i, l := range layers {
		if pkg == l || strings.HasPrefix(pkg, l+"/") {
			return i, true
		}
	}
	return 0, false
}

// sideRules are the packages off the chain and what they may import of
// the project; internal/ packages may be imported by any. explore drives
// pages through session, as the runner does, and is imported by the
// command line only. agent/wire is the client's side of a session's
// socket, of the standard library alone, so that cmd/smokeflow, the front,
// starts in a few milliseconds (docs/agent-session.md "The front").
var sideRules = map[string][]string{
	"agent/wire":    {},
	"cmd/smokeflow": {"agent/wire"},
	"diagnostics":   {},
	"diffs":         {},
	"results":       {"diagnostics"},
	"reports":       {"results", "diagnostics"},
	"notify":        {"results", "diagnostics"},
	"history":       {"results"},
	"explore":       {"flows", "locate", "browser", "session", "results", "diagnostics"},
}

// importsOf lists each package of the module with the module packages it
// imports (not its tests).
func importsOf() map[string][]string {
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "../...")
	out, err := cmd.Output()
	Expect(err).NotTo(HaveOccurred(), "go list")
	deps := map[string][]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		pkg := strings.TrimPrefix(f[0], module)
		deps[pkg] = nil
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, module) {
				deps[pkg] = append(deps[pkg], strings.TrimPrefix(imp, module))
			}
		}
	}
	return deps
}

// layoutViolations says which imports break the rules.
func layoutViolations(deps map[string][]string) []string {
	var bad []string
	for pkg, imps := range deps {
		for _, imp := range imps {
			if strings.HasPrefix(imp, "internal/") {
				continue
			}
			if allowed, ok := sideRules[pkg]; ok {
				if !contains(allowed, imp) {
					bad = append(bad, fmt.Sprintf("%s imports %s", pkg, imp))
				}
				continue
			}
			r, inChain := layerOf(pkg)
			ri, impInChain := layerOf(imp)
			if inChain && impInChain && (ri > r || ri == r && !sameLayerImport(pkg, imp)) {
				bad = append(bad, fmt.Sprintf("%s imports %s, which comes after it", pkg, imp))
			}
			for _, side := range []string{"reports", "notify", "explore", "history"} {
				if inChain && imp == side && pkg != "cmd/smokeflow-cli" {
					bad = append(bad, fmt.Sprintf("%s imports %s", pkg, side))
				}
			}
		}
	}
	return bad
}

// sameLayerImport: within a layer, a package below its folder may import
// the packages above it (agent/daemon imports agent), not the reverse.
func sameLayerImport(pkg, imp string) bool {
	return strings.HasPrefix(pkg, imp+"/")
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

var _ = Describe("the package layout", func() {
	It("has imports that run one way, as docs/architecture.md draws them", func() {
		deps := importsOf()
		for _, l := range append(layers, "agent/wire", "cmd/smokeflow", "diagnostics", "diffs", "results", "reports", "notify", "explore", "history") {
			Expect(deps).To(HaveKey(l))
		}
		Expect(layoutViolations(deps)).To(BeEmpty())
	})

	It("catches an import that runs the wrong way", func() {
		Expect(layoutViolations(map[string][]string{
			"locate":  {"flows", "browser"},
			"results": {"flows"},
			"session": {"reports"},
			"agent":   {"agent/daemon", "runner", "explore"},
			"explore": {"session", "runner"},
			"history": {"flows"},
			"runner":  {"history"},
			// the front and the wire: the standard library alone
			"cmd/smokeflow": {"agent/wire", "agent"},
			"agent/wire":    {"flows"},
		})).To(ConsistOf(
			"cmd/smokeflow imports agent",
			"agent/wire imports flows",
			"agent imports agent/daemon, which comes after it",
			"agent imports explore",
			"explore imports runner",
			"history imports flows",
			"locate imports browser, which comes after it",
			"results imports flows",
			"runner imports history",
			"session imports reports",
		))
	})

	It("keeps locate free of the DevTools protocol", func() {
		out, err := exec.Command("go", "list", "-deps", "../locate").Output()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).NotTo(ContainSubstring("github.com/go-rod/"))
	})
})

// frontEnds are the packages that drive pages through the session only
// (docs/architecture.md "The session is the only door"): the runner, the
// agent and below, the explorer, the command line and below.
var frontEnds = []string{"../runner/...", "../agent/...", "../explore/...", "../cmd/..."}

// pageType is the type no front end may touch.
const pageType = module + "browser.Page"

// pageUses type-checks the packages of patterns (not their tests) and
// lists, one per line of source, the expressions whose type is or holds
// browser.Page: the type itself, a value of it, a method or field of
// it, anything that yields one. A named type of another package (a
// session.Tab) is not looked into: what it holds is out of reach.
func pageUses(patterns ...string) []string {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, patterns...)
	Expect(err).NotTo(HaveOccurred(), "loading %v", patterns)
	Expect(pkgs).NotTo(BeEmpty())
	first := map[string]ast.Expr{} // by file:line, the expression that starts first on it
	for _, p := range pkgs {
		Expect(p.Errors).To(BeEmpty(), "type-checking %s", p.PkgPath)
		for e, tv := range p.TypesInfo.Types {
			if !holdsPage(tv.Type, map[types.Type]bool{}) {
				continue
			}
			pos := p.Fset.Position(e.Pos())
			at := fmt.Sprintf("%s/%s:%d", filepath.Base(filepath.Dir(pos.Filename)), filepath.Base(pos.Filename), pos.Line)
			if f, ok := first[at]; !ok || e.Pos() < f.Pos() || e.Pos() == f.Pos() && e.End() > f.End() {
				first[at] = e
			}
		}
	}
	var out []string
	for at, e := range first {
		out = append(out, fmt.Sprintf("%s: %s", at, types.ExprString(e)))
	}
	sort.Strings(out)
	return out
}

// holdsPage says whether t is browser.Page or is made of it (a pointer,
// slice, map, channel, function or unnamed struct with one in it).
func holdsPage(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.Named:
		return t.Obj().Pkg() != nil && t.Obj().Pkg().Path()+"."+t.Obj().Name() == pageType
	case *types.Alias:
		return holdsPage(types.Unalias(t), seen)
	case *types.Pointer:
		return holdsPage(t.Elem(), seen)
	case *types.Slice:
		return holdsPage(t.Elem(), seen)
	case *types.Array:
		return holdsPage(t.Elem(), seen)
	case *types.Map:
		return holdsPage(t.Key(), seen) || holdsPage(t.Elem(), seen)
	case *types.Chan:
		return holdsPage(t.Elem(), seen)
	case *types.Tuple:
		for i := range t.Len() {
			if holdsPage(t.At(i).Type(), seen) {
				return true
			}
		}
	case *types.Signature:
		if r := t.Recv(); r != nil && holdsPage(r.Type(), seen) {
			return true
		}
		return holdsPage(t.Params(), seen) || holdsPage(t.Results(), seen)
	case *types.Struct:
		for i := range t.NumFields() {
			if holdsPage(t.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

var _ = Describe("the session is the only door", func() {
	It("keeps browser.Page out of the front ends", func() {
		Expect(pageUses(frontEnds...)).To(BeEmpty())
	})

	It("catches a front end that reaches the page", func() {
		Expect(pageUses("./testdata/door")).To(ConsistOf(
			"door/door.go:13: struct{page *browser.Page}",
			"door/door.go:14: *browser.Page",
			`door/door.go:18: bc.OpenPage(ctx, browser.PageOptions{}, "", "")`,
			"door/door.go:19: p",
			"door/door.go:20: bc.OpenPage",
			"door/door.go:21: open",
			"door/door.go:22: h.page",
		))
	})
})
