package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/pgtest"
)

// nightlyShop is a page whose checkout works or not, as broken says.
func nightlyShop(broken *atomic.Bool) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		msg := "Order placed"
		if broken.Load() {
			msg = "Something went wrong"
		}
		fmt.Fprintf(w, `<!doctype html><title>Shop</title><h1>Shop</h1><button onclick="document.querySelector('p').hidden=false">Pay</button><p hidden>%s</p>`, msg)
	}))
	DeferCleanup(srv.Close)
	return srv
}

// nightlyFlows writes the two flows of the nightly run.
func nightlyFlows() string {
	dir := GinkgoT().TempDir()
	Expect(os.WriteFile(filepath.Join(dir, "home.yaml"), []byte("name: Home\nsteps:\n  - open: /\n  - expect: { visible: Shop }\n"), 0o644)).To(Succeed())
	Expect(os.WriteFile(filepath.Join(dir, "checkout.yaml"), []byte("name: Checkout\nsteps:\n  - open: /\n  - click: Pay\n  - expect: { visible: Order placed }\n    timeout: 1s\n"), 0o644)).To(Succeed())
	return dir
}

// historyJSON is the part of `history --json` the specs read.
type historyJSON struct {
	Store string `json:"store"`
	Flows []struct {
		Name         string  `json:"name"`
		Strip        string  `json:"strip"`
		PassRate     float64 `json:"pass_rate"`
		FailingSince *string `json:"failing_since"`
		LastFailure  *struct {
			Reason, Message, Step, Artifacts string
		} `json:"last_failure"`
		Runs []struct {
			Status, Commit string
			EnvLabelJSON   string `json:"env_label"`
		} `json:"runs"`
	} `json:"flows"`
}

// docs/running.md "History"
var _ = Describe("the run history", func() {
	DescribeTable("records a failing night and a passing one, and `history` shows both", func(newStore func() string) {
		var broken atomic.Bool
		shop, flowsDir := nightlyShop(&broken), nightlyFlows()
		store := newStore()
		night := func() (int, string) {
			return smokeflow("run", "--history", store, "--env-label", "staging", "--base-url", shop.URL,
				"--artifacts", GinkgoT().TempDir(), flowsDir)
		}
		broken.Store(true)
		code, out := night()
		Expect(code).To(Equal(1), out)
		Expect(out).NotTo(ContainSubstring("warning"))
		Expect(listed("--last-failed", "--history", store, flowsDir)).To(Equal([]string{filepath.Join(flowsDir, "checkout.yaml") + " › Checkout"}))

		broken.Store(false)
		code, out = night()
		Expect(code).To(Equal(0), out)

		code, out = smokeflow("history", "--history", store, "--json")
		Expect(code).To(Equal(0), out)
		var h historyJSON
		Expect(json.Unmarshal([]byte(out), &h)).To(Succeed(), out)
		Expect(h.Store).To(Equal(store))
		Expect(h.Flows).To(HaveLen(2))
		co, home := h.Flows[0], h.Flows[1]
		Expect(co.Name).To(Equal("Checkout"))
		Expect(co.Strip).To(Equal("✗✓"))
		Expect(co.PassRate).To(Equal(0.5))
		Expect(co.FailingSince).To(BeNil())
		Expect(co.LastFailure.Reason).NotTo(BeEmpty())
		Expect(co.LastFailure.Step).To(Equal("3"))
		Expect(co.LastFailure.Message).To(ContainSubstring("Order placed"))
		Expect(co.LastFailure.Artifacts).To(BeADirectory())
		Expect(co.Runs[0].Status).To(Equal("failed"))
		Expect(co.Runs[1].EnvLabelJSON).To(Equal("staging"))
		Expect(co.Runs[1].Commit).NotTo(BeEmpty(), "the commit of the working folder's git repository")
		Expect(home.Name).To(Equal("Home"))
		Expect(home.Strip).To(Equal("✓✓"))

		code, out = smokeflow("history", "--history", store, "--flow", "check*", "--env-label", "staging")
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring(store + ` (flows "check*", --env-label staging): the last 10 runs of each flow, oldest first`))
		Expect(out).To(MatchRegexp(`Checkout  \(.*checkout\.yaml\)\n  ✗✓ +passed 50%, flaky 0%, median \d+\.\d\d s, p90 \d+\.\d\d s\n  last failure \d{4}-\d\d-\d\d \d\d:\d\d: \w+: step 3`))
		Expect(out).NotTo(ContainSubstring("Home"))
	},
		Entry("in SQLite", func() string { return "sqlite:" + filepath.Join(GinkgoT().TempDir(), "nightly.db") }),
		Entry("in PostgreSQL", func() string {
			c, err := pgtest.Start()
			Expect(err).NotTo(HaveOccurred())
			DeferCleanup(c.Stop)
			url, err := c.URL("nightly")
			Expect(err).NotTo(HaveOccurred())
			return url
		}),
	)

	// docs/running.md "Was it this deploy?"
	It("records each night's --compare-to verdict, and `history` shows which failures were this deploy's", func() {
		var broken, fine atomic.Bool
		shop, good, flowsDir := nightlyShop(&broken), nightlyShop(&fine), nightlyFlows()
		broken.Store(true)
		store := "sqlite:" + filepath.Join(GinkgoT().TempDir(), "nightly.db")
		for i, compare := range []bool{false, true, true} {
			args := []string{"run", "--history", store, "--base-url", shop.URL, "--artifacts", GinkgoT().TempDir(), flowsDir}
			if compare {
				args = append(args, "--compare-to", good.URL)
			}
			code, out := smokeflow(args...)
			Expect(code).To(Equal(1), out)
			if i == 2 {
				Expect(out).To(ContainSubstring("compared: passes on " + good.URL + ": this deploy broke it"))
			}
		}
		code, out := smokeflow("history", "--history", store)
		Expect(code).To(Equal(0), out)
		Expect(out).To(MatchRegexp(`Checkout  \(.*checkout\.yaml\)\n  ✗✗✗ +passed 0%.*\n  failing since .*\n  last failure .*\n` +
			`  compared: passes on ` + good.URL + `: this deploy broke it\n  ·DD +compared: D this deploy broke it 2\n`))
		_, home, _ := strings.Cut(out, "Home  (")
		Expect(home).NotTo(ContainSubstring("compared"), "a flow that passed was not compared")

		code, out = smokeflow("history", "--history", store, "--json", "--flow", "Checkout")
		Expect(code).To(Equal(0), out)
		var h struct {
			Flows []struct {
				Compared map[string]int `json:"compared"`
				Runs     []struct {
					Verdict string `json:"compare_verdict"`
					URL     string `json:"compare_url"`
				} `json:"runs"`
			} `json:"flows"`
		}
		Expect(json.Unmarshal([]byte(out), &h)).To(Succeed(), out)
		Expect(h.Flows[0].Compared).To(Equal(map[string]int{"this_deploy": 2}))
		Expect(h.Flows[0].Runs[0].Verdict).To(BeEmpty())
		Expect(h.Flows[0].Runs[2].Verdict).To(Equal("this_deploy"))
		Expect(h.Flows[0].Runs[2].URL).To(Equal(good.URL))
	})

	It("says a store it cannot reach, and the run goes on: its exit code and reports are its own", func() {
		var broken atomic.Bool
		shop, flowsDir := nightlyShop(&broken), nightlyFlows()
		port, err := pgtest.FreePort()
		Expect(err).NotTo(HaveOccurred())
		store := fmt.Sprintf("postgres://smoke@127.0.0.1:%d/history", port)
		report := filepath.Join(GinkgoT().TempDir(), "results.json")
		code, out := smokeflow("run", "--history", store, "--base-url", shop.URL, "--artifacts", GinkgoT().TempDir(),
			"--report", "json="+report, flowsDir)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("smokeflow: warning: the run is not recorded: history store " + store + ": cannot open it: cannot connect to the server"))
		Expect(out).To(ContainSubstring("start the server, or fix the host, port, user and database in the URL; the run's exit code is unchanged and its reports are written"))
		Expect(report).To(BeARegularFile())

		code, out = smokeflow("history", "--history", store)
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("smokeflow: history store " + store + ": cannot open it: cannot connect to the server"))
	})

	It("needs a store, and reads --since as a duration or a date", func() {
		GinkgoT().Setenv("SMOKEFLOW_HISTORY", "")
		code, out := smokeflow("history")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("history needs a store: --history PATH|postgres://… or $SMOKEFLOW_HISTORY"))
		code, out = smokeflow(append([]string{"run", "--env-label", "staging"}, append(noBrowser, "../../testdata/flows/valid")...)...)
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring("--env-label labels the run in the history store: it needs --history URL or $SMOKEFLOW_HISTORY"))
		code, out = smokeflow("history", "--history", filepath.Join(GinkgoT().TempDir(), "h.db"), "--since", "last week")
		Expect(code).To(Equal(2), out)
		Expect(out).To(ContainSubstring(`--since "last week": give a duration back from now (7d, 36h) or a date`))
		code, out = smokeflow("history", "--history", filepath.Join(GinkgoT().TempDir(), "h.db"), "--since", "7d")
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("no run recorded in sqlite:"))
	})
})
