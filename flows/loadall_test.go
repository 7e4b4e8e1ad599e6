package flows_test

import (
	"errors"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("LoadAll", func() {
	var root string
	write := func(rel, src string) string {
		p := filepath.Join(root, filepath.FromSlash(rel))
		Expect(os.MkdirAll(filepath.Dir(p), 0o755)).To(Succeed())
		Expect(os.WriteFile(p, []byte(src), 0o644)).To(Succeed())
		return p
	}
	names := func(list []*flows.Flow) []string {
		var out []string
		for _, f := range list {
			out = append(out, f.Name)
		}
		return out
	}

	BeforeEach(func() { root = GinkgoT().TempDir() })

	It("loads every flow of a folder, in path order, with their sub-flows", func() {
		write("b.yaml", "name: B\nsteps:\n  - run: _lib/login.yaml\n")
		write("_lib/login.yaml", "name: Login\nsteps: [snapshot]\n")
		write("a/c.yml", "name: C\ntags: [smoke]\nsteps: [snapshot]\n")
		list, err := flows.LoadAll([]string{root}, flows.LoadOptions{})
		Expect(err).NotTo(HaveOccurred())
		Expect(names(list)).To(Equal([]string{"C", "B"}))
		Expect(list[0].Tags).To(Equal([]string{"smoke"}))
		Expect(actionOf[*flows.Run](list[1].Steps[0]).Loaded.Name).To(Equal("Login"))
	})

	It("loads the valid testdata as Load does one by one", func() {
		opts := testOpts()
		list, err := flows.LoadAll([]string{validDir}, opts)
		Expect(err).NotTo(HaveOccurred())
		files, err := flows.Discover([]string{validDir})
		Expect(err).NotTo(HaveOccurred())
		var want []*flows.Flow
		for _, file := range files {
			one, err := flows.Load(file, opts)
			Expect(err).NotTo(HaveOccurred())
			want = append(want, flows.ExpandRows([]*flows.Flow{one})...) // a flow per data row
		}
		Expect(list).To(HaveLen(len(want)))
		Expect(len(want)).To(BeNumerically(">", len(files)), "rows.yaml has two rows")
		for i, one := range want {
			Expect(list[i].File).To(Equal(one.File))
			Expect(list[i].Name).To(Equal(one.Name))
		}
	})

	It("returns every problem at once, and the flows that loaded", func() {
		write("good.yaml", "name: Good\nsteps: [snapshot]\n")
		bad := write("bad.yaml", "name: Bad\nsteps:\n  - clik: Sign in\n")
		twin := write("twin.yaml", "name: Good\nsteps: [snapshot]\n")
		needs := write("needs.yaml", "name: Needs\nsteps:\n  - open: /login\n")
		list, err := flows.LoadAll([]string{root, filepath.Join(root, "missing")}, flows.LoadOptions{})
		Expect(names(list)).To(Equal([]string{"Good"}))

		var errs flows.Errors
		Expect(errors.As(err, &errs)).To(BeTrue())
		files := map[string]string{}
		for _, e := range errs {
			files[e.Pos.File] = e.Msg
		}
		Expect(files).To(HaveKeyWithValue(filepath.Join(root, "missing"), "no such file or directory"))
		Expect(files).To(HaveKeyWithValue(bad, ContainSubstring("clik")))
		Expect(files).To(HaveKeyWithValue(twin, ContainSubstring(`flow name "Good" is already used`)))
		Expect(files).To(HaveKey(needs))

		inFiles, need := errs.SplitNeeds()
		Expect(need).To(HaveLen(1))
		Expect(need[0].Need).To(Equal(flows.NeedBaseURL))
		Expect(inFiles).To(HaveLen(3))
	})

	It("with a base URL, a flow that opens a path loads", func() {
		write("needs.yaml", "name: Needs\nsteps:\n  - open: /login\n")
		list, err := flows.LoadAll([]string{root}, flows.LoadOptions{BaseURL: "http://shop.test"})
		Expect(err).NotTo(HaveOccurred())
		Expect(names(list)).To(Equal([]string{"Needs"}))
	})
})
