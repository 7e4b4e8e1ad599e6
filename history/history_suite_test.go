package history_test

import (
	"sync"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/pgtest"
)

func TestHistory(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "history")
}

// The one PostgreSQL cluster of the suite, started by the first spec
// that needs it and stopped at the end (docs/testing.md "Stores").
var (
	pgOnce    sync.Once
	pgCluster *pgtest.Cluster
	pgErr     error
)

// postgres is the suite's cluster; a spec that needs it fails, never
// skips, when the server is not installed.
func postgres() *pgtest.Cluster {
	pgOnce.Do(func() { pgCluster, pgErr = pgtest.Start() })
	Expect(pgErr).NotTo(HaveOccurred())
	return pgCluster
}

var _ = AfterSuite(func() {
	if pgCluster != nil {
		Expect(pgCluster.Stop()).To(Succeed())
	}
})
