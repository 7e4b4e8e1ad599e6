package ginkgoflows

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/smokeflow/smokeflow/flows"
)

// spec is one flow file, as registered: what the It shows before the
// flow runs.
type spec struct {
	file  string // as Discover found it
	name  string // the flow's name, or the file when it has none
	tags  []string
	only  bool
	where types.CodeLocation // the flow's name: line in its file
	// artifacts is the flow's folder below the artifacts folder.
	artifacts string
	// err is what makes the flow fail before it runs: an error in its
	// file, or a name already taken.
	err error
}

// group is the flow files of one folder.
type group struct {
	dir   string // relative to the Describe's folder; "." for itself
	specs []spec
}

// plan finds the flow files under dir and reads each, to name its spec
// (docs/go-api.md "The ginkgo helper"). What a run needs and lacks (a
// secret, a base URL) does not count here: it is checked again, with the
// base URL, when the spec runs. Errors in the files are the specs'.
func plan(dir string, c config) ([]group, error) {
	files, err := flows.Discover([]string{dir})
	if err != nil {
		return nil, err
	}
	opts := flows.LoadOptions{Vars: c.vars, LookupEnv: c.lookupEnv}
	var groups []group
	byDir := map[string]int{}
	var loaded []*flows.Flow
	type place struct{ group, spec int }
	at := map[*flows.Flow]place{}
	taken := map[string]bool{}
	for _, file := range files {
		s, f := planFile(file, opts)
		s.artifacts = artifactsFolder(file, taken)
		rel := relDir(dir, file)
		if _, ok := byDir[rel]; !ok {
			byDir[rel] = len(groups)
			groups = append(groups, group{dir: rel})
		}
		gi := byDir[rel]
		groups[gi].specs = append(groups[gi].specs, s)
		if s.err == nil {
			loaded = append(loaded, f)
			at[f] = place{gi, len(groups[gi].specs) - 1}
		}
	}
	// Names are unique within a run (docs/running.md "Selecting flows"):
	// the later flows of a name fail with the error that says so.
	for _, e := range flows.CheckUniqueNames(loaded) {
		for _, f := range loaded {
			if f.Pos == e.Pos {
				groups[at[f].group].specs[at[f].spec].err = flows.Errors{e}
			}
		}
	}
	return groups, nil
}

// planFile reads one flow file for its spec, and returns the flow when it
// loaded.
func planFile(file string, opts flows.LoadOptions) (spec, *flows.Flow) {
	s := spec{file: file, name: file, where: types.CodeLocation{FileName: absPath(file), LineNumber: 1}}
	f, err := flows.Load(file, opts)
	if f != nil && f.Name != "" {
		s.name, s.tags, s.only = f.Name, f.Tags, f.Only
		s.where.LineNumber = max(f.Pos.Line, 1)
	}
	if inFiles := fileErrors(file, err); len(inFiles) > 0 {
		s.err = inFiles
	}
	return s, f
}

// fileErrors keeps the errors in the flow files, leaving out what the run
// needs (flows.Errors.SplitNeeds).
func fileErrors(file string, err error) flows.Errors {
	if err == nil {
		return nil
	}
	var es flows.Errors
	if !errors.As(err, &es) {
		return flows.Errors{{Pos: flows.Pos{File: file}, Msg: err.Error()}}
	}
	inFiles, _ := es.SplitNeeds()
	return inFiles
}

// relDir is the folder of file relative to dir, "." for dir itself.
func relDir(dir, file string) string {
	rel, err := filepath.Rel(dir, filepath.Dir(file))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.Dir(file)
	}
	return rel
}

// artifactsFolder names the flow file's folder below the artifacts
// folder: its path without extension, leading ../ and ./, the folders
// joined by "-" ("flows/checkout.yaml" → "flows-checkout"), made unique
// with a number.
func artifactsFolder(file string, taken map[string]bool) string {
	var parts []string
	for _, p := range strings.Split(filepath.ToSlash(filepath.Clean(file)), "/") {
		if p != ".." && p != "." && p != "" {
			parts = append(parts, p)
		}
	}
	name := strings.Join(parts, "-")
	name = strings.TrimSuffix(name, filepath.Ext(name))
	if name == "" {
		name = "flow"
	}
	out := name
	for n := 2; taken[out]; n++ {
		out = fmt.Sprintf("%s-%d", name, n)
	}
	taken[out] = true
	return out
}

// absPath is p made absolute, for the specs' code locations.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// labels are the flow's tags as ginkgo labels: a tag may hold characters
// a label may not (& | ! , ( ) /), which become "-", and so does a ":" at
// either end of it (docs/go-api.md "The ginkgo helper").
func labels(tags []string) []string {
	out := make([]string, 0, len(tags))
	for _, t := range tags {
		l := []rune(strings.Map(func(r rune) rune {
			if strings.ContainsRune("&|!,()/", r) {
				return '-'
			}
			return r
		}, strings.TrimSpace(t)))
		for i := 0; i < len(l) && l[i] == ':'; i++ {
			l[i] = '-'
		}
		for i := len(l) - 1; i >= 0 && l[i] == ':'; i-- {
			l[i] = '-'
		}
		if len(l) > 0 {
			out = append(out, string(l))
		}
	}
	return out
}
