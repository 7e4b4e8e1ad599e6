package flows

import "errors"

// LoadAll finds the flow files that paths name, as Discover does (files,
// folders searched recursively, globs; no path means ./flows), and loads
// each with opts, as `smokeflow run` does before it runs them
// (docs/flows.md "Finding flow files", docs/go-api.md "Loading flows").
//
// It returns the flows that loaded without error, in path order, and
// every problem at once as Errors: paths that name no flow file, errors in
// the files, what a run needs and lacks (Error.Need: a secret, an
// environment variable, a base URL; Errors.SplitNeeds tells them apart),
// and names used twice (names are unique within a run, docs/running.md
// "Selecting flows"). A flow whose name is already taken is left out.
// A flow with data rows comes as a flow per row (ExpandRows).
func LoadAll(paths []string, opts LoadOptions) ([]*Flow, error) {
	files, err := Discover(paths)
	errs := asErrors(err, "")
	var list []*Flow
	for _, file := range files {
		f, err := Load(file, opts)
		if err != nil {
			errs = append(errs, asErrors(err, file)...)
			continue
		}
		list = append(list, ExpandRows([]*Flow{f})...)
	}
	dups := CheckUniqueNames(list)
	errs = append(errs, dups...)
	list = withoutNamed(list, dups)
	if len(errs) > 0 {
		return list, errs
	}
	return list, nil
}

// asErrors is err as Errors: Load and Discover return Errors; anything
// else becomes one Error at file.
func asErrors(err error, file string) Errors {
	if err == nil {
		return nil
	}
	var es Errors
	if errors.As(err, &es) {
		return es
	}
	var e *Error
	if errors.As(err, &e) {
		return Errors{e}
	}
	return Errors{{Pos: Pos{File: file}, Msg: err.Error()}}
}

// withoutNamed leaves out the flows that CheckUniqueNames reported: the
// later flows of a name, at the Pos of their name.
func withoutNamed(list []*Flow, dups Errors) []*Flow {
	if len(dups) == 0 {
		return list
	}
	taken := map[Pos]bool{}
	for _, e := range dups {
		taken[e.Pos] = true
	}
	out := list[:0:0]
	for _, f := range list {
		if !taken[f.Pos] {
			out = append(out, f)
		}
	}
	return out
}
