package flows_test

import (
	"errors"
	"os"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// parseErrs parses src as x.yaml and returns its errors (nil when valid).
func parseErrs(src string, opts flows.LoadOptions) flows.Errors {
	_, err := flows.Parse("x.yaml", []byte(src), opts)
	if err == nil {
		return nil
	}
	var errs flows.Errors
	Expect(errors.As(err, &errs)).To(BeTrue())
	return errs
}

var _ = Describe("skip and only", func() {
	It("reads the reason of skip: and only: true with its place", func() {
		f, err := flows.Parse("x.yaml", []byte("name: x\nskip: \" down on staging \"\nsteps: [snapshot]\n"), testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(f.Skip).To(Equal("down on staging"))
		Expect(f.Only).To(BeFalse())

		f, err = flows.Parse("x.yaml", []byte("name: x\nsteps: [snapshot]\nonly: true\n"), testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(f.Only).To(BeTrue())
		Expect(f.OnlyPos).To(Equal(flows.Pos{File: "x.yaml", Line: 3, Col: 1}))
		Expect(f.Skip).To(BeEmpty())
	})

	It("takes a number as a reason and only: false as no focus", func() {
		f, err := flows.Parse("x.yaml", []byte("name: x\nskip: 123\nonly: false\nsteps: [snapshot]\n"), testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(f.Skip).To(Equal("123"))
		Expect(f.Only).To(BeFalse())
	})
})

var _ = Describe("errors about what the run needs", func() {
	noEnv := flows.LoadOptions{LookupEnv: func(string) (string, bool) { return "", false }}

	It("marks unset secrets, ${env.NAME}, env.NAME and relative opens without a base URL", func() {
		errs := parseErrs(`name: x
secrets: [SHOP_PASSWORD]
steps:
  - open: /login
  - fill: { target: Host, value: "${env.SHOP_HOST}" }
  - assert: env.TOKEN != ""
  - fill: { target: Email, value: "${emial}" }
`, noEnv)
		Expect(errs).To(HaveLen(5))
		Expect(errs[0].Error()).To(Equal(`x.yaml:2:11: secret "SHOP_PASSWORD" is not set in the environment`))
		Expect(errs[0].Need).To(Equal(flows.NeedEnv))
		Expect(errs[1].Error()).To(Equal(`x.yaml:4:11: open "/login": a relative URL needs base_url in the flow or a base URL for the run`))
		Expect(errs[1].Settings()).To(Equal([]flows.Setting{flows.SettingBaseURL}))
		Expect(errs[1].Need).To(Equal(flows.NeedBaseURL))
		Expect(errs[2].Error()).To(Equal(`x.yaml:5:35: environment variable "SHOP_HOST" in ${env.SHOP_HOST} is not set`))
		Expect(errs[2].Need).To(Equal(flows.NeedEnv))
		Expect(errs[3].Error()).To(Equal(`x.yaml:6:13: environment variable "TOKEN" in env.TOKEN is not set`))
		Expect(errs[3].Need).To(Equal(flows.NeedEnv))
		// An unknown variable is a mistake in the file.
		Expect(errs[4].Msg).To(HavePrefix(`unknown variable "emial"`))
		Expect(errs[4].Need).To(Equal(flows.NeedNothing))

		inFiles, needs := errs.SplitNeeds()
		Expect(inFiles).To(Equal(flows.Errors{errs[4]}))
		Expect(needs).To(Equal(flows.Errors{errs[0], errs[1], errs[2], errs[3]}))
	})

	It("still checks with: when the sub-flow only lacks environment", func() {
		files := map[string]string{
			"m.yaml": "name: M\nsteps:\n  - run: {flow: s.yaml, with: {emial: a}}\n",
			"s.yaml": "name: S\nsecrets: [PW]\nvars: {email: b}\nsteps:\n  - open: /x\n",
		}
		opts := noEnv
		opts.ReadFile = func(p string) ([]byte, error) {
			if s, ok := files[p]; ok {
				return []byte(s), nil
			}
			return nil, os.ErrNotExist
		}
		_, err := flows.Load("m.yaml", opts)
		var errs flows.Errors
		Expect(errors.As(err, &errs)).To(BeTrue())
		inFiles, needs := errs.SplitNeeds()
		Expect(needs).To(HaveLen(2))
		Expect(inFiles).To(HaveLen(1))
		Expect(inFiles[0].Error()).To(Equal(`m.yaml:3:32: with: s.yaml neither declares nor uses variable "emial"; did you mean "email"?`))
	})
})

var _ = Describe("VarsUsed", func() {
	It("lists the variables a flow and its sub-flows declare or read", func() {
		f, err := flows.Load(validDir+"/run.yaml", testOpts())
		Expect(err).NotTo(HaveOccurred())
		// login.yaml declares email and password and sets user_id;
		// search.yaml reads query; run.yaml reads user_id and result.
		Expect(f.VarsUsed).To(Equal([]string{"email", "password", "query", "result", "user_id"}))
	})

	It("is empty for a flow without variables", func() {
		f, err := flows.Parse("x.yaml", []byte("name: x\nsteps: [snapshot]\n"), testOpts())
		Expect(err).NotTo(HaveOccurred())
		Expect(f.VarsUsed).To(BeEmpty())
	})
})

var _ = Describe("settings that fix an error", func() {
	It("names a variable's value for an unknown variable, and nothing for a misspelt one", func() {
		errs := parseErrs("name: x\nvars: { email: a }\nsteps:\n  - fill: { target: A, value: \"${who}\" }\n  - fill: { target: B, value: \"${vars.emial}\" }\n", testOpts())
		Expect(errs).To(HaveLen(2))
		Expect(errs[0].Settings()).To(Equal([]flows.Setting{flows.SettingVar}))
		Expect(errs[0].Msg).NotTo(ContainSubstring("--"))
		Expect(errs[1].Settings()).To(BeEmpty())
		Expect(flows.SettingVar.String()).To(Equal("a variable's value"))
	})
})
