package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/smokeflow/smokeflow/internal/procs"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// processesMentioning lists processes whose command line contains s.
func processesMentioning(s string) []string {
	var out []string
	for _, p := range procs.List() {
		if strings.Contains(p.Cmdline, s) {
			out = append(out, strconv.Itoa(p.PID)+" "+p.Cmdline)
		}
	}
	return out
}

var _ = Describe("on SIGINT", func() {
	It("stops, writes the reports, exits 130 and leaves no browser process behind", func() {
		bin := filepath.Join(GinkgoT().TempDir(), "smokeflow")
		build := exec.Command("go", "build", "-o", bin, ".")
		build.Stderr = GinkgoWriter
		Expect(build.Run()).To(Succeed())

		tmp := GinkgoT().TempDir() // the browser profile goes here: a leak would name it
		dir := GinkgoT().TempDir()
		junit := filepath.Join(dir, "junit.xml")
		cmd := exec.Command(bin, "run", "--verbose", "--base-url", site.URL, "--artifacts", dir,
			"--report", "junit="+junit, "../../testdata/cli/long.yaml", "../../testdata/cli/ok.yaml")
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		stdout, err := cmd.StdoutPipe()
		Expect(err).NotTo(HaveOccurred())
		Expect(cmd.Start()).To(Succeed())

		// interrupt once the first step has finished: the flow is in its wait
		sc := bufio.NewScanner(stdout)
		var seen []string
		for sc.Scan() {
			seen = append(seen, sc.Text())
			if strings.Contains(sc.Text(), "✓ 1 open") {
				Expect(cmd.Process.Signal(syscall.SIGINT)).To(Succeed())
				break
			}
		}
		for sc.Scan() {
			seen = append(seen, sc.Text())
		}
		err = cmd.Wait()
		var exit *exec.ExitError
		Expect(err).To(BeAssignableToTypeOf(exit), strings.Join(seen, "\n"))
		Expect(err.(*exec.ExitError).ExitCode()).To(Equal(130), strings.Join(seen, "\n"))
		Expect(strings.Join(seen, "\n")).To(ContainSubstring("(interrupted)"))

		b, err := os.ReadFile(junit)
		Expect(err).NotTo(HaveOccurred(), "the report is written for what finished")
		Expect(string(b)).To(ContainSubstring(`<skipped message="interrupted"`))
		Expect(processesMentioning(tmp)).To(BeEmpty(), "no browser process outlives the run")
		entries, _ := os.ReadDir(tmp)
		Expect(entries).To(BeEmpty(), "the temporary profile is removed")
	})
})
