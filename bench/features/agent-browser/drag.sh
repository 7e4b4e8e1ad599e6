#!/usr/bin/env bash
# drag: native drag and drop, a pointer-events sortable list, a slider's
# thumb to a point of its track, a range input and an ARIA slider.
set -u
text() { $AB get text "$1" | tr -d '"'; }

$AB open "$BASE/conformance/pages/drag-board.html" >/dev/null || exit 1
$AB drag "#c2" "section[aria-label=Done]" >/dev/null || exit 1
[ "$(text '#out')" = "Fix the login bug is in Done" ] || exit 1

$AB open "$BASE/conformance/pages/drag-sortable.html" >/dev/null || exit 1
# the list lifts past its threshold and moves after: a pointer path
$AB drag "button[aria-label='Move Apple']" "li:nth-child(3)" --human >/dev/null || exit 1
[ "$(text '#out')" = "Order: Banana, Cherry, Apple, Damson" ] || exit 1

# drag has no drop point: read the boxes, then drive the mouse
$AB open "$BASE/conformance/pages/drag-slider.html" >/dev/null || exit 1
read -r x y tx ty < <($AB eval "(() => { const t = document.querySelector('#thumb').getBoundingClientRect(), k = document.querySelector('#track').getBoundingClientRect(); return [t.x + t.width / 2, t.y + t.height / 2, k.x + 140, k.y + 4].map(Math.round).join(' '); })()" | tr -d '"')
$AB mouse move "$x" "$y" >/dev/null && $AB mouse down left >/dev/null &&
  $AB mouse move "$tx" "$ty" --steps 10 >/dev/null && $AB mouse up left >/dev/null || exit 1
[ "$(text '#brightout')" = "Brightness 7" ] || exit 1

# fill leaves a range input at 50: keys, 50 to 35 in steps of 5
$AB focus "#vol" >/dev/null || exit 1
for _ in 1 2 3; do $AB press ArrowLeft >/dev/null || exit 1; done
[ "$($AB get value '#vol' | tr -d '"')" = "35" ] || exit 1
# an ARIA slider: keys, as a user would press them
$AB focus "#thumb" >/dev/null && $AB press Home >/dev/null &&
  $AB press ArrowRight >/dev/null && $AB press ArrowRight >/dev/null || exit 1
[ "$(text '#brightout')" = "Brightness 2" ] || exit 1
