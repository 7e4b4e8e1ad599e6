package agent_test

import (
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
)

// form is a page of a few lines, long enough that a diff of one or two of
// them is shorter than the page.
var form = strings.Join([]string{
	`- navigation "Main"`,
	`  - link "Home" [ref=e1]`,
	`  - link "Orders" [ref=e2]`,
	`  - link "Settings" [ref=e3]`,
	`- heading "Create project" [level=1]`,
	`- textbox "Project name" [ref=e4]`,
	`- combobox "Client" [expanded=false, ref=e5]: Acme (Acme, Globex)`,
	`- checkbox "Private" [ref=e6]`,
	`- status "idle"`,
	`- button "Save" [ref=e7]`,
	`- link "Help" [ref=e8]`,
}, "\n")

// edit is form with line i (0-based) set to line, or taken out when line
// is empty.
func edit(i int, line string) string {
	lines := strings.Split(form, "\n")
	if line == "" {
		return strings.Join(append(lines[:i:i], lines[i+1:]...), "\n")
	}
	lines[i] = line
	return strings.Join(lines, "\n")
}

var _ = Describe(`snapshot --diff's form (docs/agents.md "snapshot --diff")`, func() {
	It("prints an element whose value or state changed once, as ~ and its new line, without hunk header, context or count line", func() {
		d, whole := agent.Diff(form, edit(5, `- textbox "Project name" [ref=e4]: Apollo`))
		Expect(whole).To(BeFalse())
		Expect(d).To(Equal(`~ - textbox "Project name" [ref=e4]: Apollo`))

		d, _ = agent.Diff(form, edit(7, `- checkbox "Private" [checked, ref=e6]`))
		Expect(d).To(Equal(`~ - checkbox "Private" [checked, ref=e6]`))
	})

	It("prints a line that took the place of the only line of its role as changed: a status whose text changed", func() {
		d, _ := agent.Diff(form, edit(8, `- status "saved"`))
		Expect(d).To(Equal(`~ - status "saved"`))
	})

	It("keeps a line of another role that replaced one as a removal and an addition", func() {
		d, _ := agent.Diff(form, edit(8, `- alert "Name is required"`))
		Expect(d).To(Equal("- - status \"idle\"\n+ - alert \"Name is required\""))
	})

	It("prints a removed line with removed lines under it as that line and how many went with it", func() {
		d, whole := agent.Diff(form, strings.Join(strings.Split(form, "\n")[4:], "\n"))
		Expect(whole).To(BeFalse())
		Expect(d).To(Equal(`- - navigation "Main" (and 3 lines under it)`))
		d, _ = agent.Diff(form, edit(3, ""))
		Expect(d).To(Equal(`-   - link "Settings" [ref=e3]`), "a removed line alone prints as it is")
	})

	It("prints the whole page, and says so, when the diff would be no shorter: another page was led to", func() {
		login := "- heading \"Sign in\" [level=1]\n- textbox \"Email\" [ref=e1]\n- button \"Sign in\" [ref=e2]"
		d, whole := agent.Diff(form, login)
		Expect(whole).To(BeTrue())
		Expect(d).To(Equal(login + "\n(most of the page changed: the whole page)"))
	})

	It("says no change when nothing changed", func() {
		d, whole := agent.Diff(form, form)
		Expect(whole).To(BeFalse())
		Expect(d).To(Equal("no change since the last snapshot"))
	})
})
