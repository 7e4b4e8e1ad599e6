package flows

import (
	"encoding/base32"
	"fmt"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// fnTOTP is the one function interpolation knows: ${totp(secrets.NAME)}
// (docs/flows.md "One-time codes").
const fnTOTP = "totp"

// totpFix is what a bad one-time-code secret's message says to do.
const totpFix = "set it to the base32 key the site shows under its QR code (\"enter this key\"), " +
	"or to the otpauth://totp/... URI the QR code holds"

// totpKey reads a secret's value as a TOTP key: a base32 key (spaces and
// padding aside, any case) with RFC 6238's defaults (SHA-1, 6 digits,
// 30 s), or an otpauth://totp/ URI whose digits, period and algorithm
// say otherwise (docs/flows.md "One-time codes"). The error never holds
// the value.
func totpKey(name, value string) (string, totp.ValidateOpts, error) {
	opts := totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}
	key := value
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(value)), "otpauth://") {
		k, err := otp.NewKeyFromURL(strings.TrimSpace(value))
		if err != nil || k.Type() != "totp" {
			return "", opts, fmt.Errorf("secret %q is not an otpauth://totp/ URI: %s", name, totpFix)
		}
		key, opts.Digits, opts.Algorithm, opts.Period = k.Secret(), k.Digits(), k.Algorithm(), uint(k.Period())
		if opts.Digits < 6 || opts.Digits > 10 || opts.Period == 0 {
			return "", opts, fmt.Errorf("secret %q: its otpauth:// URI needs digits between 6 and 10 and a period above 0", name)
		}
	}
	key = strings.ToUpper(strings.Join(strings.Fields(key), ""))
	key = strings.TrimRight(key, "=")
	if key == "" {
		return "", opts, fmt.Errorf("secret %q is empty, so it has no one-time code: %s", name, totpFix)
	}
	if _, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(key); err != nil {
		return "", opts, fmt.Errorf("secret %q is not a base32 key (letters A-Z and digits 2-7): %s", name, totpFix)
	}
	return key, opts, nil
}

// TOTPCode is the one-time code of a secret's value at t (RFC 6238,
// computed by github.com/pquerna/otp).
func TOTPCode(name, value string, t time.Time) (string, error) {
	key, opts, err := totpKey(name, value)
	if err != nil {
		return "", err
	}
	code, err := totp.GenerateCodeCustom(key, t, opts)
	if err != nil {
		return "", fmt.Errorf("secret %q: no one-time code (%v): %s", name, err, totpFix)
	}
	return code, nil
}
