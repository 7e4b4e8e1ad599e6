package history_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/internal/pgtest"
	"github.com/smokeflow/smokeflow/results"
)

var ctx = context.Background()

// night is a run at 02:00 on day d of December 2026, its flows given as
// NAME=STATUS.
func night(d int, env string, flows ...string) history.Run {
	start := time.Date(2026, 12, d, 2, 0, 0, 0, time.UTC)
	r := history.Run{StartedAt: start, Duration: time.Minute, Tool: "smokeflow test", Commit: fmt.Sprintf("c%d", d),
		Branch: "main", EnvLabel: env, BaseURL: "https://staging.example.com", ArtifactsDir: "/tmp/a"}
	for i, nf := range flows {
		name, status, _ := strings.Cut(nf, "=")
		f := history.Flow{Name: name, File: "flows/x.yaml", Status: results.Status(status), Attempts: 1,
			StartedAt: start.Add(time.Duration(i) * time.Second), Duration: time.Duration(d) * 100 * time.Millisecond}
		if f.Status == results.Flaky {
			f.Attempts = 2
		}
		if f.Status == results.Failed {
			f.Reason, f.Step, f.Message = "element_not_found", "3", fmt.Sprintf("step 3 click \"Pay\": no element, night %d", d)
			f.Artifacts = "/tmp/a/" + name
		}
		r.Flows = append(r.Flows, f)
	}
	return r
}

func open(url string) *history.Store {
	s, err := history.Open(ctx, url)
	Expect(err).NotTo(HaveOccurred())
	DeferCleanup(s.Close)
	return s
}

func record(s *history.Store, runs ...history.Run) {
	for _, r := range runs {
		Expect(s.Record(ctx, r)).To(Succeed())
	}
}

// storeSpecs are the specs every store passes (docs/running.md "History").
func storeSpecs(newURL func() string) {
	It("records runs and reads each flow's strip, rates, durations and last failure back", func() {
		s := open(newURL())
		record(s,
			night(1, "staging", "Checkout=passed", "Sign in [carl@example.com]=passed"),
			night(2, "staging", "Checkout=failed", "Sign in [carl@example.com]=flaky"),
			night(3, "staging", "Checkout=failed", "Sign in [carl@example.com]=passed", "Skipped=skipped"),
		)
		hs, err := s.History(ctx, history.Filter{Last: 10})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(2))
		co, si := hs[0], hs[1]
		Expect(co.Name).To(Equal("Checkout"))
		Expect(co.Strip).To(Equal("✓✗✗"))
		Expect(co.PassRate).To(BeNumerically("~", 1.0/3, 1e-9))
		Expect(co.Median).To(Equal(200 * time.Millisecond))
		Expect(co.P90).To(Equal(300 * time.Millisecond))
		Expect(*co.LastPassed).To(BeTemporally("==", time.Date(2026, 12, 1, 2, 0, 0, 0, time.UTC)))
		Expect(*co.FailingSince).To(BeTemporally("==", time.Date(2026, 12, 2, 2, 0, 0, 0, time.UTC)))
		Expect(co.LastFailure.Reason).To(Equal("element_not_found"))
		Expect(co.LastFailure.Step).To(Equal("3"))
		Expect(co.LastFailure.Message).To(ContainSubstring("night 3"))
		Expect(co.LastFailure.Artifacts).To(Equal("/tmp/a/Checkout"))
		Expect(co.Runs[2].Commit).To(Equal("c3"))
		Expect(co.Runs[2].Branch).To(Equal("main"))
		Expect(co.Runs[2].EnvLabel).To(Equal("staging"))

		Expect(si.Name).To(Equal("Sign in [carl@example.com]"))
		Expect(si.Strip).To(Equal("✓~✓"))
		Expect(si.PassRate).To(Equal(1.0))
		Expect(si.FlakyRate).To(BeNumerically("~", 1.0/3, 1e-9))
		Expect(si.Runs[1].Attempts).To(Equal(2))
		Expect(si.FailingSince).To(BeNil())
		Expect(si.LastFailure).To(BeNil())
	})

	It("keeps the last N runs, one environment, the flows a glob names and the runs since a time", func() {
		s := open(newURL())
		for d := 1; d <= 5; d++ {
			record(s, night(d, "staging", "Checkout=passed", "Search=failed"), night(d, "prod", "Checkout=failed"))
		}
		hs, err := s.History(ctx, history.Filter{Last: 2, EnvLabel: "staging", Flow: "check*"})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(1))
		Expect(hs[0].Strip).To(Equal("✓✓"))
		Expect(hs[0].Runs[1].StartedAt).To(BeTemporally("==", time.Date(2026, 12, 5, 2, 0, 0, 0, time.UTC)))

		hs, err = s.History(ctx, history.Filter{Last: 10, EnvLabel: "prod", Since: time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC)})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(1))
		Expect(hs[0].Strip).To(Equal("✗✗"))
		Expect(hs[0].LastPassed).To(BeNil())
		Expect(*hs[0].FailingSince).To(BeTemporally("==", time.Date(2026, 12, 4, 2, 0, 0, 0, time.UTC)))

		names, err := s.LastFailed(ctx, "staging")
		Expect(err).NotTo(HaveOccurred())
		Expect(names).To(Equal([]string{"Search"}))
	})

	It("migrates a new store to its schema once, and keeps what it holds when opened again", func() {
		url := newURL()
		record(open(url), night(1, "", "Checkout=passed"))
		s := open(url)
		var v int
		Expect(history.DB(s).QueryRow(`SELECT version FROM schema_version`).Scan(&v)).To(Succeed())
		Expect(v).To(Equal(history.SchemaVersion))
		var n int
		Expect(history.DB(s).QueryRow(`SELECT COUNT(*) FROM schema_version`).Scan(&n)).To(Succeed())
		Expect(n).To(Equal(1))
		hs, err := s.History(ctx, history.Filter{Last: 5})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(1))
	})

	It("refuses a schema from a newer smokeflow, naming the store", func() {
		url := newURL()
		s := open(url)
		_, err := history.DB(s).Exec(`UPDATE schema_version SET version = 99`)
		Expect(err).NotTo(HaveOccurred())
		_, err = history.Open(ctx, url)
		Expect(err).To(MatchError(ContainSubstring(fmt.Sprintf("its schema is version 99, from a newer smokeflow; this one knows versions up to %d; upgrade smokeflow, or give --history another store", history.SchemaVersion))))
		Expect(err.Error()).To(HavePrefix("history store "))
	})

	It("takes writers at the same time, each run whole, migrating a new store once", func() {
		url := newURL()
		var wg sync.WaitGroup
		errs := make(chan error, 6)
		for i := range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer GinkgoRecover()
				s, err := history.Open(ctx, url)
				if err != nil {
					errs <- err
					return
				}
				defer s.Close()
				flows := make([]string, 50)
				for k := range flows {
					flows[k] = fmt.Sprintf("Flow %02d=passed", k)
				}
				errs <- s.Record(ctx, night(i+1, "", flows...))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			Expect(err).NotTo(HaveOccurred())
		}
		hs, err := open(url).History(ctx, history.Filter{Last: 10})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(HaveLen(50))
		for _, h := range hs {
			Expect(h.Strip).To(Equal("✓✓✓✓✓✓"))
		}
	})

	alertSpecs(newURL)
	compareSpecs(newURL)
}

var _ = Describe("the SQLite store", func() {
	storeSpecs(func() string { return "sqlite:" + filepath.Join(GinkgoT().TempDir(), "history.db") })

	It("takes a plain path, creating its folder", func() {
		p := filepath.Join(GinkgoT().TempDir(), "new", "history.db")
		s := open(p)
		Expect(s.Name()).To(Equal("sqlite:" + p))
		Expect(p).To(BeARegularFile())
	})

	It("says a file that another process holds locked is locked, and the fix", func() {
		p := filepath.Join(GinkgoT().TempDir(), "history.db")
		s := open(p)
		conn, err := history.DB(s).Conn(ctx)
		Expect(err).NotTo(HaveOccurred())
		defer conn.Close()
		_, err = conn.ExecContext(ctx, "BEGIN EXCLUSIVE")
		Expect(err).NotTo(HaveOccurred())
		defer conn.ExecContext(ctx, "ROLLBACK")
		old := history.SetBusyTimeout(50 * time.Millisecond)
		defer history.SetBusyTimeout(old)

		// a reader does not wait for the writer (WAL); a second writer does
		other := open(p)
		hs, err := other.History(ctx, history.Filter{Last: 1})
		Expect(err).NotTo(HaveOccurred())
		Expect(hs).To(BeEmpty())
		err = other.Record(ctx, night(1, "", "Checkout=passed"))
		Expect(err).To(MatchError(ContainSubstring("history store sqlite:" + p + ": cannot record the run: the file is locked by another process (waited 50ms)")))
		Expect(err).To(MatchError(ContainSubstring("let it end, or give this run a store of its own")))
	})

	It("says a file that is no SQLite database is not one", func() {
		p := filepath.Join(GinkgoT().TempDir(), "history.db")
		Expect(os.WriteFile(p, []byte(strings.Repeat("not a database\n", 100)), 0o644)).To(Succeed())
		_, err := history.Open(ctx, "sqlite:"+p)
		Expect(err).To(MatchError(ContainSubstring("history store sqlite:" + p + ": cannot open it: the file is not a SQLite database")))
		Expect(err).To(MatchError(ContainSubstring("give --history a new file, or move this one away")))
	})
})

var _ = Describe("the PostgreSQL store", func() {
	n := 0
	storeSpecs(func() string {
		n++
		url, err := postgres().URL(fmt.Sprintf("spec%d", n))
		Expect(err).NotTo(HaveOccurred())
		return url
	})

	It("says a server that refuses the connection cannot be reached, and the fix", func() {
		port, err := pgtest.FreePort()
		Expect(err).NotTo(HaveOccurred())
		url := fmt.Sprintf("postgres://smoke:s3cret@127.0.0.1:%d/history", port)
		_, err = history.Open(ctx, url)
		Expect(err).To(MatchError(ContainSubstring(fmt.Sprintf("history store postgres://smoke:xxxxx@127.0.0.1:%d/history: cannot open it: cannot connect to the server", port))))
		Expect(err).To(MatchError(ContainSubstring("start the server, or fix the host, port, user and database in the URL")))
		Expect(err.Error()).NotTo(ContainSubstring("s3cret"))
	})
})

var _ = Describe("a store URL", func() {
	DescribeTable("that names no store says so, and what to give",
		func(url, want string) {
			_, err := history.Open(ctx, url)
			Expect(err).To(MatchError(ContainSubstring(want)))
			Expect(err).To(MatchError(ContainSubstring("give --history (or SMOKEFLOW_HISTORY) a file path, sqlite:PATH or postgres://USER@HOST:PORT/DB")))
			Expect(err.Error()).NotTo(ContainSubstring("pw"))
		},
		Entry("another kind", "mysql://u:pw@db/x", "history store mysql://u:xxxxx@db/x: not a kind of store smokeflow knows (mysql)"),
		Entry("a broken URL", "postgres://u:pw@db:99999999/%zz", "history store postgres://u:xxxxx@db:99999999/%zz: not a store URL"),
		Entry("sqlite: alone", "sqlite:", "history store sqlite:: sqlite: names no file"),
		Entry("nothing", " ", `history store "": no store given`),
	)
})
