package flows_test

import (
	"errors"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("Discover", func() {
	var root string
	p := func(rel string) string { return filepath.Join(root, filepath.FromSlash(rel)) }

	BeforeEach(func() {
		root = GinkgoT().TempDir()
		for _, f := range []string{"a.yaml", "b.yml", "c.txt", ".hidden/x.yaml", "_lib/y.yaml", "sub/d.yaml", "sub/deep/e.YAML", "sub/.f.yaml", "empty/.keep"} {
			Expect(os.MkdirAll(filepath.Dir(p(f)), 0o755)).To(Succeed())
			Expect(os.WriteFile(p(f), []byte("name: x\nsteps: [snapshot]\n"), 0o644)).To(Succeed())
		}
	})

	It("walks folders recursively, leaving out . and _ names", func() {
		Expect(flows.Discover([]string{root})).To(Equal([]string{p("a.yaml"), p("b.yml"), p("sub/d.yaml"), p("sub/deep/e.YAML")}))
	})

	It("takes symlinks to flow files in a folder, as a Kubernetes ConfigMap mounts them, and no symlinked folder", func() {
		cm := p("configmap")
		Expect(os.MkdirAll(filepath.Join(cm, "..2026_12_03_00_00_00.1"), 0o755)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(cm, "..2026_12_03_00_00_00.1", "home.yaml"), []byte("name: x\nsteps: [snapshot]\n"), 0o644)).To(Succeed())
		Expect(os.Symlink("..2026_12_03_00_00_00.1", filepath.Join(cm, "..data"))).To(Succeed())
		Expect(os.Symlink("../sub", filepath.Join(cm, "linked"))).To(Succeed())
		Expect(os.Symlink("..data/home.yaml", filepath.Join(cm, "home.yaml"))).To(Succeed())
		Expect(os.Symlink("..data/gone.yaml", filepath.Join(cm, "dangling.yaml"))).To(Succeed())
		Expect(flows.Discover([]string{cm})).To(Equal([]string{filepath.Join(cm, "home.yaml")}))
		Expect(flows.Discover([]string{cm + "/*.yaml"})).To(Equal([]string{filepath.Join(cm, "home.yaml")}))
	})

	It("takes files as they are, even under _ folders", func() {
		Expect(flows.Discover([]string{p("_lib/y.yaml")})).To(Equal([]string{p("_lib/y.yaml")}))
	})

	It("expands globs with **", func() {
		Expect(flows.Discover([]string{root + "/**/*.yaml"})).To(Equal([]string{p("_lib/y.yaml"), p("a.yaml"), p("sub/d.yaml")}))
		Expect(flows.Discover([]string{root + "/**"})).To(Equal([]string{p("_lib/y.yaml"), p("a.yaml"), p("b.yml"), p("sub/d.yaml"), p("sub/deep/e.YAML")}))
		Expect(flows.Discover([]string{root + "/*.y*ml"})).To(Equal([]string{p("a.yaml"), p("b.yml")}))
		Expect(flows.Discover([]string{root + "/sub/**/e.*"})).To(Equal([]string{p("sub/deep/e.YAML")}))
		Expect(flows.Discover([]string{root + "/s?b/[d]*"})).To(Equal([]string{p("sub/d.yaml")}))
		Expect(flows.Discover([]string{root + "/.hidden/*.yaml"})).To(Equal([]string{p(".hidden/x.yaml")}))
	})

	It("sorts and deduplicates", func() {
		Expect(flows.Discover([]string{p("sub/d.yaml"), root, p("a.yaml"), root + "/./a.yaml"})).To(Equal([]string{p("a.yaml"), p("b.yml"), p("sub/d.yaml"), p("sub/deep/e.YAML")}))
	})

	It("names every missing path and empty match", func() {
		files, err := flows.Discover([]string{p("nope.yaml"), root + "/**/*.json", p("empty"), p("c.txt"), p("a.yaml"), "[bad"})
		Expect(files).To(Equal([]string{p("a.yaml")}))
		var errs flows.Errors
		Expect(errors.As(err, &errs)).To(BeTrue())
		Expect(errs.Error()).To(Equal(p("nope.yaml") + ": no such file or directory\n" +
			root + "/**/*.json: no flow files (.yaml, .yml) match this pattern\n" +
			p("empty") + ": no flow files (.yaml, .yml) in this folder\n" +
			p("c.txt") + ": not a flow file (.yaml or .yml)\n" +
			"[bad: bad pattern: syntax error in pattern"))
	})

	It("finds the valid testdata", func() {
		files, err := flows.Discover([]string{validDir})
		Expect(err).NotTo(HaveOccurred())
		Expect(files).To(Equal(corpusFiles(validDir)))
	})
})
