package docs_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os/exec"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

const module = "github.com/smokeflow/smokeflow/"

// layers is the one way imports run (docs/architecture.md "Imports run one
// way"): a package of the chain may import only those before it.
// A package below a layer's folder (agent/daemon) belongs to that layer,
// and may import the rest of its layer.
var layers = []string{"flows", "locate", "browser", "session", "runner", "agent", "cmd/smokeflow"}

// layerOf is the layer that holds pkg, and whether one does.
func layerOf(pkg string) (int, bool) {
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
// command line only.
var sideRules = map[string][]string{
	"diagnostics": {},
	"diffs":       {},
	"results":     {"diagnostics"},
	"reports":     {"results", "diagnostics"},
	"notify":      {"results", "diagnostics"},
	"explore":     {"flows", "locate", "browser", "session", "results", "diagnostics"},
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
			for _, side := range []string{"reports", "notify", "explore"} {
				if inChain && imp == side && pkg != "cmd/smokeflow" {
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
		for _, l := range append(layers, "diagnostics", "diffs", "results", "reports", "notify", "explore") {
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
		})).To(ConsistOf(
			"agent imports agent/daemon, which comes after it",
			"agent imports explore",
			"explore imports runner",
			"locate imports browser, which comes after it",
			"results imports flows",
			"session imports reports",
		))
	})

	It("keeps locate free of the DevTools protocol", func() {
		out, err := exec.Command("go", "list", "-deps", "../locate").Output()
		Expect(err).NotTo(HaveOccurred())
		Expect(string(out)).NotTo(ContainSubstring("github.com/go-rod/"))
	})
})
