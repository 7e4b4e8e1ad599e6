package runner_test

import (
	"context"
	"time"

	"github.com/go-rod/rod/lib/proto"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/internal/testpage"
)

var _ = Describe("the change watcher that wakes a waiting poll", func() {
	It("reports a DOM change in the page", func() {
		p := testpage.Open(shared, fixture.URL+"/conformance/pages/late.html")
		before := p.DOMChanges()
		ch := p.Changed()
		_, err := p.Eval(context.Background(), `document.body.append(Object.assign(document.createElement('p'), {textContent: 'new'}))`)
		Expect(err).NotTo(HaveOccurred())
		Eventually(p.DOMChanges).WithTimeout(5 * time.Second).Should(BeNumerically(">", before))
		Expect(ch).To(BeClosed())
	})

	It("reports a DOM change inside a cross-origin iframe (its own process)", func() {
		p := testpage.Open(shared, fixture.URL+"/conformance/pages/frame-cross.html")
		Eventually(func() int { return len(p.Sessions()) }).WithTimeout(10 * time.Second).Should(Equal(2))
		frame := p.Sessions()[1]
		// the frame's document has loaded when its body exists
		Eventually(func() string {
			r, err := proto.RuntimeEvaluate{Expression: `document.readyState`, ReturnByValue: true}.Call(frame.Client(context.Background()))
			if err != nil {
				return ""
			}
			return r.Result.Value.Str()
		}).WithTimeout(10 * time.Second).Should(Equal("complete"))
		before := p.DOMChanges()
		_, err := proto.RuntimeEvaluate{Expression: `document.body.setAttribute('data-x', '1')`}.Call(frame.Client(context.Background()))
		Expect(err).NotTo(HaveOccurred())
		Eventually(p.DOMChanges).WithTimeout(5 * time.Second).Should(BeNumerically(">", before))
	})

	It("is out of the page's sight", func() {
		p := testpage.Open(shared, fixture.URL+"/conformance/pages/late.html")
		r, err := p.Eval(context.Background(), `typeof globalThis.__smokeflowChanged`)
		Expect(err).NotTo(HaveOccurred())
		Expect(r.Value.Str()).To(Equal("undefined"))
	})
})
