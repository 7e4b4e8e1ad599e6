package runner_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/internal/testsite"
)

func TestRunner(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "Runner Suite")
}

// One browser for the whole suite; every flow attempt gets a fresh
// incognito context from the runner.
var (
	shared *browser.Browser
	// fixture serves testdata; its Cross origin gives cross-origin iframes
	fixture *testsite.Site
)

var _ = BeforeSuite(func() {
	var err error
	shared, err = browser.Launch(context.Background(), browser.Options{})
	Expect(err).NotTo(HaveOccurred(), "these tests drive a real Chromium: install it (sudo apt-get install -y chromium) or set SMOKEFLOW_BROWSER")
	fixture = testsite.Serve("../testdata")
})

var _ = AfterSuite(func() {
	if shared != nil {
		Expect(shared.Close()).To(Succeed())
	}
	if fixture != nil {
		fixture.Close()
	}
	browser.ReapZombies()
	Expect(browserDescendants()).To(BeEmpty(), "no Chromium process may outlive the suite")
})

// browserMains lists the browser main processes below this one.
func browserMains() []int {
	var out []int
	for _, d := range browserDescendants() {
		pid, rest, _ := strings.Cut(d, " ")
		if strings.Contains(rest, "--remote-debugging-port") {
			n, _ := strconv.Atoi(pid)
			out = append(out, n)
		}
	}
	return out
}

// browserDescendants lists processes below this one whose command line
// names Chromium.
func browserDescendants() []string {
	self := os.Getpid()
	parent := map[int]int{}
	cmd := map[int]string{}
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		s := string(stat)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		f := strings.Fields(s[i+1:])
		if len(f) < 2 {
			continue
		}
		parent[pid], _ = strconv.Atoi(f[1])
		c, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		cmd[pid] = strings.ReplaceAll(string(c), "\x00", " ")
	}
	var out []string
	for pid, c := range cmd {
		if !strings.Contains(strings.ToLower(c), "chrom") {
			continue
		}
		for p := parent[pid]; p > 1; p = parent[p] {
			if p == self {
				out = append(out, strconv.Itoa(pid)+" "+c)
				break
			}
		}
	}
	return out
}
