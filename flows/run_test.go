package flows_test

import (
	"errors"
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("run: sub-flows", func() {
	It("loads sub-flows relative to the flow file, one per call site", func() {
		f := loadValid("run.yaml")
		login1, login2 := actionOf[*flows.Run](f.Steps[0]).Loaded, actionOf[*flows.Run](f.Steps[1]).Loaded
		Expect(login1).NotTo(BeNil())
		Expect(login2).NotTo(BeNil())
		Expect(login1).NotTo(BeIdenticalTo(login2))
		Expect(login1.Name).To(Equal("Log in"))
		Expect(login1.File).To(Equal(filepath.Join(validDir, "_lib", "login.yaml")))
		Expect(login1.Exports()).To(Equal([]string{"download", "user_id"}), "a click can download")
		search := actionOf[*flows.Run](f.Steps[3]).Loaded
		Expect(search.Exports()).To(Equal([]string{"download", "result"}), "a press can download")
		Expect(f.Exports()).To(Equal([]string{"download", "result", "user_id"}))
	})

	It("makes with: names known in the sub-flow only at that call site", func() {
		_, err := flows.Load(filepath.Join(validDir, "_lib", "search.yaml"), testOpts())
		Expect(err).To(MatchError(ContainSubstring(`unknown variable "query"`)))
	})

	It("builds the sub-flow's scope: its vars < --var < with", func() {
		f := loadValid("run.yaml")
		opts := testOpts()
		opts.Vars = map[string]string{"email": "cli@example.com"}
		top, err := flows.NewScope(f, opts)
		Expect(err).NotTo(HaveOccurred())

		sub, err := top.SubScope(actionOf[*flows.Run](f.Steps[0]), opts.Vars)
		Expect(err).NotTo(HaveOccurred())
		Expect(sub.Vars["email"]).To(Equal("cli@example.com"))
		Expect(sub.Vars["password"]).To(Equal("s3cret!"))
		Expect(sub.FlowName).To(Equal("Run a sub-flow"))

		sub2, err := top.SubScope(actionOf[*flows.Run](f.Steps[1]), opts.Vars)
		Expect(err).NotTo(HaveOccurred())
		Expect(sub2.Vars["email"]).To(Equal("admin@example.com"))
		Expect(sub2.Vars["password"]).To(Equal("s3cret!"))
		Expect(sub2.Secrets).To(HaveKeyWithValue("SHOP_PASSWORD", "s3cret!"))

		sub2.Vars["user_id"] = "42"
		top.Export(sub2, actionOf[*flows.Run](f.Steps[1]).Loaded.Exports())
		Expect(flows.Interpolate("${vars.user_id}", top)).To(Equal("42"))
	})

	It("reports a cycle a → b → a with the chain", func() {
		a := filepath.Join(cycleDir, "a.yaml")
		b := filepath.Join(cycleDir, "b.yaml")
		_, err := flows.Load(a, testOpts())
		var errs flows.Errors
		Expect(errors.As(err, &errs)).To(BeTrue())
		Expect(errs).To(HaveLen(1))
		Expect(errs[0].Pos).To(Equal(flows.Pos{File: b, Line: 3, Col: 10}))
		Expect(errs[0].Msg).To(Equal("run cycle: " + a + " → " + b + " → " + a))
	})

	It("reports a flow that runs itself", func() {
		dir := GinkgoT().TempDir()
		self := filepath.Join(dir, "self.yaml")
		Expect(os.WriteFile(self, []byte("name: Self\nsteps:\n  - run: ./self.yaml\n"), 0o644)).To(Succeed())
		_, err := flows.Load(self, testOpts())
		Expect(err).To(MatchError(self + ":3:10: run cycle: " + self + " → " + self))
	})

	It("reports errors inside a sub-flow at their place in that file", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, "main.yaml"), []byte("name: Main\nsteps:\n  - run: { flow: sub.yaml, with: { who: Ada } }\n"), 0o644)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(dir, "sub.yaml"), []byte("name: Sub\nsteps:\n  - clik: ${who}\n"), 0o644)).To(Succeed())
		_, err := flows.Load(filepath.Join(dir, "main.yaml"), testOpts())
		Expect(err).To(MatchError(filepath.Join(dir, "sub.yaml") + `:3:5: unknown step "clik"; did you mean "click"?`))
	})

	It("passes the caller's base URL to the sub-flow", func() {
		dir := GinkgoT().TempDir()
		Expect(os.WriteFile(filepath.Join(dir, "main.yaml"), []byte("name: Main\nbase_url: http://a.test\nsteps:\n  - run: sub.yaml\n"), 0o644)).To(Succeed())
		Expect(os.WriteFile(filepath.Join(dir, "sub.yaml"), []byte("name: Sub\nsteps:\n  - open: /x\n"), 0o644)).To(Succeed())
		_, err := flows.Load(filepath.Join(dir, "main.yaml"), testOpts())
		Expect(err).NotTo(HaveOccurred())
	})

	It("uses ReadFile when given", func() {
		files := map[string]string{
			"m.yaml": "name: M\nsteps:\n  - run: s.yaml\n  - expect: {text: X, equals: '${got}'}\n",
			"s.yaml": "name: S\nsteps:\n  - extract: {var: got, expr: '1'}\n",
		}
		opts := testOpts()
		opts.ReadFile = func(p string) ([]byte, error) {
			if s, ok := files[p]; ok {
				return []byte(s), nil
			}
			return nil, os.ErrNotExist
		}
		f, err := flows.Load("m.yaml", opts)
		Expect(err).NotTo(HaveOccurred())
		Expect(actionOf[*flows.Run](f.Steps[0]).Loaded.Name).To(Equal("S"))
	})
})
