package main

import (
	"bufio"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("--cdp", func() {
	It("attaches to a running browser, by ws:// URL and by host:port, and leaves it running", func() {
		bin, err := browser.FindBrowser("")
		Expect(err).NotTo(HaveOccurred())
		profile := GinkgoT().TempDir()
		cmd := exec.Command(bin, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
			"--disable-background-networking", "--disable-component-update", "--disable-sync",
			"--remote-debugging-port=0", "--user-data-dir="+profile, "about:blank")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		stderr, err := cmd.StderrPipe()
		Expect(err).NotTo(HaveOccurred())
		Expect(cmd.Start()).To(Succeed())
		DeferCleanup(func() {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			_ = cmd.Wait()
			browser.ReapZombies()
			Eventually(func() []string { browser.ReapZombies(); return processesMentioning(profile) }).Should(BeEmpty())
			Expect(browser.RemoveProfile(profile)).To(Succeed())
		})
		var ws string
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := regexp.MustCompile(`DevTools listening on (ws://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				ws = m[1]
				break
			}
		}
		Expect(ws).NotTo(BeEmpty())
		go func() { // keep draining so the browser never blocks on stderr
			for sc.Scan() {
			}
		}()
		u, err := url.Parse(ws)
		Expect(err).NotTo(HaveOccurred())

		for _, target := range []string{ws, u.Host} {
			code, out := smokeflow("run", "--cdp", target, "--base-url", site.URL, "--artifacts", GinkgoT().TempDir(),
				"../../testdata/cli/ok.yaml")
			Expect(code).To(Equal(0), out)
		}
		Expect(cmd.ProcessState).To(BeNil(), "the attached browser is not closed")
		Expect(processesMentioning(profile)).NotTo(BeEmpty())
	})

	It("says how to start one when nothing listens there, exit 3", func() {
		code, out := smokeflow("run", "--cdp", "127.0.0.1:9", "--base-url", site.URL, "--artifacts", GinkgoT().TempDir(), "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(3))
		Expect(out).To(ContainSubstring("--remote-debugging-port"))
	})
})

var _ = Describe("smokeflow snapshot", func() {
	It("prints the snapshot, a --selector subtree, and --json", func() {
		page := site.URL + "/conformance/pages/signin.html"
		code, out := smokeflow("snapshot", page)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring(`- button "Sign in" [ref=`))
		Expect(out).To(ContainSubstring(`- navigation "Main"`))

		code, out = smokeflow("snapshot", "--selector", "form", page)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring(`button "Sign in"`))
		Expect(out).NotTo(ContainSubstring("navigation"))

		code, out = smokeflow("snapshot", "--json", page)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring(`"backend_node_id"`))

		code, out = smokeflow("snapshot", "--selector", "#nope", page)
		Expect(code).NotTo(Equal(0))
		Expect(out).To(ContainSubstring("matches nothing"))
	})
})

var _ = Describe("selection", func() {
	mk := func(file string, tags ...string) *flows.Flow { return &flows.Flow{File: file, Name: file, Tags: tags} }
	list := []*flows.Flow{mk("c.yaml", "smoke"), mk("a.yaml", "smoke", "slow"), mk("b.yaml"), mk("d.yaml", "nightly")}
	names := func(fs []*flows.Flow) string {
		var out []string
		for _, f := range fs {
			out = append(out, f.Name)
		}
		return strings.Join(out, ",")
	}

	It("keeps flows with any included tag and none excluded", func() {
		Expect(names(selectTags(list, "smoke"))).To(Equal("c.yaml,a.yaml"))
		Expect(names(selectTags(list, "smoke,!slow"))).To(Equal("c.yaml"))
		Expect(names(selectTags(list, "!slow"))).To(Equal("c.yaml,b.yaml,d.yaml"))
		Expect(names(selectTags(list, "smoke,nightly"))).To(Equal("c.yaml,a.yaml,d.yaml"))
	})

	It("splits shards stably and completely", func() {
		var all []string
		for i := 1; i <= 3; i++ {
			s, err := shard(list, []string{"1/3", "2/3", "3/3"}[i-1])
			Expect(err).NotTo(HaveOccurred())
			again, _ := shard(list, []string{"1/3", "2/3", "3/3"}[i-1])
			Expect(names(again)).To(Equal(names(s)))
			all = append(all, names(s))
		}
		Expect(all).To(Equal([]string{"a.yaml,d.yaml", "b.yaml", "c.yaml"}))
		_, err := shard(list, "0/3")
		Expect(err).To(HaveOccurred())
	})

	It("rejects duplicate flow names", func() {
		dir := GinkgoT().TempDir()
		for _, f := range []string{"one.yaml", "two.yaml"} {
			Expect(os.WriteFile(filepath.Join(dir, f), []byte("name: Same\nsteps:\n  - open: http://x/\n"), 0o644)).To(Succeed())
		}
		code, out := smokeflow("validate", dir)
		Expect(code).To(Equal(2))
		Expect(out).To(ContainSubstring("Same"))
	})
})
