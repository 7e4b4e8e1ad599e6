package locate_test

import (
	"context"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
)

// docs/targets.md "The snapshot", "Date, time and colour inputs".
var _ = Describe("Date, time and colour inputs", func() {
	It("are one textbox each, named by their label, with their value, and none of their parts", func() {
		p := open(site.URL + "/snapshot/pickers.html")
		snap := settled(p)
		golden("pickers.golden.txt", snap.String())
		text := snap.String()
		for _, line := range []string{
			`- textbox "Start date" [ref=e1]: 2024-01-31` + "\n",
			`- textbox "End date" [ref=e2]` + "\n",
			`- textbox "Alarm" [ref=e3]: 07:30` + "\n",
			`- textbox "Meeting" [ref=e4]: 2024-01-31T09:15` + "\n",
			`- textbox "Billing month" [ref=e5]: 2024-01` + "\n",
			`- textbox "Sprint week" [ref=e6]: 2024-W05` + "\n",
			`- textbox "Paint colour" [ref=e7]: #00ff00` + "\n",
			`- textbox "Disabled day" [disabled, ref=e8]: 2020-02-29` + "\n",
		} {
			Expect(text).To(ContainSubstring(line))
		}
		Expect(text).NotTo(ContainSubstring("spinbutton"))
		Expect(text).NotTo(ContainSubstring("Show date picker"))
		Expect(snap.Refs).To(HaveLen(9))

		full := snap.Render(locate.RenderOptions{Full: true})
		Expect(full).NotTo(ContainSubstring("spinbutton"), "the parts are not read at all")
		Expect(full).To(ContainSubstring("- LabelText \"Meeting\"\n"), "the label's text holds none of the parts' separators")
	})

	It("resolve by their label, and by the role words of a field", func() {
		p := open(site.URL + "/snapshot/pickers.html")
		snap := settled(p)
		target := func(phrase string) *flows.Target { return &flows.Target{Phrase: phrase} }
		for phrase, ref := range map[string]string{"Start date": "e1", "Paint colour": "e7", "Sprint week": "e6"} {
			r := locate.Resolve(context.Background(), snap, nil, target(phrase), p.QueryCSS)
			Expect(r.Err).NotTo(HaveOccurred(), phrase)
			Expect(r.Node.Ref).To(Equal(ref), phrase)
			Expect(r.Node.Editable()).To(BeTrue(), phrase)
		}
		r := locate.Resolve(context.Background(), snap, nil, target("Paint colour field"), p.QueryCSS)
		Expect(r.Err).NotTo(HaveOccurred())
		Expect(r.Node.Ref).To(Equal("e7"))
	})
})
