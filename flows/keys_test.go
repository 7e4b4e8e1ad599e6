package flows_test

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// pressFlow is a flow whose step 1 (line 5, column 12) presses key.
func pressFlow(key string) []byte {
	q, _ := json.Marshal(key)
	return []byte("name: keys\nbase_url: http://shop.test\nsteps:\n  - open: /\n  - press: " + string(q) + "\n")
}

// docsPressKeys are the keys and combinations docs/flows.md "press" writes
// in backquotes, with "`F1` to `F12`" ranges spelled out.
func docsPressKeys() []string {
	doc := string(mustRead("../docs/flows.md"))
	start := strings.Index(doc, "### `press`")
	Expect(start).To(BeNumerically(">=", 0))
	sec := doc[start+len("### `press`"):]
	sec = sec[:strings.Index(sec, "\n### ")]
	sec = sec[:strings.Index(sec, "```yaml")] // the prose, not the example
	var out []string
	for _, m := range regexp.MustCompile("`([A-Za-z]*)(\\d+)` to `([A-Za-z]*)(\\d+)`").FindAllStringSubmatch(sec, -1) {
		lo, _ := strconv.Atoi(m[2])
		hi, _ := strconv.Atoi(m[4])
		for i := lo; i <= hi; i++ {
			out = append(out, m[1]+strconv.Itoa(i))
		}
	}
	if strings.Contains(sec, "`KeyA` to `KeyZ`") {
		for c := 'A'; c <= 'Z'; c++ {
			out = append(out, "Key"+string(c))
		}
	}
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(sec, -1) {
		if t := m[1]; !strings.ContainsAny(t, " :$") && t != "target" && t != "code" {
			out = append(out, t)
		}
	}
	return out
}

var _ = Describe("press keys", func() {
	It("validates every key and combination docs/flows.md lists", func() {
		keys := docsPressKeys()
		Expect(len(keys)).To(BeNumerically(">", 100))
		for _, k := range keys {
			f, err := flows.Parse("keys.yaml", pressFlow(k), testOpts())
			Expect(err).NotTo(HaveOccurred(), k)
			Expect(actionOf[*flows.Press](f.Steps[1]).Key).To(Equal(mustNormal(k)), k)
		}
	})

	It("lists in docs/flows.md every key name the table has", func() {
		listed := map[string]bool{}
		for _, k := range docsPressKeys() {
			listed[k] = true
		}
		for _, n := range flows.KeyNames() {
			Expect(listed).To(HaveKey(n), "docs/flows.md \"press\" must list %s", n)
		}
	})

	DescribeTable("writes names back in their usual spelling",
		func(in, want string) {
			f, err := flows.Parse("keys.yaml", pressFlow(in), testOpts())
			Expect(err).NotTo(HaveOccurred())
			Expect(actionOf[*flows.Press](f.Steps[1]).Key).To(Equal(want))
		},
		Entry(nil, "keya", "KeyA"),
		Entry(nil, "DIGIT1", "Digit1"),
		Entry(nil, "shift+control+keyz", "Control+Shift+KeyZ"),
		Entry(nil, "controlormeta+enter", "ControlOrMeta+Enter"),
		Entry(nil, "numpadenter", "NumpadEnter"),
		Entry(nil, "A", "A"),
	)

	DescribeTable("rejects wrong keys at FILE:LINE:COL with the fix",
		func(in, msg string) {
			_, err := flows.Parse("keys.yaml", pressFlow(in), testOpts())
			Expect(errorLines("keys.yaml", err)).To(Equal([]string{"5:12: press: " + msg}))
		},
		Entry("a typo", "Entr", `unknown key name "Entr"; did you mean "Enter"?`),
		Entry("a code name's typo", "KeyAA", `unknown key name "KeyAA"; did you mean "KeyA"?`),
		Entry("an alias", "Esc", `unknown key name "Esc"; did you mean "Escape"?`),
		Entry("a modifier alias", "Ctrl+KeyA", `"Ctrl" in "Ctrl+KeyA" is not a modifier: use Alt, Control, Meta, Shift or ControlOrMeta; did you mean "Control"?`),
		Entry("no modifier", "Hyper+KeyB", `"Hyper" in "Hyper+KeyB" is not a modifier: use Alt, Control, Meta, Shift or ControlOrMeta`),
		Entry("a missing key", "Control+", `bad key "Control+": write keys joined with +, such as Control+A`),
		Entry("F13", "F13", `unknown key name "F13"; did you mean "F1"?`),
	)

	It("reads KeyA as Playwright does: event.key a, code KeyA; Shift gives A", func() {
		k, err := flows.ParseKeys("Shift+KeyA")
		Expect(err).NotTo(HaveOccurred())
		Expect(k.Modifiers).To(Equal(flows.ModShift))
		Expect(k.Key.Key).To(Equal("a"))
		Expect(k.Key.Code).To(Equal("KeyA"))
		Expect(k.Key.Shifted().Key).To(Equal("A"))
	})
})

func mustNormal(k string) string {
	n, err := flows.NormalizeKey(k)
	Expect(err).NotTo(HaveOccurred())
	return n
}
