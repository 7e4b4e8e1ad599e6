// Command agent measures smokeflow's agent session next to agent-browser,
// both driving the same Chromium, headless, on pages served here
// (docs/benchmarks.md "The agent session against agent-browser"):
//
//  1. warm command latency: click and fill by ref, the interactive
//     snapshot and get text, on the bench dashboard and the demo shop's
//     checkout, each timed from the CLI process's start to its exit;
//  2. the cold first command: `open URL` with no daemon or browser running;
//  3. what an agent reads over scripted tasks (-tasks): 12 commands on
//     AdminLTE's general form page, and six tasks on four other real apps
//     (tasks.go), each command followed by a read of the page.
//
// bench/agent/run.sh installs agent-browser and the real apps, serves
// AdminLTE and runs it:
//
//	agent -tools smokeflow,agent-browser -smokeflow BIN -agent-browser BIN \
//	      -adminlte URL -tasks adminlte,apps -apps NODE_MODULES \
//	      -testdata testdata/bench -dir TMP -out results.json
//
// It writes the raw times and the task's transcripts as JSON; report.js
// turns them into the Markdown report (and counts the tokens). Any command
// that fails, or prints what the run cannot use, stops the run with an
// error: a missing verb never shows up as a zero.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/examples/demo"
)

type config struct {
	tools                          []string
	smokeflow, agentBrowser        string
	before                         string
	chromium, adminURL, testdata   string
	tasks, appsDir                 string
	todoURL                        string
	dir, out                       string
	runs, coldRuns, warmup         int
	think                          time.Duration
	skipWarm, skipCold, skipTokens bool
}

func main() {
	log.SetFlags(log.Ltime)
	log.SetPrefix("bench/agent ")
	var c config
	var tools string
	flag.StringVar(&tools, "tools", smokeflowName+","+agentBrowserName, "the tools to measure, comma-separated")
	flag.StringVar(&c.smokeflow, "smokeflow", "", "smokeflow binary")
	flag.StringVar(&c.before, "smokeflow-before", "", "another smokeflow binary, measured as the tool smokeflow-before")
	flag.StringVar(&c.agentBrowser, "agent-browser", "", "agent-browser native binary")
	flag.StringVar(&c.chromium, "chromium", "/usr/bin/chromium", "the browser both tools drive")
	flag.StringVar(&c.adminURL, "adminlte", "", "URL of AdminLTE's general form page")
	flag.StringVar(&c.tasks, "tasks", "adminlte", "the token tasks, comma-separated: adminlte, apps (every task on the other real apps) or their names")
	flag.StringVar(&c.appsDir, "apps", "", "the node_modules folder of bench/agent/package.json, whose real apps the tasks other than adminlte open")
	flag.StringVar(&c.todoURL, "todomvc", "", "URL of TodoMVC's vanilla JS example (a warm page when set)")
	flag.StringVar(&c.testdata, "testdata", "testdata/bench", "folder of dashboard.html")
	flag.StringVar(&c.dir, "dir", "", "a temporary folder for the tools' binaries, homes and browser profiles")
	flag.StringVar(&c.out, "out", "results.json", "where to write the results")
	flag.IntVar(&c.runs, "runs", 30, "timed runs of each warm command per tool")
	flag.IntVar(&c.warmup, "warmup", 3, "untimed runs of each warm command before them")
	flag.DurationVar(&c.think, "think", 0, "a pause before each warm command, the same for every tool: an agent's time to think")
	flag.IntVar(&c.coldRuns, "cold-runs", 10, "cold opens per tool")
	flag.BoolVar(&c.skipWarm, "skip-warm", false, "skip the warm latency")
	flag.BoolVar(&c.skipCold, "skip-cold", false, "skip the cold open")
	flag.BoolVar(&c.skipTokens, "skip-tokens", false, "skip the token tasks")
	flag.Parse()
	c.tools = strings.Split(tools, ",")
	if err := run(c); err != nil {
		log.Print(err)
		os.Exit(1)
	}
}

// results is what the run writes: times in milliseconds by tool, and the
// task's transcript by column.
type results struct {
	Tools []string                                   `json:"tools"`
	Runs  int                                        `json:"runs"`
	Cold  map[string][]float64                       `json:"cold,omitempty"`
	Warm  map[string]map[string]map[string][]float64 `json:"warm,omitempty"`
	Task  []taskResult                               `json:"task,omitempty"`
}

type taskResult struct {
	Task   agentTask `json:"task"`
	Column column    `json:"column"`
	Steps  []step    `json:"steps"`
}

func run(c config) error {
	if c.dir == "" {
		return errors.New("-dir is needed")
	}
	tools, err := makeTools(c)
	if err != nil {
		return err
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	shop, err := serve(ctx, "the demo shop", consented(demo.Handler()))
	if err != nil {
		return err
	}
	dash, err := serve(ctx, c.testdata, http.FileServer(http.Dir(c.testdata)))
	if err != nil {
		return err
	}
	tasks, err := serveTasks(ctx, c)
	if err != nil {
		return err
	}
	res := results{Tools: c.tools, Runs: c.runs}
	err = measureAll(c, tools, tasks, &res, shop, dash+"/dashboard.html")
	if qerr := quiet(tools); err == nil {
		err = qerr
	}
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(res, "", " ")
	if err != nil {
		return fmt.Errorf("encode the results: %w", err)
	}
	return os.WriteFile(c.out, data, 0o644)
}

// measureAll runs the three measures: cold first (nothing else running),
// then warm, then the task.
func measureAll(c config, tools []*tool, tasks []agentTask, res *results, shop, dashboard string) error {
	var err error
	if !c.skipCold {
		if res.Cold, err = cold(tools, dashboard, c.coldRuns); err != nil {
			return err
		}
	}
	if !c.skipWarm {
		pages := []page{dashboardPage(dashboard), checkoutPage(shop)}
		if c.adminURL != "" {
			pages = append(pages, adminPage(c.adminURL))
		}
		if c.todoURL != "" {
			pages = append(pages, todoPage(c.todoURL))
		}
		if res.Warm, err = warm(tools, pages, c.runs, c.warmup, c.think); err != nil {
			return err
		}
	}
	if c.skipTokens {
		return nil
	}
	for _, t := range tasks {
		for _, col := range taskColumns(tools) {
			steps, err := runTask(col, t)
			if err != nil {
				return err
			}
			res.Task = append(res.Task, taskResult{Task: t, Column: *col, Steps: steps})
		}
	}
	return nil
}

// serveTasks serves the real apps of the tasks (-apps) and lists the
// tasks that -tasks names.
func serveTasks(ctx context.Context, c config) ([]agentTask, error) {
	if c.skipTokens {
		return nil, nil
	}
	bases := map[string]string{}
	if c.appsDir != "" {
		for pkg, h := range appHandlers(c.appsDir) {
			base, err := serve(ctx, pkg, h)
			if err != nil {
				return nil, err
			}
			bases[pkg] = base
		}
	}
	tasks, err := pickTasks(c.tasks, c.adminURL, bases)
	for _, t := range tasks {
		if t.URL == "" {
			return nil, fmt.Errorf("-tasks %s: its page needs -adminlte", t.Name)
		}
	}
	return tasks, err
}

// makeTools sets up the tools named in c.tools, each in a folder of its
// own under c.dir.
func makeTools(c config) ([]*tool, error) {
	var tools []*tool
	for _, name := range c.tools {
		dir := filepath.Join(c.dir, name)
		var t *tool
		var err error
		switch name {
		case smokeflowName:
			t, err = newSmokeflow(name, c.smokeflow, dir, c.chromium)
		case beforeName:
			t, err = newSmokeflow(name, c.before, dir, c.chromium)
		case agentBrowserName:
			t, err = newAgentBrowser(c.agentBrowser, dir, c.chromium, fmt.Sprintf("sfbench-%d", os.Getpid()))
		default:
			err = fmt.Errorf("unknown tool %q (smokeflow, smokeflow-before, agent-browser)", name)
		}
		if err != nil {
			return nil, err
		}
		tools = append(tools, t)
	}
	return tools, nil
}

// quiet ends whatever the tools left (agent-browser: every session of its
// namespace) and checks that none of their processes is left.
func quiet(tools []*tool) error {
	var errs []error
	for _, t := range tools {
		if t.name == agentBrowserName {
			s := &session{tool: t, name: "warm"}
			if _, err := s.must("close", "--all"); err != nil {
				errs = append(errs, err)
			}
		}
		errs = append(errs, waitQuiet(t, quietBound))
	}
	return errors.Join(errs...)
}

// consented is the demo shop as a visitor who has accepted its cookies
// sees it: without the cookie banner, which slides in over the bottom of
// the page right after each load.
func consented(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, err := r.Cookie("cookie_consent"); err != nil {
			r.AddCookie(&http.Cookie{Name: "cookie_consent", Value: "accepted"})
		}
		h.ServeHTTP(w, r)
	})
}

// serve serves h on a loopback port until ctx ends and returns its base
// URL.
func serve(ctx context.Context, what string, h http.Handler) (string, error) {
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("serve %s: %w", what, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			log.Printf("serve %s: %v", what, err)
		}
	}()
	go func() {
		<-ctx.Done()
		if err := srv.Close(); err != nil {
			log.Printf("serve %s: close: %v", what, err)
		}
	}()
	return "http://" + ln.Addr().String(), nil
}
