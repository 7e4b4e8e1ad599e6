package flows_test

import (
	"errors"
	"path/filepath"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

var _ = Describe("malformed flows", func() {
	files := corpusFiles(invalidDir)

	It("are at least 40, each with expectations", func() {
		Expect(len(files)).To(BeNumerically(">=", 40))
		for _, f := range files {
			Expect(expectations(mustRead(f))).NotTo(BeEmpty(), f)
		}
	})

	for _, file := range files {
		It("reports "+strings.TrimSuffix(filepath.Base(file), ".yaml"), func() {
			src := mustRead(file)
			want := expectations(src)
			_, err := flows.Parse(file, src, testOpts())
			Expect(errorLines(file, err)).To(Equal(want))

			// Load reports the same, as FILE:LINE:COL: msg.
			_, lerr := flows.Load(file, testOpts())
			Expect(lerr).To(HaveOccurred())
			var errs flows.Errors
			Expect(errors.As(lerr, &errs)).To(BeTrue())
			for _, e := range errs {
				Expect(e.Error()).To(HavePrefix(e.Pos.File + ":"))
				if e.Pos.Line > 0 {
					Expect(e.Pos.Col).To(BeNumerically(">", 0))
				}
			}
		})
	}

	It("joins all errors with newlines", func() {
		_, err := flows.Parse("x.yaml", []byte("name: x\nsteps:\n  - clik: a\n  - hoverr: b\n"), testOpts())
		Expect(err.Error()).To(Equal("x.yaml:3:5: unknown step \"clik\"; did you mean \"click\"?\nx.yaml:4:5: unknown step \"hoverr\"; did you mean \"hover\"?"))
	})

	It("renders an error without a line as FILE: msg", func() {
		_, err := flows.Load("../testdata/flows/no-such-flow.yaml", testOpts())
		Expect(err).To(MatchError("../testdata/flows/no-such-flow.yaml: cannot read the flow: no such file or directory"))
	})

	It("needs base_url or --base-url for relative opens", func() {
		src := []byte("name: x\nsteps:\n  - open: /login\n")
		_, err := flows.Parse("x.yaml", src, testOpts())
		Expect(err).To(MatchError(ContainSubstring("needs base_url")))
		opts := testOpts()
		opts.BaseURL = "http://localhost:8080"
		_, err = flows.Parse("x.yaml", src, opts)
		Expect(err).NotTo(HaveOccurred())
	})

	It("knows --var names", func() {
		src := []byte("name: x\nbase_url: http://a\nsteps:\n  - open: /u/${user}\n")
		_, err := flows.Parse("x.yaml", src, testOpts())
		Expect(err).To(MatchError(ContainSubstring(`unknown variable "user"`)))
		opts := testOpts()
		opts.Vars = map[string]string{"user": "ada"}
		_, err = flows.Parse("x.yaml", src, opts)
		Expect(err).NotTo(HaveOccurred())
	})

	It("reports duplicate flow names across flows", func() {
		a, _ := flows.Parse("a.yaml", []byte("name: Same\nsteps: [snapshot]\n"), testOpts())
		b, _ := flows.Parse("b.yaml", []byte("# b\nname: Same\nsteps: [snapshot]\n"), testOpts())
		errs := flows.CheckUniqueNames([]*flows.Flow{a, b})
		Expect(errs).To(HaveLen(1))
		Expect(errs[0].Error()).To(Equal(`b.yaml:2:1: flow name "Same" is already used by a.yaml`))
	})
})
