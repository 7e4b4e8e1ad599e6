// Package diffs compares what smokeflow reads of a page: two snapshot
// texts (Snapshots) and two screenshots (Images). It is pure: no browser,
// no files; the session's baselines, the `diff` commands and the agent
// session's `snapshot --diff` call it. docs/diffs.md describes what each
// comparison reports and ignores, and why.
package diffs
