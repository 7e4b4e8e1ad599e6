package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/go-rod/rod"
	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/examples/demo"
)

// lockedBuffer is a buffer written by one goroutine and read by another.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startXvfb starts Xvfb on a display number it picks free itself
// (-displayfd: it writes the number once it accepts clients), sets
// DISPLAY to it for the spec, and kills and reaps it after the spec.
func startXvfb() {
	r, w, err := os.Pipe()
	Expect(err).NotTo(HaveOccurred())
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1600x1200x24", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	Expect(cmd.Start()).To(Succeed(), "Xvfb (make xvfb installs it)")
	_ = w.Close()
	DeferCleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	num := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		_ = r.Close()
		num <- strings.TrimSpace(line)
	}()
	var n string
	Eventually(num, 20*time.Second).Should(Receive(&n))
	Expect(n).To(MatchRegexp(`^\d+$`))
	GinkgoT().Setenv("DISPLAY", ":"+n)
}

// recording is `smokeflow record` running in-process, and a second
// DevTools connection to its browser that drives the page with trusted
// input events, as a person's mouse and keyboard would.
type recording struct {
	code   chan int
	stdout *lockedBuffer
	stderr *lockedBuffer
	b      *rod.Browser
	p      *rod.Page
}

// startRecording runs `smokeflow record url args...` and connects to its
// browser once it says where it listens.
func startRecording(url string, args ...string) *recording {
	ctx, cancel := context.WithCancel(context.Background())
	DeferCleanup(cancel)
	r := &recording{code: make(chan int, 1), stdout: &lockedBuffer{}, stderr: &lockedBuffer{}}
	go func() {
		defer GinkgoRecover()
		r.code <- Main(ctx, append([]string{"record", url}, args...), r.stdout, r.stderr)
	}()
	ws := regexp.MustCompile(`DevTools (ws://\S+)\)`)
	Eventually(func() string { return r.stderr.String() }, 30*time.Second).Should(MatchRegexp(ws.String()))
	r.b = rod.New().ControlURL(ws.FindStringSubmatch(r.stderr.String())[1])
	Expect(r.b.Connect()).To(Succeed())
	DeferCleanup(func() { _ = r.b.Close() }) // the recorder's browser, if the spec left it running
	Eventually(func() bool {
		pages, err := r.b.Pages()
		for _, p := range pages {
			if info, err := p.Info(); err == nil && strings.HasPrefix(info.URL, "http") {
				r.p = p
			}
		}
		return err == nil && r.p != nil
	}, 20*time.Second).Should(BeTrue())
	return r
}

// center is the middle of the element sel matches, waited for and
// scrolled into view, once the recorder has read the page as it is
// (its toolbar's light is green), as a person looks before acting.
func (r *recording) center(sel string) (float64, float64) {
	_, err := r.p.Timeout(15 * time.Second).Element("smokeflow-recorder[data-state=ready]")
	Expect(err).NotTo(HaveOccurred(), "the recorder's light")
	el, err := r.p.Timeout(15 * time.Second).Element(sel)
	Expect(err).NotTo(HaveOccurred(), sel)
	Expect(el.ScrollIntoView()).To(Succeed())
	box, err := el.Shape()
	Expect(err).NotTo(HaveOccurred(), sel)
	pt := box.OnePointInside()
	Expect(pt).NotTo(BeNil(), sel)
	return pt.X, pt.Y
}

// clickAt presses and releases the left button at x, y.
func (r *recording) clickAt(x, y float64) {
	for _, t := range []proto.InputDispatchMouseEventType{proto.InputDispatchMouseEventTypeMouseMoved,
		proto.InputDispatchMouseEventTypeMousePressed, proto.InputDispatchMouseEventTypeMouseReleased} {
		ev := proto.InputDispatchMouseEvent{Type: t, X: x, Y: y}
		if t != proto.InputDispatchMouseEventTypeMouseMoved {
			ev.Button, ev.ClickCount = proto.InputMouseButtonLeft, 1
		}
		Expect(ev.Call(r.p)).To(Succeed())
	}
}

func (r *recording) click(sel string) { r.clickAt(r.center(sel)) }

// typeInto clicks the field sel and types text into it.
func (r *recording) typeInto(sel, text string) {
	r.click(sel)
	Expect(proto.InputInsertText{Text: text}.Call(r.p)).To(Succeed())
}

// key presses and releases a key such as ArrowDown (code 40).
func (r *recording) key(key string, code int) {
	for _, t := range []proto.InputDispatchKeyEventType{proto.InputDispatchKeyEventTypeRawKeyDown, proto.InputDispatchKeyEventTypeKeyUp} {
		Expect(proto.InputDispatchKeyEvent{Type: t, Key: key, Code: key, WindowsVirtualKeyCode: code}.Call(r.p)).To(Succeed())
	}
}

// chooseNext picks the option after the selected one of the select sel,
// from the keyboard, as a person can.
func (r *recording) chooseNext(sel string) {
	_, err := r.p.Timeout(10 * time.Second).MustElement(sel).Eval(`function () { this.focus() }`)
	Expect(err).NotTo(HaveOccurred())
	r.key("ArrowDown", 40)
}

// toolbar clicks the recorder's toolbar button of what (visible, text,
// value): the toolbar's buttons are 72 px wide, in that order.
func (r *recording) toolbar(what string) {
	i := map[string]float64{"visible": 0, "text": 1, "value": 2}[what]
	box, err := r.p.MustElement("smokeflow-recorder").Shape()
	Expect(err).NotTo(HaveOccurred())
	b := box.Box()
	r.clickAt(b.X+72*i+36, b.Y+b.Height/2)
}

// waitPath waits for the page's URL to hold path.
func (r *recording) waitPath(path string) {
	Eventually(func() string { return r.p.MustInfo().URL }, 15*time.Second).Should(ContainSubstring(path))
}

// close closes the window, as a person would, and waits for the
// recorder to end.
func (r *recording) close() int {
	_, err := proto.TargetCloseTarget{TargetID: r.p.TargetID}.Call(r.b)
	Expect(err).NotTo(HaveOccurred())
	var code int
	Eventually(r.code, 30*time.Second).Should(Receive(&code))
	return code
}

// stepsOf are the steps of a flow file as `action: argument` lines, each
// argument in YAML flow style.
func stepsOf(src []byte) []string {
	var doc struct {
		Steps []yaml.Node `yaml:"steps"`
	}
	Expect(yaml.Unmarshal(src, &doc)).To(Succeed())
	var out []string
	for _, n := range doc.Steps {
		n := n
		setFlow(&n)
		b, err := yaml.Marshal(&n)
		Expect(err).NotTo(HaveOccurred())
		out = append(out, strings.TrimSpace(string(b)))
	}
	return out
}

var _ = Describe("Record", func() {
	It("records a checkout done with a mouse and a keyboard, password as a secret, and it replays green", func() {
		startXvfb()
		shop := httptest.NewServer(demo.Handler())
		DeferCleanup(shop.Close)
		file := filepath.Join(GinkgoT().TempDir(), "flows", "checkout.yaml")
		r := startRecording(shop.URL+"/login", "--out", file)
		r.click("#accept-cookies")
		r.typeInto("#email", "qa@example.com")
		r.typeInto("input[name=password]", "secret")
		r.click("main button[type=submit]")
		r.waitPath("/account")
		r.click(`nav a[href="/"]`)
		r.waitPath(shop.URL + "/")
		r.click(`main a[href="/product/coffee-beans"]`)
		r.waitPath("/product/coffee-beans")
		r.chooseNext("#qty")
		r.click("#add-to-cart button[type=submit]")
		r.click("#view-cart")
		r.waitPath("/cart")
		r.click(`a[href="/checkout"]`)
		r.waitPath("/checkout")
		r.typeInto("#name", "Ada Lovelace")
		r.typeInto("input[name=address]", "12 Analytical Street")
		r.typeInto("input[name=card]", "4242424242424242")
		r.click("input[name=terms]")
		r.chooseNext("#delivery")
		r.toolbar("text")
		r.click("aside")
		r.click("#place-order")
		r.waitPath("/order/")
		r.toolbar("visible")
		r.click("main h1") // and the window closes at once: the step is kept
		Expect(r.close()).To(Equal(0), r.stderr.String())

		src, err := os.ReadFile(file)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.stdout.String()).To(Equal(string(src)))
		fmt.Fprintf(GinkgoWriter, "%s\n", src)
		Expect(string(src)).To(ContainSubstring("secrets: [PASSWORD]"))
		// the password is in no output, as the flow nor as a step shown
		for _, out := range []string{string(src), r.stderr.String()} {
			Expect(out).NotTo(MatchRegexp(`value: ['"]?secret['"]?[\s},]`))
		}
		steps := stepsOf(src)
		Expect(steps).To(ContainElements(
			"{fill: {target: Email, value: qa@example.com}}",
			"{fill: {target: Password, value: '${secrets.PASSWORD}'}}",
			"{expect: {url: {contains: /account}}}",
			"{select: {target: Quantity, option: \"2\"}}",
			"{check: I accept the terms}",
			"{expect: {url: {contains: /checkout}}}",
		))
		Expect(strings.Join(steps, "\n")).To(ContainSubstring("{fill: {target: Full name, value: Ada Lovelace}}"))
		// the toolbar's expectations, on the order summary and the confirmation
		Expect(strings.Join(steps, "\n")).To(MatchRegexp(`expect: \{text: .*, contains: .*Shipping`))
		Expect(steps[len(steps)-1]).To(MatchRegexp(`^\{expect: \{visible: .*order`))

		GinkgoT().Setenv("PASSWORD", "secret")
		code, out := smokeflow("validate", "--strict", file)
		Expect(code).To(Equal(0), out)
		code, out = smokeflow("run", "--artifacts", GinkgoT().TempDir(), file)
		Expect(code).To(Equal(0), out)
	})

	It("says that it needs a display when there is none", func() {
		GinkgoT().Setenv("DISPLAY", "")
		GinkgoT().Setenv("WAYLAND_DISPLAY", "")
		code, out := smokeflow("record", "http://127.0.0.1:1/")
		Expect(code).To(Equal(3))
		Expect(out).To(ContainSubstring("record needs a display: run under a desktop or `xvfb-run smokeflow record URL`"))
	})

	It("refuses a missing URL, or a path or a host without its scheme, before any browser starts, exit 2", func() {
		GinkgoT().Setenv("DISPLAY", "") // not asked for: the usage is checked first
		for _, c := range []struct{ args, says string }{
			{"", "record needs 1 argument; usage: smokeflow record URL"},
			{"/login", `record "/login" is a path, not a URL; write the whole URL, such as http://localhost:4000/login`},
			{"localhost:8080/login", `record "localhost:8080/login" has no scheme; write http://localhost:8080/login`},
		} {
			code, out := smokeflow(strings.Fields("record " + c.args)...)
			Expect(code).To(Equal(2), out)
			Expect(out).To(ContainSubstring(c.says))
		}
	})

	It("says so when the URL cannot be reached", func() {
		startXvfb()
		code, out := smokeflow("record", "http://127.0.0.1:1/")
		Expect(code).To(Equal(1))
		Expect(out).To(ContainSubstring("record: cannot open http://127.0.0.1:1/"))
	})
})
