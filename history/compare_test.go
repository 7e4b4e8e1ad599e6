package history_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/results"
)

// compared gives the first flow of r the verdict of run --compare-to v
// against https://shop.example, with its sentence.
func compared(r history.Run, v results.CompareVerdict, message string) history.Run {
	r.Flows[0].CompareVerdict, r.Flows[0].CompareURL, r.Flows[0].CompareMessage = v, "https://shop.example", message
	return r
}

const brokeHere = "passes on https://shop.example: this deploy broke it"

// oldRecord writes a run of one flow into db with the columns of schema
// version 1, as a smokeflow of that schema recorded it: its run at 02:00
// on day d of December 2026, env label staging.
func oldRecord(db *sql.DB, d int, name, status, message string) {
	start := time.Date(2026, 12, d, 2, 0, 0, 0, time.UTC).UnixMilli()
	_, err := db.Exec(fmt.Sprintf(`INSERT INTO runs (started_at, duration_ms, tool, git_commit, git_branch, env_label, base_url, shard, artifacts_dir, reports, interrupted)
		VALUES (%d, 60000, 'smokeflow old', 'c%d', 'main', 'staging', 'https://staging.example.com', '', '/tmp/a', '', 0)`, start, d))
	Expect(err).NotTo(HaveOccurred())
	_, err = db.Exec(fmt.Sprintf(`INSERT INTO flow_runs (run_id, name, file, status, attempts, flaky, started_at, duration_ms, reason, step, message, artifacts)
		SELECT id, '%s', 'flows/x.yaml', '%s', 1, 0, %d, 100, 'assertion', '3', '%s', '' FROM runs WHERE started_at = %d`, name, status, start, message, start))
	Expect(err).NotTo(HaveOccurred())
}

// compareSpecs are the specs of the verdicts of run --compare-to in a
// store (docs/running.md "History", "Was it this deploy?").
func compareSpecs(newURL func() string) {
	It("records a failed flow's --compare-to verdict, URL and sentence per run, and counts the verdicts", func() {
		s := open(newURL())
		record(s,
			compared(night(1, "staging", "Checkout=failed"), results.CompareSameStep, "fails on https://shop.example too, at the same step (3): not this deploy"),
			compared(night(2, "staging", "Checkout=failed", "Search=passed"), results.CompareBrokeHere, brokeHere),
			night(3, "staging", "Checkout=failed"),
		)
		// a run's results, as run --history records them
		run := &results.Run{StartedAt: time.Date(2026, 12, 4, 2, 0, 0, 0, time.UTC), Flows: []*results.Flow{{Name: "Checkout", Status: results.Failed,
			Attempts: []*results.Attempt{{Number: 1, Status: results.Failed, Failure: &results.Failure{Reason: "assertion", StepIndex: "3", Message: "step 3 failed"}}},
			Compare:  &results.Compare{URL: "https://shop.example", Verdict: results.CompareBrokeHere, Message: brokeHere}}}}
		record(s, history.FromResults(run, history.Meta{EnvLabel: "staging"}))

		hs, err := s.History(ctx, history.Filter{Last: 10})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(2))
		co := hs[0]
		var verdicts []results.CompareVerdict
		for _, e := range co.Runs {
			verdicts = append(verdicts, e.CompareVerdict)
		}
		Expect(verdicts).To(Equal([]results.CompareVerdict{results.CompareSameStep, results.CompareBrokeHere, "", results.CompareBrokeHere}))
		Expect(co.Runs[1].CompareURL).To(Equal("https://shop.example"))
		Expect(co.Runs[1].CompareMessage).To(Equal(brokeHere))
		Expect(co.LastFailure.CompareMessage).To(Equal(brokeHere))
		Expect(co.Compared).To(Equal(map[results.CompareVerdict]int{results.CompareBrokeHere: 2, results.CompareSameStep: 1}))
		Expect(hs[1].Compared).To(BeNil(), "Search was never compared")
		b, err := json.Marshal(co)
		Expect(err).NotTo(HaveOccurred())
		Expect(string(b)).To(ContainSubstring(`"compare_verdict":"this_deploy","compare_url":"https://shop.example","compare_message":"` + brokeHere + `"`))
		Expect(string(b)).To(ContainSubstring(`"compared":{"same_step":1,"this_deploy":2}`))
		Expect(string(hs[1].Runs[0].CompareVerdict)).To(BeEmpty())

		// the reports' trends carry each run's verdict, this run's last
		run.StartedAt = time.Date(2026, 12, 5, 2, 0, 0, 0, time.UTC)
		Expect(s.Trends(ctx, run, "staging")).To(Succeed())
		tr := run.Flows[0].History.Runs
		Expect(tr).To(HaveLen(5))
		Expect(tr[0].Compare).To(Equal(results.CompareSameStep))
		Expect(string(tr[2].Compare)).To(BeEmpty())
		Expect(tr[4].Compare).To(Equal(results.CompareBrokeHere))
	})

	It("upgrades a store of schema version 2 in place: its runs kept and read without a verdict, new runs recorded with one", func() {
		url := newURL()
		old, err := history.OpenAt(ctx, url, 2)
		Expect(err).NotTo(HaveOccurred())
		oldRecord(history.DB(old), 1, "Checkout", "failed", "recorded before")
		// the old smokeflow cannot record a verdict: the column is not there
		Expect(old.Record(ctx, compared(night(1, "staging", "Checkout=failed"), results.CompareBrokeHere, brokeHere))).NotTo(Succeed())
		Expect(old.Close()).To(Succeed())

		s := open(url)
		var v int
		Expect(history.DB(s).QueryRow(`SELECT version FROM schema_version`).Scan(&v)).To(Succeed())
		Expect(v).To(Equal(history.SchemaVersion))
		record(s, compared(night(2, "staging", "Checkout=failed"), results.CompareBrokeHere, brokeHere))
		hs, err := s.History(ctx, history.Filter{Last: 10})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(1))
		Expect(hs[0].Runs).To(HaveLen(2))
		Expect(hs[0].Runs[0].Message).To(Equal("recorded before"))
		Expect(string(hs[0].Runs[0].CompareVerdict)).To(BeEmpty())
		Expect(hs[0].Runs[1].CompareVerdict).To(Equal(results.CompareBrokeHere))
		Expect(hs[0].Compared).To(Equal(map[results.CompareVerdict]int{results.CompareBrokeHere: 1}))
	})
}
