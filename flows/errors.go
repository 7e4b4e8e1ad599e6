package flows

import (
	"github.com/smokeflow/smokeflow/internal/textdist"
	"sort"
	"strings"
)

// Error is one validation error at a place in a flow file.
type Error struct {
	Pos Pos
	Msg string
	// Need is set when the error is about what the run lacks rather than
	// about the file: `smokeflow validate` reports such errors as warnings
	// (docs/running.md "Validating in CI").
	Need Need
	// Fix is the run setting that would also fix it, for front ends to
	// name their own way (docs/cli.md "Errors"); NeedBaseURL implies
	// SettingBaseURL.
	Fix Setting
}

// Settings returns the run settings that would fix e.
func (e *Error) Settings() []Setting {
	switch {
	case e.Fix != SettingNone:
		return []Setting{e.Fix}
	case e.Need == NeedBaseURL:
		return []Setting{SettingBaseURL}
	}
	return nil
}

// Need is what a flow needs from outside its files to run.
type Need int

const (
	// NeedNothing: the error is in the flow file itself.
	NeedNothing Need = iota
	// NeedEnv: an environment variable (`${env.NAME}`, `env.NAME`, a
	// secret) that is not set.
	NeedEnv
	// NeedBaseURL: a base URL for `open: /path`.
	NeedBaseURL
)

// Error renders "FILE:LINE:COL: msg" (or "FILE: msg" without a line).
func (e *Error) Error() string {
	if e.Pos.Line == 0 {
		if e.Pos.File == "" {
			return e.Msg
		}
		return e.Pos.File + ": " + e.Msg
	}
	return e.Pos.String() + ": " + e.Msg
}

// Errors is every validation error of a load, in file order.
type Errors []*Error

// Error joins the errors with newlines.
func (es Errors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap lets errors.As find one *Error.
func (es Errors) Unwrap() []error {
	out := make([]error, len(es))
	for i, e := range es {
		out[i] = e
	}
	return out
}

// SplitNeeds separates errors in the flow files from errors about what
// the run needs (Error.Need set); each keeps its order.
func (es Errors) SplitNeeds() (inFiles, needs Errors) {
	for _, e := range es {
		if e.Need != NeedNothing {
			needs = append(needs, e)
		} else {
			inFiles = append(inFiles, e)
		}
	}
	return inFiles, needs
}

// sortErrors orders errors by file (first, then the others in order of
// first appearance), line and column, and drops exact duplicates.
func sortErrors(es Errors, first string) Errors {
	fileOrder := map[string]int{first: 0}
	for _, e := range es {
		if _, ok := fileOrder[e.Pos.File]; !ok {
			fileOrder[e.Pos.File] = len(fileOrder)
		}
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i].Pos, es[j].Pos
		if a.File != b.File {
			return fileOrder[a.File] < fileOrder[b.File]
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	out := es[:0]
	seen := map[string]bool{}
	for _, e := range es {
		k := e.Error()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, e)
	}
	return out
}

// nearest returns the candidate closest to s, or "" when none is close
// enough to be a plausible typo.
func nearest(s string, candidates []string) string { return textdist.Nearest(s, candidates) }

// didYouMean is "; did you mean "x"?" or "".
func didYouMean(s string, candidates []string) string {
	if n := nearest(s, candidates); n != "" {
		return `; did you mean "` + n + `"?`
	}
	return ""
}
