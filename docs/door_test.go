package docs_test

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"sort"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"golang.org/x/tools/go/packages"
)

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
