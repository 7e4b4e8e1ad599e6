package main

import (
	"github.com/smokeflow/smokeflow/agent/daemon"

	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/testsite"
)

// writePNG writes a w×h white PNG with a dark box at r, and returns its
// path.
func writePNG(dir, name string, w, h int, r image.Rectangle) string {
	GinkgoHelper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.Draw(img, r, image.NewUniform(color.Black), image.Point{}, draw.Src)
	var b bytes.Buffer
	Expect(png.Encode(&b, img)).To(Succeed())
	p := filepath.Join(dir, name)
	Expect(os.WriteFile(p, b.Bytes(), 0o644)).To(Succeed())
	return p
}

func writeText(dir, name, text string) string {
	GinkgoHelper()
	p := filepath.Join(dir, name)
	Expect(os.WriteFile(p, []byte(text), 0o644)).To(Succeed())
	return p
}

var _ = Describe(`smokeflow diff (docs/diffs.md "On the command line")`, func() {
	var dir string
	BeforeEach(func() { dir = GinkgoT().TempDir() })

	It("diff screenshot: exit 1 and the count when pixels differ, the diff image with --output; exit 0 when none do", func() {
		a := writePNG(dir, "a.png", 40, 20, image.Rect(2, 2, 10, 10))
		b := writePNG(dir, "b.png", 40, 20, image.Rect(4, 2, 12, 10))
		out := filepath.Join(dir, "diff.png")
		code, stdout, errOut := smokeflowSplit("diff", "screenshot", "--baseline", a, "--output", out, b)
		Expect(code).To(Equal(1), errOut)
		Expect(errOut).To(BeEmpty())
		Expect(stdout).To(Equal("32 of 800 pixels differ (4.00%)\ndiff image: " + out + "\n"))
		Expect(out).To(BeAnExistingFile())

		code, stdout, _ = smokeflowSplit("diff", "screenshot", "--baseline", a, a)
		Expect(code).To(Equal(0))
		Expect(stdout).To(Equal("0 of 800 pixels differ (0.00%)\n"))

		c := writePNG(dir, "c.png", 40, 30, image.Rect(2, 2, 10, 10))
		code, stdout, _ = smokeflowSplit("diff", "screenshot", "--baseline", a, c)
		Expect(code).To(Equal(1))
		Expect(stdout).To(Equal("the images differ in size: 40×20 and 40×30\n"))
	})

	It("diff screenshot and snapshot: exit 2 for bad usage", func() {
		GinkgoT().Setenv(daemon.EnvRuntimeDir, GinkgoT().TempDir()) // no session runs
		a := writePNG(dir, "a.png", 4, 4, image.Rectangle{})
		for _, args := range [][]string{
			{"diff", "screenshot", a},
			{"diff", "screenshot", "--baseline", a},
			{"diff", "screenshot", "--baseline", a, "--threshold", "0", a},
			{"diff", "screenshot", "--baseline", filepath.Join(dir, "none.png"), a},
			{"diff", "screenshot", "--baseline", writeText(dir, "x.txt", "text"), a},
			{"diff", "snapshot", a},
			{"diff", "snapshot"},
			{"diff", "snapshot", "--baseline", a},
			{"diff", "url", "http://x"},
			{"diff"},
			{"diff", "pictures"},
		} {
			code, _, errOut := smokeflowSplit(args...)
			Expect(code).To(Equal(2), "%q: %s", args, errOut)
			Expect(errOut).To(HavePrefix("smokeflow: "))
		}
	})

	It("diff snapshot: refs aside, the changed lines and the count line", func() {
		a := writeText(dir, "a.txt", "# http://staging/cart \"Cart\"\n- main\n  - spinbutton \"Quantity\" [ref=e2]: 2\n  - button \"Checkout\" [ref=e3]\n")
		b := writeText(dir, "b.txt", "# http://prod/cart \"Cart\"\n- main\n  - spinbutton \"Quantity\" [ref=e5]: 3\n  - button \"Checkout\" [ref=e6]\n")
		code, stdout, _ := smokeflowSplit("diff", "snapshot", "--baseline", a, b)
		Expect(code).To(Equal(1))
		Expect(stdout).To(Equal(`@@ -1,4 +1,4 @@
  # /cart "Cart"
  - main
-   - spinbutton "Quantity" [ref=e2]: 2
+   - spinbutton "Quantity" [ref=e5]: 3
    - button "Checkout" [ref=e6]
1 addition, 1 removal, 3 unchanged
`))
		c := writeText(dir, "c.txt", strings.ReplaceAll(strings.ReplaceAll(string(mustReadFile(a)), "e2", "e9"), "e3", "e1"))
		code, stdout, _ = smokeflowSplit("diff", "snapshot", "--baseline", a, c)
		Expect(code).To(Equal(0))
		Expect(stdout).To(Equal("0 additions, 0 removals, 4 unchanged\n"))
	})

	Describe("diff url", func() {
		var ts *testsite.Site
		BeforeEach(func() {
			ts = testsite.Serve("../../testdata")
			DeferCleanup(ts.Close)
		})

		It("compares two pages' snapshots, and with --screenshot their screenshots", func() {
			out := filepath.Join(dir, "pages.png")
			code, stdout, errOut := smokeflowSplit("diff", "url", "--screenshot", "--output", out,
				ts.URL+"/diffs/page.html", ts.Cross+"/diffs/page.html?rename=1")
			Expect(code).To(Equal(1), errOut)
			// the header names each page by its path: the query differs
			Expect(stdout).To(ContainSubstring("- - link \"Docs\" [ref=e1]\n"))
			Expect(stdout).To(ContainSubstring("+ - link \"Documentation\" [ref=e1]\n"))
			Expect(stdout).To(ContainSubstring("2 additions, 2 removals, 4 unchanged\n"))
			Expect(stdout).To(MatchRegexp(`screenshot: \d+ of 1024000 pixels differ \(.*\)\ndiff image: ` + regexpQuote(out) + "\n"))
			Expect(out).To(BeAnExistingFile())
		})

		It("finds nothing between the same page on two hosts: exit 0", func() {
			code, stdout, errOut := smokeflowSplit("diff", "url", "--screenshot", "--output", filepath.Join(dir, "same.png"), "--selector", "#card",
				ts.URL+"/diffs/page.html", ts.Cross+"/diffs/page.html")
			Expect(code).To(Equal(0), errOut+stdout)
			Expect(stdout).To(MatchRegexp(`0 additions, 0 removals, \d+ unchanged\nscreenshot: 0 of 24000 pixels differ`))
		})
	})
})

var _ = Describe(`smokeflow run with baselines (docs/flows.md "Baselines")`, func() {
	It("fails on a missing baseline with the command, writes it with --update-baselines, and reports a changed page with the three images", func() {
		dir := GinkgoT().TempDir()
		flow := writeText(dir, "settings.yaml", `name: Settings look
vars: { q: same=1 }
steps:
  - open: "/diffs/page.html?${vars.q}"
  - expect: { screenshot: settings }
    timeout: 2s
`)
		baseline := filepath.Join(dir, "settings.baselines", "settings.png")
		art := filepath.Join(dir, "results")
		args := []string{"run", "--base-url", site.URL, "--artifacts", art, flow}

		code, out := smokeflow(args...)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("there is no baseline " + baseline + " yet; `smokeflow run " + flow + " --update-baselines` writes it"))

		code, out = smokeflow(append(args, "--update-baselines")...)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("  screenshot baseline written: " + baseline + "\n"))
		Expect(baseline).To(BeAnExistingFile())

		md, junit := filepath.Join(dir, "report.md"), filepath.Join(dir, "junit.xml")
		changed := append([]string{"--var", "q=rename=1", "--report", "markdown=" + md, "--report", "junit=" + junit}, args...)
		code, out = smokeflow(changed...)
		Expect(code).To(Equal(1), out)
		Expect(out).To(ContainSubstring("the screenshot differs from its baseline " + baseline))
		report := string(mustReadFile(md))
		Expect(report).To(ContainSubstring("| expected | actual | diff |\n|---|---|---|\n| ![expected](results/settings-look/settings.expected.png) | ![actual](results/settings-look/settings.actual.png) | ![diff](results/settings-look/settings.diff.png) |"))
		x := string(mustReadFile(junit))
		for _, f := range []string{"expected", "actual", "diff"} {
			Expect(x).To(ContainSubstring("[[ATTACHMENT|" + filepath.Join(art, "settings-look", "settings."+f+".png") + "]]"))
		}

		code, out = smokeflow(append(changed[:2], append(args, "--update-baselines")...)...)
		Expect(code).To(Equal(0), out)
		Expect(out).To(ContainSubstring("  screenshot baseline updated: " + baseline + "\n"))
		code, out = smokeflow(append(changed[:2], args...)...)
		Expect(code).To(Equal(0), out)
	})
})

func mustReadFile(p string) []byte {
	GinkgoHelper()
	b, err := os.ReadFile(p)
	Expect(err).NotTo(HaveOccurred())
	return b
}

func regexpQuote(s string) string {
	return strings.NewReplacer(`.`, `\.`, `(`, `\(`, `)`, `\)`, `+`, `\+`, `[`, `\[`).Replace(s)
}
