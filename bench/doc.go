// Package bench holds smokeflow's performance benchmarks: the cost of a
// snapshot (time and size) on a large admin dashboard and on pages of
// 100, 1,000 and 10,000 elements, resolving a present target, gathering
// failure diagnostics for a missing one, how close an absent target
// fails to its step timeout, and what settling adds to a one-shot read.
//
// The benchmarks launch Chromium themselves (browser.Launch) and serve their
// pages with httptest; run them with
//
//	go test ./bench -run '^$' -bench . -benchtime 20x
//
// bench/run.sh compares smokeflow with Playwright on the same machine; see
// docs/benchmarks.md for the numbers and how to reproduce them.
package bench
