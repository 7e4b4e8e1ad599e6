# Ignored requests: agent-browser lists the session's requests with their
# status (`network requests --json`); the script leaves out the font, the
# beacon and the browser's own favicon.ico (listed too) with jq, and fails
# on any other status of 400 or more.
$AB open "$BASE/conformance/pages/fonts-beacon.html" >/dev/null || exit 1
$AB wait --text "ready (beacon 404)" >/dev/null || exit 1
failed=$($AB network requests --json | jq -r '.data.requests[]
  | select((.status // 0) >= 400 and (.url | test("\\.woff2$|/collect/|/favicon\\.ico$") | not))
  | "\(.method) \(.url) \(.status)"') || exit 1
[[ -z $failed ]] || { echo "failed requests:"; echo "$failed"; exit 1; }
