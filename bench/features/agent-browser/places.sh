#!/usr/bin/env bash
# places: a phone in Paris, dark, with a fixed clock; then offline, then
# slow. agent-browser sets the device's size and pixel ratio, the position
# (which the page may not read: no permission), the media and offline; the time zone comes from the browser's TZ, the
# clock from an init script written by hand. It has no way to set the
# language (--lang and LANGUAGE do nothing headless), emulate touch, grant
# a permission or throttle the connection: it does the rest, then says so.
set -u
text() { $AB get text "$1" | tr -d '"'; }
clock=$(mktemp --suffix .js) && trap 'rm -f "$clock"' EXIT
cat >"$clock" <<'JS'
(() => { const R = Date, at = R.parse('2024-02-29T10:00:00Z');
  function D(...a) { return new.target ? Reflect.construct(R, a.length ? a : [at], new.target) : new R(at).toString(); }
  D.prototype = R.prototype; D.now = () => at; D.parse = R.parse; D.UTC = R.UTC; globalThis.Date = D; })();
JS
export TZ=Europe/Paris
$AB open --init-script "$clock" >/dev/null || exit 1
$AB set device "iPhone 15" >/dev/null || exit 1
$AB set geo 48.8584 2.2945 >/dev/null || exit 1
$AB set media dark reduced-motion >/dev/null || exit 1
$AB open "$BASE/conformance/pages/places.html" >/dev/null || exit 1
[ "$(text '#width')" = 393 ] && [ "$(text '#dpr')" = 3 ] || exit 1
[ "$(text '#timezone')" = Europe/Paris ] || exit 1
[ "$(text '#now')" = 2024-02-29T10:00:00.000Z ] && [ "$(text '#local-time')" = 11:00 ] || exit 1
$AB wait --fn "document.querySelector('#timer').textContent === 'fired'" >/dev/null || exit 1
[ "$(text '#color-scheme')" = dark ] && [ "$(text '#reduced-motion')" = reduce ] || exit 1
$AB wait --fn "document.querySelector('#geo').textContent !== ''" >/dev/null || exit 1
$AB set offline on >/dev/null || exit 1
[ "$(text '#online')" = false ] || exit 1
$AB click "#go-fetch" >/dev/null || exit 1
$AB wait --fn "document.querySelector('#fetch').textContent.startsWith('failed')" >/dev/null || exit 1
$AB set offline off >/dev/null || exit 1
echo "agent-browser 0.41 cannot set the language (navigator.language: $(text '#language')), emulate touch (touch: $(text '#touch')), grant a permission (position: $(text '#geo'); notifications: $(text '#notifications')) or throttle the connection"
exit 3
