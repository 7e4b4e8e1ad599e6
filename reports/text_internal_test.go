package reports

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("text helpers", func() {
	DescribeTable("clean drops terminal escapes and what XML 1.0 forbids",
		func(in, out string) { Expect(clean(in)).To(Equal(out)) },
		Entry("colours", "\x1b[1;31mred\x1b[0m text", "red text"),
		Entry("OSC hyperlink", "\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"),
		Entry("controls", "a\x00b\x08c\x0bd\x0ce\x7f", "abcde\x7f"),
		Entry("lone ESC", "a\x1bb", "ab"),
		Entry("CR LF", "a\r\nb\rc", "a\nb\nc"),
		Entry("non-characters", "a\uFFFEb\uFFFFc", "abc"),
		Entry("invalid UTF-8", "a\xffb", "a\uFFFDb"),
		Entry("kept", "tab\tnewline\n<&\"'> é 😀", "tab\tnewline\n<&\"'> é 😀"),
	)

	DescribeTable("seconds has three decimals",
		func(d time.Duration, out string) { Expect(seconds(d)).To(Equal(out)) },
		Entry("zero", time.Duration(0), "0.000"),
		Entry("rounds", 1499*time.Microsecond, "0.001"),
		Entry("rounds up", 1500*time.Microsecond, "0.002"),
		Entry("minutes", 2*time.Minute+3456*time.Millisecond, "123.456"),
		Entry("negative", -time.Second, "0.000"),
	)

	DescribeTable("human durations",
		func(d time.Duration, out string) { Expect(human(d)).To(Equal(out)) },
		Entry("ms", 850*time.Millisecond, "850ms"),
		Entry("almost a second", 999600*time.Microsecond, "1.0s"),
		Entry("almost an hour", time.Hour-300*time.Millisecond, "1h00m00s"),
		Entry("s", 4240*time.Millisecond, "4.2s"),
		Entry("almost a minute", 59960*time.Millisecond, "1m00s"),
		Entry("m", 2*time.Minute+3*time.Second, "2m03s"),
		Entry("h", time.Hour+2*time.Minute+3*time.Second, "1h02m03s"),
	)

	DescribeTable("mdInline escapes",
		func(in, out string) { Expect(mdInline(in)).To(Equal(out)) },
		Entry("html", "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
		Entry("table", "a | b", `a \| b`),
		Entry("emphasis and links", "*a* _b_ [c](d) `e` ~f~ $g$", `\*a\* \_b\_ \[c\](d) \`+"`"+`e\`+"`"+` \~f\~ \$g\$`),
		Entry("newlines", "a\nb\r\nc", "a b c"),
	)

	It("mdCode picks a fence longer than the backticks inside", func() {
		Expect(mdCode("a`b", false)).To(Equal("``a`b``"))
		Expect(mdCode("`a`", false)).To(Equal("`` `a` ``"))
		Expect(mdCode("a|b", true)).To(Equal("`a\\|b`"))
		Expect(mdCodeBlock("```go\nx\n```", "")).To(HavePrefix("````\n"))
	})

	It("escapes link paths and keeps them relative", func() {
		Expect(linkURL("", "a b/c(1)#.png")).To(Equal("a%20b/c%281%29%23.png"))
		Expect(linkURL("", "c:/x.png")).To(Equal("./c:/x.png"))
		Expect(linkURL("../r", "x.png")).To(Equal("../r/x.png"))
		Expect(linkURL("https://h/a b/", "x.png")).To(Equal("https://h/a%20b/x.png"))
	})

	It("escapes workflow commands as the Actions runner expects", func() {
		Expect(escapeData("100% done\r\nnext: a, b")).To(Equal("100%25 done%0D%0Anext: a, b"))
		Expect(escapeProperty("100% done\r\nnext: a, b")).To(Equal("100%25 done%0D%0Anext%3A a%2C b"))
	})
})
