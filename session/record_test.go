package session_test

import (
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/session"
)

// The recorder itself is specified through `smokeflow record`, headed
// under Xvfb (cmd/smokeflow-cli/record_test.go); here the names it gives
// the secrets (docs/session.md "Recording a flow").
var _ = Describe("Record's secret names", func() {
	It("writes a field's name in upper snake case", func() {
		Expect(session.UpperSnake("password")).To(Equal("PASSWORD"))
		Expect(session.UpperSnake("current-password")).To(Equal("CURRENT_PASSWORD"))
		Expect(session.UpperSnake("user[pass word]")).To(Equal("USER_PASS_WORD"))
		Expect(session.UpperSnake("Mot de passe é")).To(Equal("MOT_DE_PASSE"))
	})

	It("leaves nothing of a name with no letter or digit", func() {
		Expect(session.UpperSnake("—")).To(BeEmpty())
	})
})
