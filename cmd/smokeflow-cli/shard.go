package main

import (
	"fmt"
	"strconv"
)

// shardSource is where a CI keeps a parallel job's index and total, for
// --shard auto (docs/running.md "--shard auto").
type shardSource struct {
	ci           string
	index, total string // total "" is --shard-total's
	base         int    // the first index: 0 or 1
}

// shardSources are the CIs --shard auto reads, in the order it looks.
// GitHub Actions is not among them: a matrix has no index of its own.
var shardSources = []shardSource{
	{ci: "GitLab CI", index: "CI_NODE_INDEX", total: "CI_NODE_TOTAL", base: 1},
	{ci: "CircleCI", index: "CIRCLE_NODE_INDEX", total: "CIRCLE_NODE_TOTAL"},
	{ci: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", total: "BUILDKITE_PARALLEL_JOB_COUNT"},
	{ci: "a Kubernetes Indexed Job", index: "JOB_COMPLETION_INDEX"},
}

// resolveShard turns --shard and --shard-total into the I/N the run
// splits by: spec as given, or, for auto, the CI's own index and total
// (docs/running.md "--shard auto"). lookup reads the environment.
func resolveShard(spec string, total int, lookup func(string) (string, bool)) (string, error) {
	if spec != "auto" {
		if total != 0 {
			return "", usagef("--shard-total %d goes with --shard auto (a Kubernetes Indexed Job's completions); with --shard I/N, N is the total", total)
		}
		return spec, nil
	}
	if total < 0 {
		return "", usagef("--shard-total %d: want the number of shards, 1 or more", total)
	}
	for _, src := range shardSources {
		if idx, ok := lookup(src.index); ok {
			return src.resolve(idx, total, lookup)
		}
	}
	// GitLab sets CI_NODE_TOTAL=1, and no index, in a job without parallel:
	if n, ok := lookup("CI_NODE_TOTAL"); ok && n == "1" {
		return "1/1", nil
	}
	if v, _ := lookup("GITHUB_ACTIONS"); v == "true" {
		return "", usagef("--shard auto: GitHub Actions gives a job no shard index of its own: " +
			"use a matrix, matrix: { shard: [1, 2, 3] }, and pass --shard ${{ matrix.shard }}/3")
	}
	return "", usagef("--shard auto: no CI shard index in the environment (GitLab CI_NODE_INDEX, CircleCI CIRCLE_NODE_INDEX, " +
		"Buildkite BUILDKITE_PARALLEL_JOB, a Kubernetes Indexed Job's JOB_COMPLETION_INDEX with --shard-total N): " +
		"run it in a parallel job, or pass --shard I/N")
}

// resolve reads src's total and checks the index against it.
func (src shardSource) resolve(idx string, total int, lookup func(string) (string, bool)) (string, error) {
	i, err := strconv.Atoi(idx)
	if err != nil {
		return "", usagef("--shard auto: %s=%q is not a number (set by %s)", src.index, idx, src.ci)
	}
	n := total
	if src.total == "" {
		if total == 0 {
			return "", usagef("--shard auto: %s=%d says %s, which does not say how many shards there are: "+
				"add --shard-total N, N the Job's completions (spec.completions)", src.index, i, src.ci)
		}
	} else {
		tv, _ := lookup(src.total)
		ci, err := strconv.Atoi(tv)
		if err != nil || ci < 1 {
			return "", usagef("--shard auto: %s set %s=%d but %s=%q, not a number of 1 or more: check the job's parallel setting",
				src.ci, src.index, i, src.total, tv)
		}
		if total != 0 && total != ci {
			return "", usagef("--shard-total %d disagrees with %s=%d (%s): leave --shard-total out", total, src.total, ci, src.ci)
		}
		n = ci
	}
	if i < src.base || i-src.base >= n {
		return "", usagef("--shard auto: %s=%d is out of range for %d shards (%s counts from %d, so %d to %d): %s",
			src.index, i, n, src.ci, src.base, src.base, n-1+src.base, src.rangeFix())
	}
	return fmt.Sprintf("%d/%d", i-src.base+1, n), nil
}

// rangeFix is what to check when the index is out of range.
func (src shardSource) rangeFix() string {
	if src.total == "" {
		return "set --shard-total to the Job's completions (spec.completions)"
	}
	return "check the job's parallel setting, and that nothing else sets " + src.index
}
