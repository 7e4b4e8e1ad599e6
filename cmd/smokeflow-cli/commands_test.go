package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/agent"
	"github.com/smokeflow/smokeflow/agent/daemon"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// commands are the commands smokeflow has (docs/cli.md "Commands").
var commands = []string{"run", "validate", "snapshot", "schema", "demo", "version", "diff", "explore", "record", "merge-reports", "history",
	"open", "click", "dblclick", "hover", "drag", "check", "uncheck", "fill", "type", "press", "select", "scroll", "upload",
	"expect", "get", "screenshot", "back", "forward", "reload", "wait", "eval", "find", "console", "network", "tab", "dialog", "cookies", "storage", "export", "state", "confirm", "close", "sessions", "batch", "mcp",
	"completion", "help"}

var _ = Describe("help", func() {
	It("prints the overview, every command on a line, on stdout, exit 0", func() {
		for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
			code, out, errOut := smokeflowSplit(args...)
			Expect(code).To(Equal(0), errOut)
			Expect(errOut).To(BeEmpty())
			Expect(out).To(HavePrefix("smokeflow runs YAML browser flows in real Chromium.\n"))
			for _, c := range commands {
				Expect(out).To(MatchRegexp(`(?m)^  smokeflow %s\b`, c), args)
			}
			Expect(out).To(ContainSubstring("Exit codes: 0 passed, 1 a flow failed, 2 invalid flows or usage, 3 no browser, 130 interrupted."))
		}
	})

	It("shows run's flags with `help run`, `run --help` and `run -h`, exit 0", func() {
		for _, args := range [][]string{{"help", "run"}, {"run", "--help"}, {"run", "-h"}} {
			code, out, errOut := smokeflowSplit(args...)
			Expect(code).To(Equal(0), errOut)
			Expect(out).To(ContainSubstring("Usage:\n  smokeflow run [PATH|GLOB...] [flags]\n"), args)
			for _, flag := range []string{"--base-url URL", "--var K=V", "--report FORMAT=PATH", "--workers int",
				"--grep string", "--grep-invert string", "--last-failed", "--list", "--forbid-only", "--artifacts string", "--trace on"} {
				Expect(out).To(ContainSubstring(flag), args)
			}
			Expect(out).To(ContainSubstring(`(default "smokeflow-results")`))
		}
	})

	It("takes --trace on, retain-on-failure or off, and nothing else (exit 2)", func() {
		code, _, errOut := smokeflowSplit("run", "--trace", "always", "--base-url", "http://127.0.0.1:1", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2))
		Expect(errOut).To(ContainSubstring(`--trace: unknown trace mode "always": want on, retain-on-failure or off`))
	})

	It("shows each command's own flags", func() {
		_, out, _ := smokeflowSplit("help", "validate")
		Expect(out).To(ContainSubstring("--strict"))
		Expect(out).NotTo(ContainSubstring("--workers"))
		_, out, _ = smokeflowSplit("snapshot", "--help")
		Expect(out).To(ContainSubstring("--selector CSS"))
		Expect(out).To(ContainSubstring(`--wait duration`))
		Expect(out).To(ContainSubstring(`(default "5s")`))
		_, out, _ = smokeflowSplit("help", "demo")
		Expect(out).To(ContainSubstring("--serve"))
		Expect(out).To(ContainSubstring("--workers int"))
	})

	It("names a help topic that is no command, exit 2", func() {
		code, out, errOut := smokeflowSplit("help", "frobnicate")
		Expect(code).To(Equal(2))
		Expect(out).To(BeEmpty())
		Expect(errOut).To(Equal("smokeflow: unknown command \"frobnicate\"; 'smokeflow help' lists the commands\n"))
	})
})

var _ = Describe("usage errors", func() {
	It("prints the overview on stderr when no command is given, exit 2", func() {
		code, out, errOut := smokeflowSplit()
		Expect(code).To(Equal(2))
		Expect(out).To(BeEmpty())
		Expect(errOut).To(HavePrefix("smokeflow runs YAML browser flows"))
		Expect(errOut).To(HaveSuffix("\nsmokeflow: no command given\n"))
	})

	It("names the nearest command to an unknown one, exit 2, without a usage dump", func() {
		code, out, errOut := smokeflowSplit("rnu", "flows/")
		Expect(code).To(Equal(2))
		Expect(out).To(BeEmpty())
		Expect(errOut).To(Equal("smokeflow: unknown command \"rnu flows/\"; did you mean \"run\"?\n"))
		code, _, errOut = smokeflowSplit("frobnicate")
		Expect(code).To(Equal(2))
		Expect(errOut).To(Equal("smokeflow: unknown command \"frobnicate\"; 'smokeflow help' lists the commands\n"))
	})

	It("names the fix for an unknown flag, exit 2, without a usage dump", func() {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"run", "--worker", "2", "x.yaml"}, "unknown flag: --worker; did you mean --workers?"},
			{[]string{"run", "-workers", "2", "x.yaml"}, "unknown shorthand flag: 'w' in -workers; long flags take two dashes: --workers"},
			{[]string{"validate", "--strict=yes-please"}, `invalid argument "yes-please" for "--strict" flag: strconv.ParseBool: parsing "yes-please": invalid syntax; 'smokeflow validate --help' lists the flags`},
			{[]string{"run", "--frobnicate"}, "unknown flag: --frobnicate; 'smokeflow run --help' lists the flags"},
			{[]string{"run", "--workers"}, "flag needs an argument: --workers; 'smokeflow run --help' lists the flags"},
			{[]string{"snapshot", "--jsno", "http://x"}, "unknown flag: --jsno; did you mean --json?"},
		} {
			code, out, errOut := smokeflowSplit(c.args...)
			Expect(code).To(Equal(2), c.args)
			Expect(out).To(BeEmpty(), c.args)
			Expect(errOut).To(Equal("smokeflow: "+c.want+"\n"), c.args)
		}
	})

	It("takes every word after -- as a path", func() {
		code, _, errOut := smokeflowSplit("run", "--list", "--", "--workers")
		Expect(code).To(Equal(2))
		Expect(errOut).To(HavePrefix("smokeflow: --workers: "))
	})

	It("rejects arguments to a command that takes none, exit 2", func() {
		for _, cmd := range []string{"schema", "demo", "version"} {
			code, _, errOut := smokeflowSplit(cmd, "extra")
			Expect(code).To(Equal(2), cmd)
			Expect(errOut).To(Equal(fmt.Sprintf("smokeflow: %s takes no arguments, got [\"extra\"]\n", cmd)))
		}
	})
})

var _ = Describe("version", func() {
	It("prints the version as --version and -v, and as the first line of the command", func() {
		for _, arg := range []string{"version", "--version", "-v"} {
			code, out, errOut := smokeflowSplit(arg)
			Expect(code).To(Equal(0), errOut)
			Expect(out).To(HavePrefix("smokeflow " + version + "\n"))
		}
	})
})

var _ = Describe("completion", func() {
	It("prints a script for bash, zsh, fish and powershell that asks smokeflow for the words", func() {
		for _, shell := range []string{"bash", "zsh", "fish", "powershell"} {
			code, out, errOut := smokeflowSplit("completion", shell)
			Expect(code).To(Equal(0), errOut)
			Expect(len(out)).To(BeNumerically(">", 1000), shell)
			Expect(out).To(ContainSubstring("smokeflow"), shell)
			Expect(out).To(ContainSubstring("__complete"), shell)
		}
	})

	It("rejects a shell it has no script for, exit 2", func() {
		code, _, errOut := smokeflowSplit("completion", "tcsh")
		Expect(code).To(Equal(2))
		Expect(errOut).To(ContainSubstring(`no shell "tcsh"; want bash, zsh, fish or powershell`))
	})

	// complete asks for the completions of the last word, as the scripts do.
	complete := func(words ...string) (string, []string) {
		GinkgoHelper()
		code, out, errOut := smokeflowSplit(append([]string{"__complete"}, words...)...)
		Expect(code).To(Equal(0), errOut)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		return lines[len(lines)-1], lines[:len(lines)-1]
	}

	It("completes the commands, with their descriptions", func() {
		directive, words := complete("")
		Expect(directive).To(Equal(":4")) // no file names
		var names []string
		for _, w := range words {
			names = append(names, strings.SplitN(w, "\t", 2)[0])
		}
		Expect(names).To(Equal(commands))
		Expect(words[0]).To(Equal("run\trun flows (default ./flows)"))
		_, words = complete("help", "va")
		Expect(words).To(HaveLen(1))
		Expect(words[0]).To(HavePrefix("validate\t"))
	})

	It("completes flow files for run and validate, and no file for the others", func() {
		for _, cmd := range []string{"run", "validate"} {
			directive, words := complete(cmd, "")
			Expect(directive).To(Equal(":8"), cmd) // file extensions
			Expect(words).To(Equal(flows.FlowFileExtensions()))
		}
		for _, cmd := range []string{"snapshot", "demo", "schema"} {
			directive, _ := complete(cmd, "")
			Expect(directive).To(Equal(":4"), cmd)
		}
	})

	It("completes flag values: --report formats, --wait's default and load states, folders for --artifacts, nothing for --workers", func() {
		directive, words := complete("run", "--report", "")
		Expect(directive).To(Equal(":6")) // no space, no file names
		Expect(words).To(Equal([]string{"junit=", "markdown=", "json=", "html="}))
		_, words = complete("demo", "--report", "")
		Expect(words).To(ContainElement("markdown="))
		directive, words = complete("snapshot", "--wait", "")
		Expect(directive).To(Equal(":4"))
		Expect(words).To(Equal([]string{"5s\tsettle for at most this long (any duration)",
			"load\twait for load only, without settling", "domcontentloaded\twait for domcontentloaded only, without settling",
			"networkidle\twait for networkidle only, without settling"}))
		directive, _ = complete("run", "--artifacts", "")
		Expect(directive).To(Equal(":16")) // folders
		directive, _ = complete("run", "--env-file", "")
		Expect(directive).To(Equal(":0")) // files
		directive, words = complete("run", "--trace", "")
		Expect(directive).To(Equal(":4"))
		Expect(words).To(Equal([]string{"on", "retain-on-failure", "off"}))
		directive, words = complete("run", "--workers", "")
		Expect(directive).To(Equal(":4"))
		Expect(words).To(BeEmpty())
	})

	It("completes a verb's words from its grammar, and a file where its form takes one", func() {
		directive, words := complete("tab", "")
		Expect(directive).To(Equal(":4"))
		Expect(words).To(Equal([]string{"list", "new", "switch", "close"}))
		_, words = complete("storage", "")
		Expect(words).To(Equal([]string{"local", "session"}))
		_, words = complete("storage", "local", "")
		Expect(words).To(Equal([]string{"get", "set", "clear"}))
		directive, words = complete("tab", "switch", "")
		Expect(directive).To(Equal(":4"))
		Expect(words).To(BeEmpty())
		directive, _ = complete("state", "save", "")
		Expect(directive).To(Equal(":0")) // files
	})

	It("completes flag names", func() {
		_, words := complete("run", "--last")
		Expect(words).To(HaveLen(1))
		Expect(words[0]).To(HavePrefix("--last-failed\t"))
	})
})

var _ = Describe("exit codes", func() {
	// Each class of error, bare and wrapped as commands return them
	// (docs/cli.md "Exit codes"): exitCode is the one mapping.
	DescribeTable("exitCode maps each class of error to its code",
		func(err error, want int) {
			Expect(exitCode(err)).To(Equal(want))
			if err != nil {
				Expect(exitCode(fmt.Errorf("wrapped: %w", err))).To(Equal(want))
			}
		},
		Entry("0: no error", nil, 0),
		Entry("1: a flow failed", errFlowsFailed, 1),
		Entry("1: any other error (writing a report)", errors.New("writing reports: disk full"), 1),
		Entry("2: usage", usagef("--workers must be at least 1"), 2),
		Entry("2: a flag cobra could not parse", flagError(newRunCmd(), errors.New("unknown flag: --x")), 2),
		Entry("2: invalid flows", flows.Errors{{Msg: "bad"}}, 2),
		Entry("2: one invalid flow", &flows.Error{Msg: "bad"}, 2),
		Entry("3: no browser", &browser.BrowserError{Msg: "no Chromium"}, 3),
		Entry("3: a session's process that cannot be reached", fmt.Errorf("x: %w", daemon.ErrUnreachable), 3),
		Entry("2: bad session settings", fmt.Errorf("x: %w", daemon.ErrBadConfig), 2),
		Entry("0, 1, 2, 3: a session command's result, by its code", &resultError{code: agent.ExitFailed}, 1),
		Entry("2: a session command's usage error", &resultError{code: agent.ExitUsage}, 2),
		Entry("3: a session command without a browser", &resultError{code: agent.ExitBrowser}, 3),
		Entry("1: a code the engine does not define", &resultError{code: 42}, 1),
		Entry("printed as JSON: its cause's code", &printedError{err: daemon.ErrUnreachable}, 3),
		Entry("130: interrupted", errInterrupted, 130),
		Entry("130: interrupted while the browser started", &browser.BrowserError{Msg: "interrupted", Err: context.Canceled}, 130),
	)

	It("0: a command that succeeds", func() {
		code, out := smokeflow("validate", "--base-url", "http://x", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(0), out)
	})

	It("2: a usage error, printed once on stderr", func() {
		code, out, errOut := smokeflowSplit("run", "--workers", "0", "--base-url", "http://x", "../../testdata/cli/ok.yaml")
		Expect(code).To(Equal(2))
		Expect(out).To(BeEmpty())
		Expect(errOut).To(Equal("smokeflow: --workers must be at least 1\n"))
	})

	It("3: no browser, whatever the command", func() {
		code, out := smokeflow("snapshot", "--browser", "/nonexistent/chrome", "http://127.0.0.1:1/")
		Expect(code).To(Equal(3), out)
		Expect(out).To(ContainSubstring("/nonexistent/chrome"))
	})

	It("130: interrupted while the browser starts", func() {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		var out strings.Builder
		code := Main(ctx, []string{"run", "--base-url", site.URL, "--artifacts", GinkgoT().TempDir(), "../../testdata/cli/ok.yaml"}, &out, &out)
		Expect(code).To(Equal(130), out.String())
	})
})
