package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/google/shlex"
	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent/daemon"
)

// batchFailed is a batch in which a command failed: the exit code is the
// first failed command's. Its output said why.
type batchFailed struct{ code int }

func (e *batchFailed) Error() string {
	return fmt.Sprintf("a command of the batch failed (exit %d)", e.code)
}

// notInBatch are the session commands a batch does not run: they do not
// drive the page.
var notInBatch = []string{"batch", "mcp", "sessions", daemon.ServeCommand}

// newBatchCmd is `smokeflow batch [FILE]` (docs/agent-session.md
// "Batch"): session commands, one per line, from FILE or stdin, run in one
// call.
func newBatchCmd() *cobra.Command {
	var bail, asJSON bool
	var session string
	c := &cobra.Command{
		Use:     "batch [FILE]",
		Short:   "run session commands, one per line, from FILE or stdin, in one call (--bail stops at the first failure)",
		GroupID: groupSession,
		Args:    argsBetween(0, 1),
		RunE: func(c *cobra.Command, args []string) error {
			in := c.InOrStdin()
			name := "stdin"
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return usagef("batch: %v", err)
				}
				defer f.Close()
				in, name = f, args[0]
			}
			lines, err := batchLines(in, name)
			if err != nil {
				return err
			}
			return runBatch(c, lines, batchFlags{bail: bail, asJSON: asJSON, session: session})
		},
	}
	c.Flags().BoolVar(&bail, "bail", false, "stop at the first command that fails")
	c.Flags().BoolVar(&asJSON, "json", false, "print each command's result as one JSON object, one per line")
	c.Flags().StringVar(&session, "session", "", "the session's `NAME`, for every line that names none")
	return c
}

// batchLine is one command of a batch, and where it was.
type batchLine struct {
	where string // FILE:LINE
	text  string
	args  []string
}

// batchLines reads the commands of a batch: one per line, split as a
// shell splits words (quotes and backslashes); blank lines and lines that
// start with # are skipped; a leading `smokeflow` is dropped. Every line
// is checked before any runs.
func batchLines(in io.Reader, name string) ([]batchLine, error) {
	var out []batchLine
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		where := fmt.Sprintf("%s:%d", name, n)
		words, err := shlex.Split(text)
		if err != nil {
			return nil, usagef("%s: %v; quote the line as a shell would", where, err)
		}
		if len(words) > 0 && words[0] == "smokeflow" {
			words = words[1:]
		}
		if len(words) == 0 {
			return nil, usagef("%s: no command; write a session command such as: click @e3", where)
		}
		out = append(out, batchLine{where: where, text: text, args: words})
	}
	if err := sc.Err(); err != nil {
		return nil, usagef("batch: reading %s: %v", name, err)
	}
	if len(out) == 0 {
		return nil, usagef("batch: %s holds no command; write one per line, such as: click @e3", name)
	}
	return out, checkBatchVerbs(out)
}

// checkBatchVerbs refuses a line whose command is not a session command
// that drives the page.
func checkBatchVerbs(lines []batchLine) error {
	root, err := newRoot(io.Discard, io.Discard)
	if err != nil {
		return err
	}
	for _, l := range lines {
		c, _, err := root.Find(l.args)
		if err != nil || c == root || c.GroupID != groupSession || slices.Contains(notInBatch, c.Name()) {
			return usagef("%s: %q is not a session command a batch runs (open, snapshot, click, fill, expect, get, …)", l.where, l.args[0])
		}
	}
	return nil
}

type batchFlags struct {
	bail, asJSON bool
	session      string
}

// runBatch runs the lines in order, each as its own command line would
// run, and prints `> LINE` before each result (not with --json).
func runBatch(c *cobra.Command, lines []batchLine, f batchFlags) error {
	out, errOut := c.OutOrStdout(), c.ErrOrStderr()
	first := 0
	for _, l := range lines {
		args := l.args
		if f.session != "" && !slices.ContainsFunc(args, isSessionFlag) {
			args = append(args, "--session", f.session)
		}
		if f.asJSON && !slices.Contains(args, "--json") {
			args = append(args, "--json")
		}
		if !f.asJSON {
			fmt.Fprintf(out, "> %s\n", l.text)
		}
		code := executeLine(c.Context(), args, out, errOut)
		if code == exitInterrupted {
			return errInterrupted
		}
		if code != exitOK && first == 0 {
			first = code
		}
		if code != exitOK && f.bail {
			break
		}
	}
	if first != 0 {
		return &batchFailed{code: first}
	}
	return nil
}

func isSessionFlag(a string) bool { return a == "--session" || strings.HasPrefix(a, "--session=") }
