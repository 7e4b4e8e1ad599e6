package reports_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"golang.org/x/net/html"

	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/results"
)

// writeImage writes a w×h image, PNG or JPEG after the file's extension.
func writeImage(path string, w, h int) {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.RGBA{R: 200, A: 255})
	}
	var buf bytes.Buffer
	if strings.HasSuffix(path, ".png") {
		Expect(png.Encode(&buf, img)).To(Succeed())
	} else {
		Expect(jpeg.Encode(&buf, img, nil)).To(Succeed())
	}
	Expect(os.MkdirAll(filepath.Dir(path), 0o755)).To(Succeed())
	Expect(os.WriteFile(path, buf.Bytes(), 0o644)).To(Succeed())
}

// htmlRun is the sample run with its failure screenshots and a trace of
// the checkout flow's last attempt written in dir.
func htmlRun(dir string) *results.Run {
	run := sampleRun()
	run.ArtifactsDir = dir
	a := run.Flows[1].Final()
	writeImage(filepath.Join(dir, a.Failure.Diagnostics.Screenshot), 1280, 800)
	Expect(os.WriteFile(filepath.Join(dir, a.Failure.Diagnostics.Snapshot), []byte(`- button "Place order" [ref=e12]`), 0o644)).To(Succeed())
	tdir := "checkout-as-a-returning-customer/attempt-2/trace/"
	for _, step := range []string{"1", "2.1", "3"} {
		writeImage(filepath.Join(dir, tdir+step+".jpg"), 640, 400)
		Expect(os.WriteFile(filepath.Join(dir, tdir+step+".before.txt"), []byte("- heading \"Cart\" before "+step), 0o644)).To(Succeed())
		a.Artifacts = append(a.Artifacts,
			results.Artifact{Kind: results.ArtifactTraceSnapshot, Name: "trace/" + step + ".before.txt", Path: tdir + step + ".before.txt", Step: step},
			results.Artifact{Kind: results.ArtifactTraceScreenshot, Name: "trace/" + step + ".jpg", Path: tdir + step + ".jpg", Step: step})
	}
	return run
}

func renderHTML(run *results.Run) (string, *html.Node) {
	var buf bytes.Buffer
	Expect(reports.WriteHTML(&buf, run, reports.HTMLOptions{})).To(Succeed())
	doc, err := html.Parse(bytes.NewReader(buf.Bytes()))
	Expect(err).NotTo(HaveOccurred())
	return buf.String(), doc
}

// each calls f on every element of the tree.
func each(n *html.Node, f func(*html.Node)) {
	if n.Type == html.ElementNode {
		f(n)
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		each(c, f)
	}
}

func attr(n *html.Node, key string) (string, bool) {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val, true
		}
	}
	return "", false
}

// externalRefs lists what in the page would load or link to anything
// outside it: an element that loads a file (link, script src, iframe,
// object, embed, base), a URL attribute that is not data: or an in-page
// #anchor, and url( in inline style.
func externalRefs(doc *html.Node) []string {
	var out []string
	each(doc, func(n *html.Node) {
		switch n.Data {
		case "link", "iframe", "object", "embed", "base", "frame", "audio", "video", "source":
			out = append(out, "<"+n.Data+">")
		}
		for _, a := range n.Attr {
			v := strings.TrimSpace(strings.ToLower(a.Val))
			switch a.Key {
			case "src", "href", "action", "srcset", "poster", "data", "formaction", "xlink:href", "background":
				if !strings.HasPrefix(v, "data:") && !strings.HasPrefix(v, "#") {
					out = append(out, n.Data+" "+a.Key+"="+a.Val)
				}
			case "style":
				if strings.Contains(v, "url(") {
					out = append(out, n.Data+" style="+a.Val)
				}
			}
		}
		if n.Data == "style" && n.FirstChild != nil && strings.Contains(n.FirstChild.Data, "url(") {
			out = append(out, "url( in <style>")
		}
	})
	return out
}

var _ = Describe("HTML report", func() {
	var dir string
	BeforeEach(func() { dir = GinkgoT().TempDir() })

	It("references nothing outside itself, and forbids every request", func() {
		_, doc := renderHTML(htmlRun(dir))
		Expect(externalRefs(doc)).To(BeEmpty())
		var csp string
		imgs := 0
		each(doc, func(n *html.Node) {
			if v, _ := attr(n, "http-equiv"); strings.EqualFold(v, "Content-Security-Policy") {
				csp, _ = attr(n, "content")
			}
			if n.Data == "img" {
				imgs++
			}
		})
		Expect(csp).To(ContainSubstring("default-src 'none'"))
		Expect(csp).To(ContainSubstring("img-src data:"))
		Expect(imgs).To(Equal(1 + 3)) // the failure screenshot, three trace frames
	})

	It("finds what would leave the file (the check can fail)", func() {
		for _, page := range []string{
			`<img src="https://cdn.example/x.png">`, `<a href="http://example.com">x</a>`, `<link rel=stylesheet href="x.css">`,
			`<script src="//cdn.example/x.js"></script>`, `<div style="background:url(https://x/y.png)"></div>`,
		} {
			doc, err := html.Parse(strings.NewReader(page))
			Expect(err).NotTo(HaveOccurred())
			Expect(externalRefs(doc)).NotTo(BeEmpty(), page)
		}
	})

	It("escapes flow and page text", func() {
		run := htmlRun(dir)
		run.Flows[0].Name = `<img src=https://evil.example/x onerror=alert(1)> & <script>alert(2)</script>`
		text, doc := renderHTML(run)
		Expect(externalRefs(doc)).To(BeEmpty())
		Expect(text).NotTo(ContainSubstring("<script>alert(2)"))
		Expect(text).To(ContainSubstring("&lt;img src=https://evil.example/x onerror=alert(1)&gt;"))
		scripts := 0
		each(doc, func(n *html.Node) {
			if n.Data == "script" {
				scripts++
			}
		})
		Expect(scripts).To(Equal(1))
	})

	It("shows a failed attempt's diagnostics, boxes, logs and film strip", func() {
		text, doc := renderHTML(htmlRun(dir))
		var rects, frames, flows int
		var strip *html.Node
		each(doc, func(n *html.Node) {
			switch {
			case n.Data == "rect":
				rects++
			case n.Data == "details" && hasClass(n, "flow"):
				flows++
			case hasClass(n, "frame"):
				frames++
			case hasClass(n, "strip"):
				strip = n
			}
		})
		Expect(flows).To(Equal(4))
		Expect(rects).To(Equal(1)) // the one candidate with a box, over the screenshot of attempt 2 (attempt 1 has no file)
		Expect(frames).To(Equal(3))
		Expect(strip).NotTo(BeNil())
		for _, want := range []string{"covered by div.modal-backdrop", "@e12", "Place orders later", "close the dialog first",
			"Uncaught TypeError", "/api/order", "step 3: click Place order", `heading &#34;Cart&#34; before 2.1`, `data-status="flaky"`} {
			Expect(text).To(ContainSubstring(want))
		}
	})
})

// withCompare gives the failed checkout flow of run a verdict of run
// --compare-to, its three pictures written in dir (docs/running.md "Was
// it this deploy?").
func withCompare(run *results.Run, dir string) *results.Compare {
	c := &results.Compare{URL: "https://shop.example", Verdict: results.CompareBrokeHere,
		Message:   "passes on https://shop.example: this deploy broke it",
		OnlyHere:  []string{"request POST /api/order 500", "console error: Uncaught TypeError: cart is null", `snapshot - button "Place orders later"`},
		OnlyThere: []string{`snapshot - button "Place order"`},
		Screenshots: &results.CompareScreenshots{Here: "checkout-as-a-returning-customer/attempt-2/failure.png",
			There: "checkout-as-a-returning-customer/compare/trace/3.jpg", Diff: "checkout-as-a-returning-customer/compare/screenshot-diff.png",
			Differs: "1520 of 1024000 pixels differ (0.15%)"}}
	for _, p := range []string{c.Screenshots.Here, c.Screenshots.There, c.Screenshots.Diff} {
		writeImage(filepath.Join(dir, p), 640, 400)
	}
	run.Flows[1].Compare = c
	return c
}

// compareSection counts the report's compare sections and lists the
// alt texts of their pictures.
func compareSection(doc *html.Node) (sections int, imgs []string) {
	each(doc, func(n *html.Node) {
		if n.Data == "section" && hasClass(n, "compare") {
			sections++
			each(n, func(m *html.Node) {
				if m.Data == "img" {
					alt, _ := attr(m, "alt")
					imgs = append(imgs, alt)
				}
			})
		}
	})
	return sections, imgs
}

var _ = Describe("HTML report of run --compare-to (docs/running.md \"Was it this deploy?\")", func() {
	var dir string
	BeforeEach(func() { dir = GinkgoT().TempDir() })

	It("shows a failed flow's verdict in the Markdown's words, the compare URL, what only one side had and the three pictures", func() {
		run := htmlRun(dir)
		withCompare(run, dir)
		text, doc := renderHTML(run)
		Expect(externalRefs(doc)).To(BeEmpty())
		n, imgs := compareSection(doc)
		Expect(n).To(Equal(1))
		Expect(imgs).To(Equal([]string{"here", "on https://shop.example", "what differs"}))
		Expect(text).To(ContainSubstring(`data-verdict="this_deploy"`))
		Expect(text).To(ContainSubstring(`<code class="compare-url">https://shop.example</code>`))
		md := markdownOf(run, reports.MarkdownOptions{})
		Expect(md).To(ContainSubstring("**Compared:** passes on https://shop.example: this deploy broke it"))
		Expect(text).To(ContainSubstring(`<p class="verdict">passes on https://shop.example: this deploy broke it</p>`))
		for _, want := range []string{
			"<h5>Snapshot lines only one side has</h5>", `<td class="muted">only here</td><td><code>- button &#34;Place orders later&#34;</code>`,
			`<td class="muted">only on https://shop.example</td><td><code>- button &#34;Place order&#34;</code>`,
			"<h5>Failed requests only one side has</h5>", "<code>POST /api/order 500</code>",
			"<h5>Console errors only one side has</h5>", "<code>error: Uncaught TypeError: cart is null</code>",
			"<h5>Screenshots at the step</h5>", "1520 of 1024000 pixels differ (0.15%)",
			"what differs · checkout-as-a-returning-customer/compare/screenshot-diff.png",
		} {
			Expect(text).To(ContainSubstring(want))
		}
	})

	It("names a picture it cannot read instead of showing it", func() {
		run := htmlRun(dir)
		c := withCompare(run, dir)
		Expect(os.Remove(filepath.Join(dir, c.Screenshots.Diff))).To(Succeed())
		text, doc := renderHTML(run)
		_, imgs := compareSection(doc)
		Expect(imgs).To(Equal([]string{"here", "on https://shop.example"}))
		Expect(text).To(ContainSubstring("the picture cannot be read"))
	})

	It("has no compare section when no compare ran, nor for a flow that did not fail", func() {
		text, doc := renderHTML(htmlRun(dir))
		n, _ := compareSection(doc)
		Expect(n).To(BeZero())
		Expect(text).NotTo(ContainSubstring("Compared with"))

		run := htmlRun(dir)
		withCompare(run, dir)
		run.Flows[1].Status = results.Flaky
		n, _ = compareSection(renderDoc(run))
		Expect(n).To(BeZero())
	})
})

func renderDoc(run *results.Run) *html.Node {
	_, doc := renderHTML(run)
	return doc
}

func hasClass(n *html.Node, c string) bool {
	v, _ := attr(n, "class")
	for _, x := range strings.Fields(v) {
		if x == c {
			return true
		}
	}
	return false
}
