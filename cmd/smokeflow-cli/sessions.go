package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/smokeflow/smokeflow/agent/daemon"
)

// newSessionsCmd is `smokeflow sessions` (docs/agent-session.md
// "Listing sessions").
func newSessionsCmd() *cobra.Command {
	var asJSON bool
	c := &cobra.Command{
		Use:     "sessions",
		Short:   "list the live sessions: name, process, idle time, page",
		GroupID: groupSession,
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			list, err := daemon.List("")
			if err != nil && len(list) == 0 {
				return err
			}
			if werr := printSessions(c.OutOrStdout(), list, asJSON); werr != nil {
				return werr
			}
			return err
		},
	}
	c.Flags().BoolVar(&asJSON, "json", false, "print a JSON array: each session's name, pid, url, busy, queued, started, last_used, socket, log")
	return c
}

// printSessions prints the sessions as a table, or as JSON.
func printSessions(w io.Writer, list []daemon.Info, asJSON bool) error {
	if asJSON {
		if list == nil {
			list = []daemon.Info{}
		}
		b, err := json.Marshal(list)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", b)
		return err
	}
	if len(list) == 0 {
		_, err := fmt.Fprintln(w, "no sessions")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPID\tIDLE\tURL")
	now := time.Now()
	for _, s := range list {
		idle := s.Idle(now).Round(time.Second).String()
		if s.Busy {
			idle = "busy"
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", s.Name, s.PID, idle, s.URL)
	}
	return tw.Flush()
}
