package flows_test

import (
	"os"
	"path/filepath"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// docs/flows.md "Data rows"
var _ = Describe("Data rows", func() {
	write := func(dir, name, content string) string {
		p := filepath.Join(dir, name)
		Expect(os.WriteFile(p, []byte(content), 0o644)).To(Succeed())
		return p
	}

	It("reads a CSV file with a byte order mark and quoted values, and expands a flow per row named by key:", func() {
		dir := GinkgoT().TempDir()
		write(dir, "users.csv", "\ufeffemail, name\r\nann@example.com,\"Ann, the first\"\r\nbob@example.com,\"Bob \"\"B\"\"\"\r\n")
		flow := write(dir, "f.yaml", "name: Sign in\ndata: users.csv\nkey: name\nsteps:\n  - open: https://example.com/${row.email}\n  - assert: 'row.name != \"\"'\n")
		list, err := flows.LoadAll([]string{flow}, testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(list).To(HaveLen(2))
		Expect(list[0].Name).To(Equal("Sign in [Ann, the first]"))
		Expect(list[1].Name).To(Equal(`Sign in [Bob "B"]`))
		Expect(list[1].Row.Values).To(Equal(map[string]string{"email": "bob@example.com", "name": `Bob "B"`}))
		Expect(list[1].Row.Pos).To(Equal(flows.Pos{File: filepath.Join(dir, "users.csv"), Line: 3, Col: 1}))
		Expect(flows.ExpandRows(list)).To(Equal(list), "rows expand once")

		sc, err := flows.NewScope(list[1], testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(flows.Interpolate("${row.email} as ${flow.name}", sc)).To(Equal(`bob@example.com as Sign in [Bob "B"]`))
		ok, err := list[1].Steps[1].Action.(*flows.Assert).That.EvalBool(&flows.ExprEnv{Row: sc.Row})
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeTrue())
	})

	It("reads a column a spreadsheet names with spaces or dashes as its header has it", func() {
		dir := GinkgoT().TempDir()
		write(dir, "people.csv", "First Name,e-mail\nAnn,ann@example.com\n")
		flow := write(dir, "f.yaml", "name: Hello\ndata: people.csv\nsteps:\n  - open: https://example.com/${row.e-mail}\n  - assert: 'row[\"First Name\"] == \"Ann\"'\n")
		list, err := flows.LoadAll([]string{flow}, testOpts())
		Expect(err).NotTo(HaveOccurred())
		sc, err := flows.NewScope(list[0], testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(flows.Interpolate("${row.First Name} <${row.e-mail}>", sc)).To(Equal("Ann <ann@example.com>"))
		ok, err := list[0].Steps[1].Action.(*flows.Assert).That.EvalBool(&flows.ExprEnv{Row: sc.Row})
		Expect(err).NotTo(HaveOccurred())
		Expect(ok).To(BeTrue())

		typo := write(dir, "g.yaml", "name: Hello\ndata: people.csv\nsteps:\n  - open: https://example.com/${row.First name}\n")
		_, err = flows.LoadAll([]string{typo}, testOpts())
		Expect(err).To(MatchError(And(ContainSubstring("g.yaml:4:"), ContainSubstring(`no row of the data has column "First name"`),
			ContainSubstring(`did you mean "First Name"?`))))
	})

	It("reads a YAML file and rows written in the flow, keyed by their first column", func() {
		dir := GinkgoT().TempDir()
		write(dir, "_rows.yml", "- {query: mug, n: 3}\n- {query: tea, n: ~}\n")
		a := write(dir, "a.yaml", "name: Search\ndata: _rows.yml\nsteps:\n  - open: https://example.com/?q=${row.query}&n=${row.n}\n")
		b := write(dir, "b.yaml", "name: Inline\ndata:\n  - {id: 7}\nsteps:\n  - open: https://example.com/${row.id}\n")
		list, err := flows.LoadAll([]string{a, b}, testOpts())
		Expect(err).NotTo(HaveOccurred())
		var names []string
		for _, f := range list {
			names = append(names, f.Name)
		}
		Expect(names).To(Equal([]string{"Search [mug]", "Search [tea]", "Inline [7]"}))
		Expect(list[1].Row.Values).To(Equal(map[string]string{"query": "tea", "n": ""}))
	})

	It("is an error in a setup flow", func() {
		dir := GinkgoT().TempDir()
		setup := write(dir, "setup.yaml", "name: Log in\ndata: [{a: 1}]\nsteps:\n  - open: https://example.com/\n")
		_, err := flows.LoadSetupFlow(setup, testOpts())
		Expect(err).To(MatchError(ContainSubstring("setup.yaml:2:7: data: a setup flow runs once per run, without rows")))
	})
})
