package runner

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
)

// ArtifactsMarker is the file that marks a folder as smokeflow's
// artifacts folder, which a run may empty (docs/running.md "Artifacts").
const ArtifactsMarker = ".smokeflow-artifacts"

const markerText = "This folder holds smokeflow's artifacts. smokeflow empties it at the start of every run\n" +
	"(docs/running.md \"Artifacts\"); delete this file and it never will.\n"

// ArtifactsError is an artifacts folder smokeflow will not use: emptying
// it could delete what is not smokeflow's.
type ArtifactsError struct {
	Dir string // as given
	Why string // "is not empty and has no ...", with the fix
}

func (e *ArtifactsError) Error() string {
	return fmt.Sprintf("artifacts folder %q %s", e.Dir, e.Why)
}

// Settings implements flows.Fixable: Config.ArtifactsDir fixes it.
func (e *ArtifactsError) Settings() []flows.Setting {
	return []flows.Setting{flows.SettingArtifacts}
}

// prepareArtifacts gives the run an empty artifacts folder: it creates
// the folder, or empties one that holds the marker, and writes the
// marker. It refuses a folder that is the root, the home folder or the
// current folder or holds one of them, holds flow files, or is not empty
// and has no marker (docs/running.md "Artifacts").
func prepareArtifacts(dir string, list []*flows.Flow) error {
	empty, err := checkArtifacts(dir, list)
	if err != nil {
		return err
	}
	return empty()
}

// checkArtifacts refuses a folder prepareArtifacts would refuse, deleting
// nothing, and returns what empties the folder and writes its marker: a
// run calls it only once a browser is up, so that a run that could not
// start one leaves the last run's artifacts and .last-run.json as they
// were (docs/running.md "Artifacts").
func checkArtifacts(dir string, list []*flows.Flow) (empty func() error, err error) {
	real, err := artifactsPath(dir)
	if err != nil {
		return nil, err
	}
	if why := protectedFolder(real, list); why != "" {
		return nil, &ArtifactsError{Dir: dir, Why: why}
	}
	entries, err := os.ReadDir(real)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		entries = nil
	case err != nil:
		return nil, &ArtifactsError{Dir: dir, Why: fmt.Sprintf("cannot be read: %v", err)}
	case len(entries) > 0:
		if err := mayEmpty(dir, real, entries); err != nil {
			return nil, err
		}
	}
	return func() error {
		if err := os.MkdirAll(real, 0o755); err != nil {
			return fmt.Errorf("cannot create the artifacts folder: %w", err)
		}
		for _, e := range entries {
			if err := os.RemoveAll(filepath.Join(real, e.Name())); err != nil {
				return fmt.Errorf("cannot empty the artifacts folder %q: %w", dir, err)
			}
		}
		if err := os.WriteFile(filepath.Join(real, ArtifactsMarker), []byte(markerText), 0o644); err != nil {
			return fmt.Errorf("cannot write in the artifacts folder: %w", err)
		}
		return nil
	}, nil
}

// artifactsPath is the folder's absolute path, symbolic links resolved
// when it exists.
func artifactsPath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("artifacts folder %q: %w", dir, err)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	if st, err := os.Stat(abs); err == nil && !st.IsDir() {
		return "", &ArtifactsError{Dir: dir, Why: "is a file, not a folder; choose a folder"}
	}
	return abs, nil
}

// protectedFolder says why emptying real would delete what a run must
// keep, or "".
func protectedFolder(real string, list []*flows.Flow) string {
	if filepath.Dir(real) == real {
		return "is the root of the file system; choose an artifacts folder of its own, such as smokeflow-results"
	}
	type place struct{ name, path string }
	places := []place{{"your home folder", homeDir()}, {"the current folder", currentDir()}}
	for _, f := range list {
		places = append(places, place{"the flow file " + f.File, resolved(f.File)})
	}
	for _, pl := range places {
		switch {
		case pl.path == "":
		case pl.path == real:
			return "is " + pl.name + "; choose an artifacts folder of its own, such as smokeflow-results"
		case within(pl.path, real):
			return "holds " + pl.name + "; choose an artifacts folder of its own, such as smokeflow-results"
		}
	}
	return ""
}

// mayEmpty refuses a folder whose marker does not say it is smokeflow's,
// or that holds a flow file.
func mayEmpty(dir, real string, entries []os.DirEntry) error {
	marked := false
	for _, e := range entries {
		marked = marked || e.Name() == ArtifactsMarker && e.Type().IsRegular()
	}
	if !marked {
		return &ArtifactsError{Dir: dir, Why: fmt.Sprintf("is not empty and has no %s file, so it may not be smokeflow's: "+
			"a run empties its artifacts folder and never deletes a folder it did not create; "+
			"choose a new or empty folder, or empty this one yourself", ArtifactsMarker)}
	}
	flow, err := findYAML(real)
	switch {
	case err != nil:
		return fmt.Errorf("cannot empty the artifacts folder %q: %w", dir, err)
	case flow != "":
		return &ArtifactsError{Dir: dir, Why: fmt.Sprintf("holds %s, which may be a flow; move it out, or choose another folder", flow)}
	}
	return nil
}

// findYAML is the first .yaml or .yml file under root, or "". smokeflow
// never writes one.
func findYAML(root string) (string, error) {
	found := ""
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")):
			found = p
			return filepath.SkipAll
		}
		return nil
	})
	return found, err
}

// within reports whether path is inside the folder dir (both absolute).
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != "." && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

func resolved(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		return real
	}
	return abs
}

func homeDir() string {
	h, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return resolved(h)
}

func currentDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return resolved(wd)
}

// PrepareArtifacts gives a command that writes artifacts without running
// flows (merge-reports) an empty artifacts folder, under the rules of a
// run's (docs/running.md "Artifacts"): created, or emptied only when it
// holds the marker, and refused as an *ArtifactsError otherwise.
func PrepareArtifacts(dir string) error { return prepareArtifacts(dir, nil) }
