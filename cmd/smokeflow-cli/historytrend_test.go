package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sync/atomic"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/pgtest"
)

// squares are the titles of the history squares of the HTML report's
// flow named name, and of its run-level trend ("run").
func squares(page, name string) []string {
	GinkgoHelper()
	var part string
	if name == "run" {
		part = regexp.MustCompile(`(?s)<div class="runtrend".*?</div>`).FindString(page)
	} else {
		part = regexp.MustCompile(`(?s)<b class="name">` + regexp.QuoteMeta(name) + `</b>.*?</summary>`).FindString(page)
	}
	Expect(part).NotTo(BeEmpty(), "no trend of %s in the report", name)
	var out []string
	for _, m := range regexp.MustCompile(`<i class="sq (s-\w+)" title="([^"]*)"`).FindAllStringSubmatch(part, -1) {
		out = append(out, m[1]+" "+m[2])
	}
	return out
}

// docs/results.md "Trends", docs/running.md "History"
var _ = Describe("the trends in the reports of a run with --history", func() {
	It("show, in the HTML report of the third night, the three nights of each flow and of the run", func() {
		var broken atomic.Bool
		shop, flowsDir := nightlyShop(&broken), nightlyFlows()
		store := "sqlite:" + filepath.Join(GinkgoT().TempDir(), "nightly.db")
		report := filepath.Join(GinkgoT().TempDir(), "report.html")
		night := func(fails bool) string {
			broken.Store(fails)
			_, out := smokeflow("run", "--history", store, "--env-label", "staging", "--base-url", shop.URL,
				"--artifacts", GinkgoT().TempDir(), "--report", "html="+report, "--report", "markdown="+report+".md", flowsDir)
			Expect(out).NotTo(ContainSubstring("warning"))
			return out
		}
		night(true)
		night(true)
		md, err := os.ReadFile(report + ".md")
		Expect(err).NotTo(HaveOccurred())
		Expect(string(md)).To(ContainSubstring("History: `✗✗` (last 2, oldest first) · failed 2 of the last 2 runs · flaky 0%"))
		night(false)
		data, err := os.ReadFile(report)
		Expect(err).NotTo(HaveOccurred())
		page := string(data)
		co := squares(page, "Checkout")
		Expect(co).To(HaveLen(3))
		Expect(co[0]).To(MatchRegexp(`^s-failed \d{4}-\d\d-\d\d \d\d:\d\d UTC · failed · \d`))
		Expect(co[2]).To(HavePrefix("s-passed "))
		Expect(squares(page, "Home")).To(HaveLen(3))
		Expect(page).To(ContainSubstring("history: the last 3 runs, oldest first: passed 33%, flaky 0%"))
		run := squares(page, "run")
		Expect(run).To(HaveLen(3))
		Expect(run[0]).To(ContainSubstring("1 of 2 passed"))
		Expect(run[2]).To(ContainSubstring("2 of 2 passed"))
		Expect(page).To(ContainSubstring(`<svg class="spark"`))
	})

	It("are left out, saying why, when the store cannot be read: the reports are written", func() {
		var broken atomic.Bool
		shop, flowsDir := nightlyShop(&broken), nightlyFlows()
		port, err := pgtest.FreePort()
		Expect(err).NotTo(HaveOccurred())
		store := fmt.Sprintf("postgres://smoke@127.0.0.1:%d/history", port)
		report := filepath.Join(GinkgoT().TempDir(), "report.html")
		code, out := smokeflow("run", "--history", store, "--base-url", shop.URL, "--artifacts", GinkgoT().TempDir(),
			"--report", "html="+report, flowsDir)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("smokeflow: warning: the reports show no trends: history store " + store + ": cannot open it: cannot connect to the server"))
		data, err := os.ReadFile(report)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(data)).NotTo(ContainSubstring(`class="trend"`))
	})
})
