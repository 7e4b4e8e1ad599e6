package history

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"time"
)

// Git is the commit and branch a run tests, best effort
// (docs/running.md "History"): the CI's variables when set (GitHub
// Actions, GitLab CI), else `git rev-parse` in dir; "" when unknown.
func Git(ctx context.Context, dir string) (commit, branch string) {
	commit = firstEnv("GITHUB_SHA", "CI_COMMIT_SHA")
	branch = firstEnv("GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME")
	if commit == "" {
		commit = gitOut(ctx, dir, "rev-parse", "HEAD")
	}
	if branch == "" {
		if b := gitOut(ctx, dir, "rev-parse", "--abbrev-ref", "HEAD"); b != "HEAD" {
			branch = b
		}
	}
	return commit, branch
}

func firstEnv(names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return ""
}

// gitOut is git's one line of output, or "" when git is missing, dir is
// no repository, or git takes more than two seconds.
func gitOut(ctx context.Context, dir string, args ...string) string {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
