// Package selftest holds smokeflow's check of its own HTML report, run by
// smokeflow: selftest_test.go runs the flows of fixtures/ (one passes, one
// fails) against testdata/shop.html with the trace on, writes their HTML
// report, serves it, and runs report.yaml on it, which checks that the
// filter works, that the failed flow opens on its diagnostics, that the
// film strip steps, and that nothing leaves the page (docs/results.md
// "HTML report").
package selftest
