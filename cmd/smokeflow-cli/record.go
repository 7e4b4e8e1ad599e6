package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/session"
)

// noDisplay is what record says without a display (docs/session.md
// "Recording a flow").
const noDisplay = "record needs a display: run under a desktop or `xvfb-run smokeflow record URL`"

// newRecordCmd is `smokeflow record URL` (docs/session.md "Recording a
// flow"): wiring only, the recorder is Session.Record.
func newRecordCmd() *cobra.Command {
	var out, bin string
	c := &cobra.Command{
		Use:   "record URL",
		Short: "record a flow as you click through URL in a Chromium window",
		Long: `Open URL in a Chromium window and write a flow of what you do there: clicks,
fills (one per field), selects, checks, Enter and Escape, drags, with an expect
of the URL after each navigation. What you type into a password field is
written as ${secrets.NAME}, never in clear. The toolbar at the bottom right
adds an expectation on what you click next: visible, text or value.

Close the window (or press Ctrl-C) to finish: the flow is printed, checked
and written to --out. It needs a display (xvfb-run smokeflow record URL
without one). docs/session.md "Recording a flow".`,
		Args: argsBetween(1, 1),
		RunE: func(c *cobra.Command, pos []string) error {
			return cmdRecord(c.Context(), pos[0], out, bin, c.OutOrStdout(), c.ErrOrStderr())
		},
	}
	c.Flags().StringVar(&out, "out", "", "write the flow to this `FILE` too (its folder is made)")
	c.Flags().StringVar(&bin, "browser", "", "the `PATH` of Chromium or Chrome")
	return c
}

// cmdRecord records a flow on url until the window closes or ctx ends,
// then prints it, checks it and writes it to out ("": printed only).
func cmdRecord(ctx context.Context, url, out, bin string, stdout, stderr io.Writer) error {
	if err := flows.CheckPageURL(url); err != nil {
		return usagef("record %v", err) // docs/flows.md "URLs"
	}
	if runtime.GOOS == "linux" && os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return &browser.BrowserError{Msg: noDisplay}
	}
	b, err := browser.Launch(ctx, browser.Options{Bin: bin, Headed: true})
	if err != nil {
		return err
	}
	defer b.Close()
	bc, err := b.NewContext(ctx)
	if err != nil {
		return err
	}
	defer bc.Close()
	dir, err := os.MkdirTemp("", "smokeflow-record-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	ss, err := session.Open(ctx, bc, session.Options{LeaveDownloads: true, ArtifactsDir: dir})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "smokeflow: recording %s in Chromium (DevTools %s); close the window or press Ctrl-C to finish\n", url, b.Endpoint())
	rec, err := ss.Record(ctx, url, func(st *flows.Step) { fmt.Fprintf(stderr, "  + %s\n", oneLine(st)) })
	if err != nil {
		return fmt.Errorf("record: cannot open %s: %v", url, err)
	}
	return writeRecording(rec, out, stdout)
}

// oneLine is a step as a one-line YAML flow map.
func oneLine(st *flows.Step) string {
	n := st.Node()
	setFlow(n)
	b, err := yaml.Marshal(n)
	if err != nil {
		return string(st.Action.Name())
	}
	return strings.TrimSpace(string(b))
}

func setFlow(n *yaml.Node) {
	n.Style = yaml.FlowStyle
	for _, c := range n.Content {
		setFlow(c)
	}
}

// writeRecording prints the recorded flow, checks it with the flows
// loader (its secrets as they were typed) and writes it to out.
func writeRecording(rec *session.Recording, out string, stdout io.Writer) error {
	name := "Recorded flow"
	file := "recorded.yaml"
	if out != "" {
		file = out
		name = strings.TrimSuffix(filepath.Base(out), filepath.Ext(out))
	}
	rf := rec.Flow
	rf.Name, rf.Dir = name, filepath.Dir(file)
	rf.Description = "Recorded by smokeflow record on " + time.Now().UTC().Format("2006-01-02") + "."
	src, _, err := rf.YAML()
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, string(src))
	lookup := func(k string) (string, bool) {
		if v, ok := rec.Secrets[k]; ok {
			return v, true
		}
		return os.LookupEnv(k)
	}
	if _, err := flows.Parse(file, src, flows.LoadOptions{LookupEnv: lookup}); err != nil {
		return fmt.Errorf("record: the recorded flow does not validate: %v", err)
	}
	if out == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	return os.WriteFile(out, src, 0o644)
}
