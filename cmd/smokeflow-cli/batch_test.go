package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

var _ = Describe("smokeflow batch (docs/agent-session.md \"Batch\")", func() {
	var dir, page string

	BeforeEach(func() {
		dir = sessionDir()
		page = site.URL + "/snapshot/cart.html"
	})

	batchFile := func(lines ...string) string {
		GinkgoHelper()
		f := filepath.Join(GinkgoT().TempDir(), "cmds.txt")
		Expect(os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o600)).To(Succeed())
		return f
	}

	It("runs the lines in order in the session, each result after its line", func() {
		f := batchFile("# a known sequence", "open "+page, "", `fill "Coupon" 'SAVE 10'`, "get value Coupon", "smokeflow get url")
		code, out, errOut := smokeflowSplit("batch", f, "--session", "b")
		Expect(code).To(Equal(0), errOut)
		Expect(out).To(Equal("> open " + page + "\nok\n> fill \"Coupon\" 'SAVE 10'\nok\n> get value Coupon\nSAVE 10\n> smokeflow get url\n" + page + "\n"))
		Expect(sessionsIn(dir)).To(ConsistOf(HaveField("Name", "b")))
	})

	It("runs the verbs of the page's life: find, console, network, tab, dialog, cookies, storage", func() {
		f := batchFile("open "+page, "find Coupon", "console --errors", "network --failed", "tab list",
			"dialog dismiss", "cookies set theme dark", "cookies get theme", "storage local set k v", "storage local get k",
			"tab switch 3 --timeout 1s")
		code, out, errOut := smokeflowSplit("batch", f)
		Expect(code).To(Equal(1), errOut)
		Expect(out).To(MatchRegexp(`> find Coupon\n- textbox "Coupon" \[ref=e\d+\]\n`))
		Expect(out).To(ContainSubstring("> console --errors\nno console errors since the last console\n"))
		Expect(out).To(ContainSubstring("> network --failed\nno failed requests since the last network\n"))
		Expect(out).To(ContainSubstring("> tab list\n* 0 " + page))
		Expect(out).To(ContainSubstring("> dialog dismiss\nok\n> cookies set theme dark\nok\n> cookies get theme\ntheme=dark (domain 127.0.0.1, path /, session)\n"))
		Expect(out).To(ContainSubstring("> storage local set k v\nok\n> storage local get k\nv\n"))
		Expect(out).To(ContainSubstring("> tab switch 3 --timeout 1s\nfailed: tab: there is no tab 3 (tabs count from 0); open tabs: 0 " + page))
	})

	It("gives each verb of the page's life, drag and get as one JSON object a line with --json, a failure and a usage error with their codes", func() {
		drag := site.URL + "/conformance/pages/drag-sortable.html"
		f := batchFile("open "+drag, "drag 'Move Apple' 'Move Cherry'", `get text "{css: '#out'}"`, "find Move Damson",
			"console --errors", "network --failed", "tab", "dialog accept Ada Lovelace", "cookies set theme dark", "cookies get theme",
			"storage session set step 2", "storage session get step", "storage local get nope --timeout 1s", "tab switch next")
		code, out, errOut := smokeflowSplit("batch", "--json", f)
		Expect(code).To(Equal(1), errOut)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		Expect(lines).To(HaveLen(14), out)
		var got []map[string]any
		for _, l := range lines {
			var m map[string]any
			Expect(json.Unmarshal([]byte(l), &m)).To(Succeed(), l)
			got = append(got, m)
		}
		for i, verb := range []string{"open", "drag", "get", "find", "console", "network", "tab", "dialog", "cookies", "cookies", "storage", "storage"} {
			Expect(got[i]).To(HaveKeyWithValue("verb", verb), lines[i])
			Expect(got[i]).To(HaveKeyWithValue("ok", true), lines[i])
		}
		Expect(got[2]).To(HaveKeyWithValue("value", "Order: Banana, Cherry, Apple, Damson"))
		Expect(got[3]["matches"]).To(ConsistOf(HaveKeyWithValue("line", MatchRegexp(`^- button "Move Damson" \[ref=e\d+\]$`))))
		Expect(got[6]["tabs"]).To(HaveLen(1))
		Expect(got[9]["cookies"]).To(ConsistOf(HaveKeyWithValue("value", "dark")))
		Expect(got[11]).To(HaveKeyWithValue("value", "2"))
		Expect(got[12]).To(HaveKeyWithValue("code", 1.0))
		Expect(got[12]).To(HaveKeyWithValue("reason", "not_found"))
		Expect(got[13]).To(HaveKeyWithValue("code", 2.0))
		Expect(got[13]["error"]).To(ContainSubstring(`"next" is not a tab's number`))
	})

	It("goes on after a failure and exits with its code; --bail stops there", func() {
		f := batchFile("open "+page, "click 'Nothing by this name' --timeout 1s", "get url")
		code, out, _ := smokeflowSplit("batch", f)
		Expect(code).To(Equal(1))
		Expect(out).To(ContainSubstring("not_found"))
		Expect(out).To(HaveSuffix("> get url\n" + page + "\n"))

		code, out, _ = smokeflowSplit("batch", "--bail", f)
		Expect(code).To(Equal(1))
		Expect(out).NotTo(ContainSubstring("> get url"))
	})

	DescribeTable("refuses a batch with a bad line before running any, naming the line",
		func(line, says string) {
			f := batchFile("open "+page, line)
			code, _, errOut := smokeflowSplit("batch", f)
			Expect(code).To(Equal(2))
			Expect(errOut).To(ContainSubstring(f + ":2: "))
			Expect(errOut).To(ContainSubstring(says))
			Expect(sessionsIn(dir)).To(BeEmpty(), "nothing ran")
		},
		Entry("a command that is not a session verb", "run flows/", `"run" is not a session command`),
		Entry("an unclosed quote", `fill Email "qa@example.com`, "quote the line"),
		Entry("a nested batch", "batch other.txt", `"batch" is not a session command`),
	)
})
