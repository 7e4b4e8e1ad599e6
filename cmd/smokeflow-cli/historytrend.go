package main

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/smokeflow/smokeflow/history"
	"github.com/smokeflow/smokeflow/results"
)

// trends reads the run's trends from the store before its reports are
// written: each flow's recent runs and the run's, of its --env-label
// (docs/running.md "History", docs/results.md "Trends"). A store that
// cannot be read is a warning on stderr, and the reports are written
// without trends.
func (hf historyFlags) trends(ctx context.Context, run *results.Run, stderr io.Writer) {
	if hf.url == "" || run == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	err := func() error {
		s, err := history.Open(ctx, hf.url)
		if err != nil {
			return err
		}
		defer s.Close()
		return s.Trends(ctx, run, hf.envLabel)
	}()
	if err != nil {
		fmt.Fprintf(stderr, "smokeflow: warning: the reports show no trends: %v\n", err)
	}
}
