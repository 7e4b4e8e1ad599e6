# Accessibility with `agent-browser a11y` (its embedded axe-core):
# --selector scopes it to a region; the impact is filtered with jq, and
# the script prints the violations and fails.
# bench: fails "image-alt" "button-name" "color-contrast" "label"
serious() {
  local out
  out=$($AB a11y "$@" --json) || exit 1
  jq -r '.data.violations[] | select(.impact == "serious" or .impact == "critical")
    | "\(.id) (\(.impact)): \([.nodes[].target | flatten | join(" ")] | join(", "))"' <<<"$out"
}
v=$(serious "$BASE/conformance/pages/a11y-ok.html")
[[ -z $v ]] || { echo "$v"; exit 1; }
$AB open "$BASE/conformance/pages/a11y-region.html" >/dev/null || exit 1
v=$(serious --selector "#search")
[[ -z $v ]] || { echo "$v"; exit 1; }
v=$(serious "$BASE/conformance/pages/a11y-bad.html")
[[ -z $v ]] || { echo "$v"; exit 1; }
