package diffs_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

func TestDiffs(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "diffs")
}
