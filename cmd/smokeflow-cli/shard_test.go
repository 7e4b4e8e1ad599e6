package main

import (
	"os"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// ciShardVars are every variable --shard auto reads, GitHub's included.
var ciShardVars = []string{"CI_NODE_INDEX", "CI_NODE_TOTAL", "CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL",
	"BUILDKITE_PARALLEL_JOB", "BUILDKITE_PARALLEL_JOB_COUNT", "JOB_COMPLETION_INDEX", "GITHUB_ACTIONS"}

// envOf is a lookup over these variables alone.
func envOf(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

var _ = Describe("--shard auto", func() {
	auto := func(total int, kv ...string) (string, error) { return resolveShard("auto", total, envOf(kv...)) }

	It("reads GitLab's 1-based CI_NODE_INDEX and CI_NODE_TOTAL", func() {
		Expect(auto(0, "CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "3")).To(Equal("1/3"))
		Expect(auto(0, "CI_NODE_INDEX", "3", "CI_NODE_TOTAL", "3")).To(Equal("3/3"))
		// a GitLab job without parallel: has CI_NODE_TOTAL=1 and no index
		Expect(auto(0, "CI_NODE_TOTAL", "1")).To(Equal("1/1"))
	})

	It("reads CircleCI's and Buildkite's 0-based index and their totals", func() {
		Expect(auto(0, "CIRCLE_NODE_INDEX", "0", "CIRCLE_NODE_TOTAL", "4")).To(Equal("1/4"))
		Expect(auto(0, "CIRCLE_NODE_INDEX", "3", "CIRCLE_NODE_TOTAL", "4")).To(Equal("4/4"))
		Expect(auto(0, "BUILDKITE_PARALLEL_JOB", "1", "BUILDKITE_PARALLEL_JOB_COUNT", "2")).To(Equal("2/2"))
	})

	It("reads a Kubernetes Indexed Job's 0-based JOB_COMPLETION_INDEX with --shard-total", func() {
		Expect(auto(5, "JOB_COMPLETION_INDEX", "4")).To(Equal("5/5"))
		_, err := auto(0, "JOB_COMPLETION_INDEX", "2")
		Expect(err).To(MatchError(ContainSubstring("JOB_COMPLETION_INDEX=2 says a Kubernetes Indexed Job, which does not say how many shards there are: add --shard-total N")))
		_, err = auto(3, "JOB_COMPLETION_INDEX", "3")
		Expect(err).To(MatchError("--shard auto: JOB_COMPLETION_INDEX=3 is out of range for 3 shards (a Kubernetes Indexed Job counts from 0, so 0 to 2): " +
			"set --shard-total to the Job's completions (spec.completions)"))
	})

	It("says an index out of range, and where it counts from", func() {
		_, err := auto(0, "CI_NODE_INDEX", "0", "CI_NODE_TOTAL", "2")
		Expect(err).To(MatchError(ContainSubstring("CI_NODE_INDEX=0 is out of range for 2 shards (GitLab CI counts from 1, so 1 to 2): check the job's parallel setting")))
		_, err = auto(0, "CIRCLE_NODE_INDEX", "4", "CIRCLE_NODE_TOTAL", "4")
		Expect(err).To(MatchError(ContainSubstring("CIRCLE_NODE_INDEX=4 is out of range for 4 shards (CircleCI counts from 0, so 0 to 3)")))
		_, err = auto(0, "BUILDKITE_PARALLEL_JOB", "x", "BUILDKITE_PARALLEL_JOB_COUNT", "2")
		Expect(err).To(MatchError(ContainSubstring(`BUILDKITE_PARALLEL_JOB="x" is not a number`)))
		_, err = auto(0, "CIRCLE_NODE_INDEX", "0")
		Expect(err).To(MatchError(ContainSubstring(`CircleCI set CIRCLE_NODE_INDEX=0 but CIRCLE_NODE_TOTAL="", not a number of 1 or more`)))
		_, err = auto(3, "CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "2")
		Expect(err).To(MatchError(ContainSubstring("--shard-total 3 disagrees with CI_NODE_TOTAL=2 (GitLab CI): leave --shard-total out")))
	})

	It("says what to do with no CI index, and on GitHub Actions, which has none", func() {
		_, err := auto(0)
		Expect(err).To(MatchError(ContainSubstring("--shard auto: no CI shard index in the environment (GitLab CI_NODE_INDEX, CircleCI CIRCLE_NODE_INDEX")))
		Expect(err).To(MatchError(ContainSubstring("run it in a parallel job, or pass --shard I/N")))
		_, err = auto(0, "GITHUB_ACTIONS", "true")
		Expect(err).To(MatchError(ContainSubstring("GitHub Actions gives a job no shard index of its own: use a matrix")))
	})

	It("leaves I/N as given, and refuses --shard-total without auto", func() {
		Expect(resolveShard("2/3", 0, envOf("CI_NODE_INDEX", "1", "CI_NODE_TOTAL", "3"))).To(Equal("2/3"))
		Expect(resolveShard("", 0, envOf())).To(Equal(""))
		_, err := resolveShard("2/3", 3, envOf())
		Expect(err).To(MatchError(ContainSubstring("--shard-total 3 goes with --shard auto")))
	})

	Context("on the command line", func() {
		BeforeEach(func() {
			for _, k := range ciShardVars {
				GinkgoT().Setenv(k, "") // restored after the spec
				Expect(os.Unsetenv(k)).To(Succeed())
			}
		})

		It("selects the shard the CI's variables name", func() {
			GinkgoT().Setenv("CIRCLE_NODE_INDEX", "1")
			GinkgoT().Setenv("CIRCLE_NODE_TOTAL", "2")
			Expect(listed("--shard", "auto", shardFlows)).To(Equal([]string{
				shardFlows + "/b-broken.yaml › Home page.",
				shardFlows + "/d-heading.yaml › The heading",
			}))
			GinkgoT().Setenv("JOB_COMPLETION_INDEX", "2")
			Expect(os.Unsetenv("CIRCLE_NODE_INDEX")).To(Succeed())
			Expect(listed("--shard", "auto", "--shard-total", "4", shardFlows)).To(Equal([]string{
				shardFlows + "/c-home.yaml › Home page?",
			}))
		})

		It("is a usage error naming the fix when no CI variable is set, exit 2", func() {
			code, _, errOut := smokeflowSplit(append([]string{"run", "--list", "--shard", "auto", shardFlows}, noBrowser...)...)
			Expect(code).To(Equal(2))
			Expect(errOut).To(ContainSubstring("--shard auto: no CI shard index in the environment"))
		})
	})
})
