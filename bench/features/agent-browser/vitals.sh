# Web vitals budgets: `agent-browser vitals` reads LCP and CLS (it loads the
# page again to measure it), compared in bash; it would lose the click, so
# INP is read with eval from the page's buffered event entries.
# bench: fails "inp"
$AB open "$BASE/conformance/pages/vitals-lcp.html" >/dev/null || exit 1
$AB wait --text "hero shown" >/dev/null || exit 1
v=$($AB vitals --json) || exit 1
lcp=$(jq -r '.data.lcp.startTime // empty' <<<"$v")
cls=$(jq -r '.data.cls.score' <<<"$v")
[[ -n $lcp ]] || { echo "no lcp"; exit 1; }
awk -v x="$lcp" 'BEGIN { exit !(x < 2500) }' || { echo "lcp $lcp ms, over budget 2500 ms"; exit 1; }
awk -v x="$cls" 'BEGIN { exit !(x < 0.1) }' || { echo "cls $cls, over budget 0.1"; exit 1; }
$AB open "$BASE/conformance/pages/vitals-click.html" >/dev/null || exit 1
$AB find role button click --name "Save slowly" >/dev/null || exit 1
$AB wait --text "saved slowly" >/dev/null || exit 1
inp=$($AB eval "new Promise(r => new PerformanceObserver(l => r(Math.max(...l.getEntries()
  .filter(e => e.interactionId).map(e => e.duration)))).observe({type: 'event', buffered: true}))") || exit 1
awk -v x="$inp" 'BEGIN { exit !(x < 200) }' || { echo "inp $inp ms, over budget 200 ms"; exit 1; }
