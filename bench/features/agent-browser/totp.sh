# One-time codes: agent-browser has none, so the code comes from otplib
# (through node), of the key in TOTP_SECRET.
code=$(node -e "console.log(require('otplib').generateSync({ secret: process.env.TOTP_SECRET }))") || exit 1
$AB open "$BASE/conformance/pages/totp.html" >/dev/null || exit 1
$AB find label "Authentication code" fill "$code" >/dev/null || exit 1
$AB find role button click --name Verify >/dev/null || exit 1
$AB wait --text Verified >/dev/null || { echo "not verified: $($AB get text '#out')"; exit 1; }
