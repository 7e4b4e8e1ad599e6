package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/smokeflow/smokeflow/results"
	"github.com/smokeflow/smokeflow/runner"
)

// mergeInput is one run given to merge-reports (docs/running.md "Merging
// the shards' reports").
type mergeInput struct {
	arg    string // as given
	file   string // the JSON results read
	dir    string // the folder its artifact paths are relative to
	run    *results.Run
	prefix string // its folder in the merged artifacts
}

// readMergeInput reads a run's folder (its .last-run.json, else its one
// JSON results file) or a JSON results file.
func readMergeInput(arg string) (*mergeInput, error) {
	st, err := os.Stat(arg)
	if err != nil {
		return nil, usagef("merge-reports: %v: give a run's artifacts folder or its JSON results file", err)
	}
	in := &mergeInput{arg: arg, file: arg, dir: filepath.Dir(arg)}
	if st.IsDir() {
		in.dir = arg
		if in.file, err = resultsFileIn(arg); err != nil {
			return nil, err
		}
	}
	b, err := os.ReadFile(in.file)
	if err != nil {
		return nil, usagef("merge-reports: %v", err)
	}
	var probe struct {
		SchemaVersion int             `json:"schema_version"`
		Flows         json.RawMessage `json:"flows"`
	}
	if err := json.Unmarshal(b, &probe); err != nil {
		return nil, usagef("merge-reports: %s is not valid JSON (%v): it may have been cut short; download it again, "+
			"or give the run's folder or its --report json file", in.file, err)
	}
	switch {
	case probe.SchemaVersion == 0 || probe.Flows == nil:
		return nil, usagef("merge-reports: %s is not the JSON results of a smokeflow run (no schema_version or flows): "+
			"give the file a run writes with --report json=PATH, or the run's --artifacts folder", in.file)
	case probe.SchemaVersion != results.SchemaVersion:
		return nil, usagef("merge-reports: %s has schema_version %d, and this smokeflow (%s) reads version %d: "+
			"merge it with the smokeflow version that wrote it (its \"tool\" field)", in.file, probe.SchemaVersion, version, results.SchemaVersion)
	}
	in.run = &results.Run{}
	if err := json.Unmarshal(b, in.run); err != nil {
		return nil, usagef("merge-reports: %s does not hold smokeflow results (%v): give the file a run writes with --report json=PATH", in.file, err)
	}
	if !st.IsDir() {
		in.dir = fileArtifacts(in.file, in.run.ArtifactsDir)
	}
	return in, nil
}

// fileArtifacts is the artifacts folder of a results file: its own folder
// when that is an artifacts folder (it holds the marker) or the run's
// folder is not here; else the run's artifacts_dir, where the run left it.
func fileArtifacts(file, recorded string) string {
	own := filepath.Dir(file)
	if _, err := os.Stat(filepath.Join(own, runner.ArtifactsMarker)); err == nil || recorded == "" {
		return own
	}
	if st, err := os.Stat(recorded); err == nil && st.IsDir() {
		return recorded
	}
	return own
}

// resultsFileIn is the JSON results in a run's folder: .last-run.json, or
// else the one .json file it holds (a --report json written there, for CI
// uploads that leave out hidden files).
func resultsFileIn(dir string) (string, error) {
	last := filepath.Join(dir, lastRunFile)
	if _, err := os.Stat(last); err == nil {
		return last, nil
	}
	found, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return "", fmt.Errorf("merge-reports: %s: %w", dir, err)
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return "", usagef("merge-reports: %s holds no JSON results: neither %s nor a .json report; "+
			"give the --artifacts folder of a run (as uploaded, hidden files included) or its --report json file", dir, lastRunFile)
	}
	return "", usagef("merge-reports: %s holds no %s and several .json files (%s): give the run's JSON results file instead of the folder",
		dir, lastRunFile, strings.Join(found, ", "))
}

// assignPrefixes names each input's folder in the merged artifacts:
// shard-I when the inputs are distinct shards of one split, else run-K by
// their order on the command line.
func assignPrefixes(ins []*mergeInput) {
	seen := map[string]bool{}
	total := ""
	byShard := true
	for _, in := range ins {
		i, n, ok := strings.Cut(in.run.Shard, "/")
		_, err1 := strconv.Atoi(i)
		_, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || seen[i] || total != "" && n != total {
			byShard = false
			break
		}
		seen[i], total = true, n
	}
	for k, in := range ins {
		if i, _, _ := strings.Cut(in.run.Shard, "/"); byShard {
			in.prefix = "shard-" + i
		} else {
			in.prefix = fmt.Sprintf("run-%d", k+1)
		}
	}
}

// mergeRuns merges the inputs' runs into one (docs/running.md "Merging
// the shards' reports"). Their artifact paths must already be relocated.
func mergeRuns(ins []*mergeInput, artifactsDir string) (*results.Run, error) {
	m := &results.Run{SchemaVersion: results.SchemaVersion, ArtifactsDir: artifactsDir, Flows: []*results.Flow{}}
	var end time.Time
	var tools, bases, browsers, shards []string
	owner := map[string]*mergeInput{}
	ownerFlow := map[string]*results.Flow{}
	for _, in := range ins {
		r := in.run
		for _, f := range r.Flows {
			if f == nil {
				continue
			}
			if prev, ok := owner[f.Name]; ok {
				return nil, usagef("merge-reports: the flow %q is in two runs: %s (%s) and %s (%s); "+
					"merge each shard of one run once, and shards of the same --shard split only",
					f.Name, prev.file, ownerFlow[f.Name].File, in.file, f.File)
			}
			owner[f.Name], ownerFlow[f.Name] = in, f
			m.Flows = append(m.Flows, f)
		}
		if m.StartedAt.IsZero() || r.StartedAt.Before(m.StartedAt) {
			m.StartedAt = r.StartedAt
		}
		if e := r.StartedAt.Add(r.Duration); e.After(end) {
			end = e
		}
		tools, bases = addDistinct(tools, r.Tool), addDistinct(bases, r.BaseURL)
		browsers, shards = addDistinct(browsers, r.Browser), addDistinct(shards, r.Shard)
		m.Workers += r.Workers
		m.Interrupted = m.Interrupted || r.Interrupted
	}
	m.Duration = end.Sub(m.StartedAt)
	m.Tool, m.BaseURL, m.Browser = strings.Join(tools, ", "), strings.Join(bases, ", "), strings.Join(browsers, ", ")
	m.Shard = mergedShard(shards)
	sort.SliceStable(m.Flows, func(a, b int) bool { return m.Flows[a].File < m.Flows[b].File })
	m.Setup = mergeSetups(ins)
	return m, nil
}

// addDistinct appends s unless it is empty or already there.
func addDistinct(list []string, s string) []string {
	if s == "" {
		return list
	}
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// mergedShard is "" when the shards make up a whole split (1/N to N/N),
// else the shards merged, listed: "1/4, 3/4".
func mergedShard(shards []string) string {
	if len(shards) == 0 {
		return ""
	}
	have := map[int]bool{}
	total := -1
	for _, s := range shards {
		i, n, ok := strings.Cut(s, "/")
		iv, err1 := strconv.Atoi(i)
		nv, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || total != -1 && nv != total {
			return strings.Join(shards, ", ")
		}
		total = nv
		have[iv] = true
	}
	for i := 1; i <= total; i++ {
		if !have[i] {
			return strings.Join(shards, ", ")
		}
	}
	return ""
}

// mergeSetups keeps one result per setup flow (by file and name): every
// shard ran it once; the first that failed stands for it, else the first.
func mergeSetups(ins []*mergeInput) []*results.Flow {
	var out []*results.Flow
	at := map[string]int{}
	for _, in := range ins {
		for _, f := range in.run.Setup {
			if f == nil {
				continue
			}
			key := f.File + "\x00" + f.Name
			i, ok := at[key]
			switch {
			case !ok:
				at[key] = len(out)
				out = append(out, f)
			case f.Status == results.Failed && out[i].Status != results.Failed:
				out[i] = f
			}
		}
	}
	return out
}

// relocateArtifacts copies the input's artifacts into outDir under its
// prefix and rewrites every artifact path of its run to match: attempts'
// artifacts and the diagnostics' screenshot and snapshot, of its flows and
// setup flows. A file that is missing is a warning; the path is rewritten
// all the same.
func relocateArtifacts(in *mergeInput, outDir string, stderr io.Writer) error {
	copied := map[string]bool{}
	move := func(p *string) error {
		if *p == "" {
			return nil
		}
		rel := filepath.FromSlash(*p)
		if !filepath.IsLocal(rel) {
			return usagef("merge-reports: %s: the artifact path %q is outside the run's artifacts folder", in.file, *p)
		}
		np := path.Join(in.prefix, *p)
		if !copied[np] {
			copied[np] = true
			err := copyFile(filepath.Join(in.dir, rel), filepath.Join(outDir, filepath.FromSlash(np)))
			switch {
			case errors.Is(err, fs.ErrNotExist):
				fmt.Fprintf(stderr, "smokeflow: warning: %s: the artifact %s is missing in %s; the reports name it all the same\n", in.arg, *p, in.dir)
			case err != nil:
				return fmt.Errorf("merge-reports: copying the artifact %s of %s: %w", *p, in.arg, err)
			}
		}
		*p = np
		return nil
	}
	for _, f := range append(append([]*results.Flow(nil), in.run.Flows...), in.run.Setup...) {
		if err := relocateFlow(f, move); err != nil {
			return err
		}
	}
	return nil
}

// relocateFlow calls move on every artifact path of f.
func relocateFlow(f *results.Flow, move func(*string) error) error {
	if f == nil {
		return nil
	}
	for _, a := range f.Attempts {
		if a == nil {
			continue
		}
		for i := range a.Artifacts {
			if err := move(&a.Artifacts[i].Path); err != nil {
				return err
			}
		}
		if a.Failure != nil && a.Failure.Diagnostics != nil {
			d := a.Failure.Diagnostics
			if err := move(&d.Screenshot); err != nil {
				return err
			}
			if err := move(&d.Snapshot); err != nil {
				return err
			}
		}
	}
	return nil
}

// copyFile copies src to dst, creating dst's folder.
func copyFile(src, dst string) error {
	r, err := os.Open(src)
	if err != nil {
		return err
	}
	defer r.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	w, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		_ = w.Close()
		return err
	}
	return w.Close()
}
