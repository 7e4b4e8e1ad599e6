package flows_test

import (
	"time"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// rfcKey is RFC 6238's SHA-1 test key, "12345678901234567890", in base32.
const rfcKey = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

var _ = Describe("one-time codes", func() {
	DescribeTable("RFC 6238 test vectors (appendix B), 6 digits by default",
		func(unix int64, want string) {
			Expect(flows.TOTPCode("OTP", rfcKey, time.Unix(unix, 0))).To(Equal(want))
		},
		Entry("59", int64(59), "287082"),
		Entry("1111111109", int64(1111111109), "081804"),
		Entry("1111111111", int64(1111111111), "050471"),
		Entry("1234567890", int64(1234567890), "005924"),
		Entry("2000000000", int64(2000000000), "279037"),
		Entry("20000000000", int64(20000000000), "353130"),
	)

	It("reads a key as an authenticator app shows it: lower case, spaces, padding", func() {
		Expect(flows.TOTPCode("OTP", "gezd gnbv gy3t qojq gezd gnbv gy3t qojq", time.Unix(59, 0))).To(Equal("287082"))
		Expect(flows.TOTPCode("OTP", "GEZDGNBVGY3TQOJQGEZA====", time.Unix(59, 0))).To(HaveLen(6))
	})

	It("follows an otpauth:// URI's digits, algorithm and period", func() {
		Expect(flows.TOTPCode("OTP", "otpauth://totp/Shop:qa?secret="+rfcKey+"&digits=8", time.Unix(59, 0))).To(Equal("94287082"))
		sha256 := "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQGEZA"
		Expect(flows.TOTPCode("OTP", "otpauth://totp/Shop:qa?secret="+sha256+"&digits=8&algorithm=SHA256", time.Unix(1111111109, 0))).To(Equal("68084774"))
		// a 60 s period: 59 and 119 fall in two windows, 60 and 119 in one
		uri := "otpauth://totp/Shop:qa?secret=" + rfcKey + "&period=60"
		a, _ := flows.TOTPCode("OTP", uri, time.Unix(60, 0))
		b, _ := flows.TOTPCode("OTP", uri, time.Unix(119, 0))
		Expect(a).To(Equal(b))
	})

	DescribeTable("a secret that is no key says which and what to set",
		func(value, msg string) {
			_, err := flows.TOTPCode("SHOP_OTP", value, time.Unix(59, 0))
			Expect(err).To(MatchError(ContainSubstring(msg)))
			Expect(err).To(MatchError(ContainSubstring("base32 key the site shows")))
			Expect(err.Error()).NotTo(ContainSubstring(value))
		},
		Entry("not base32", "s3cret!", `secret "SHOP_OTP" is not a base32 key`),
		Entry("an HOTP URI", "otpauth://hotp/x?secret=ABC&counter=1", `secret "SHOP_OTP" is not an otpauth://totp/ URI`),
		Entry("a URI with a bad secret", "otpauth://totp/x?secret=189!", `secret "SHOP_OTP" is not a base32 key`),
	)

	It("interpolates ${totp(secrets.NAME)} at the scope's time, and masks the code made", func() {
		m := flows.NewMasker(rfcKey)
		sc := &flows.Scope{Secrets: map[string]string{"OTP": rfcKey}, Mask: m,
			Now: func() time.Time { return time.Unix(59, 0) }}
		Expect(flows.Interpolate("code ${totp(secrets.OTP)}", sc)).To(Equal("code 287082"))
		Expect(flows.Interpolate("${ totp( secrets.OTP ) }", sc)).To(Equal("287082"))
		Expect(m.Mask("typed 287082 for " + rfcKey)).To(Equal("typed ••• for •••"))
	})

	DescribeTable("bad calls",
		func(in, msg string) {
			_, err := flows.Interpolate(in, &flows.Scope{Secrets: map[string]string{"OTP": rfcKey}})
			Expect(err).To(MatchError(ContainSubstring(msg)))
		},
		Entry("another function", "${hotp(secrets.OTP)}", "unknown function hotp() in ${hotp(secrets.OTP)}: the one function is ${totp(secrets.NAME)}"),
		Entry("not a secret", "${totp(vars.OTP)}", "${totp(vars.OTP)}: totp takes a secret"),
		Entry("an unknown secret", "${totp(secrets.NOPE)}", `unknown secret "NOPE"`),
	)
})
