package flows

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// DefaultFlowsDir is where `smokeflow run` looks without arguments.
const DefaultFlowsDir = "flows"

// FlowFileExtensions are the extensions of flow files, without the dot
// (docs/running.md "Selecting flows").
func FlowFileExtensions() []string { return []string{"yaml", "yml"} }

// IsFlowFile reports whether a file name has a flow file extension.
func IsFlowFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext != "" && slices.Contains(FlowFileExtensions(), ext[1:])
}

// Discover expands command-line arguments into flow files: a file is taken
// as it is; a folder is searched recursively for .yaml/.yml files, leaving
// out files and folders whose names start with "." or "_" (a place for
// sub-flows that only `run:` uses); a glob (*, ?, [...], and ** for any
// number of folders) matches .yaml/.yml files, "*" not matching a leading
// dot. No arguments means ./flows. The result is sorted and deduplicated.
// A missing path or a pattern or folder with no flow file is an error
// naming it; every such error is returned, as Errors.
func Discover(args []string) ([]string, error) {
	if len(args) == 0 {
		args = []string{DefaultFlowsDir}
	}
	seen := map[string]bool{}
	var out []string
	var errs Errors
	add := func(p string) {
		p = filepath.Clean(p)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	fail := func(arg, format string, a ...any) {
		errs = append(errs, &Error{Pos: Pos{File: arg}, Msg: fmt.Sprintf(format, a...)})
	}
	for _, arg := range args {
		if arg == "" {
			fail(arg, "empty path")
			continue
		}
		if hasMeta(arg) {
			matches, err := globFlows(arg)
			switch {
			case err != nil:
				fail(arg, "%v", err)
			case len(matches) == 0:
				fail(arg, "no flow files (.yaml, .yml) match this pattern")
			}
			for _, m := range matches {
				add(m)
			}
			continue
		}
		st, err := os.Stat(arg)
		if err != nil {
			fail(arg, "%s", unwrapPathError(err))
			continue
		}
		if !st.IsDir() {
			if !IsFlowFile(arg) {
				fail(arg, "not a flow file (.yaml or .yml)")
				continue
			}
			add(arg)
			continue
		}
		n := 0
		err = filepath.WalkDir(arg, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if p != arg && (strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
				if d.IsDir() {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.IsDir() && IsFlowFile(p) && isFile(p, d) {
				add(p)
				n++
			}
			return nil
		})
		switch {
		case err != nil:
			fail(arg, "%v", err)
		case n == 0:
			fail(arg, "no flow files (.yaml, .yml) in this folder")
		}
	}
	sort.Strings(out)
	if len(errs) > 0 {
		return out, errs
	}
	return out, nil
}

// isFile says whether a folder's entry is a file, or a symlink to one: a
// Kubernetes ConfigMap mounts its files as symlinks (docs/running.md
// "Selecting flows"). A symlink to a folder is not followed.
func isFile(p string, d fs.DirEntry) bool {
	if d.Type()&fs.ModeSymlink == 0 {
		return d.Type().IsRegular()
	}
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func hasMeta(s string) bool { return strings.ContainsAny(s, "*?[") }

// globFlows matches a pattern with ** against the flow files under its
// fixed leading folders.
func globFlows(pattern string) ([]string, error) {
	slash := filepath.ToSlash(pattern)
	segs := strings.Split(slash, "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("bad pattern: %w", err)
		}
	}
	var base []string
	i := 0
	for ; i < len(segs) && !hasMeta(segs[i]); i++ {
		base = append(base, segs[i])
	}
	root := strings.Join(base, "/")
	switch {
	case root == "" && strings.HasPrefix(slash, "/"):
		root = "/"
	case root == "":
		root = "."
	}
	rest := segs[i:]
	root = filepath.FromSlash(root)
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return nil, nil
	}
	var out []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil
		}
		if p == root {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return nil
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		if d.IsDir() {
			if !prefixCanMatch(rest, parts) {
				return filepath.SkipDir
			}
			return nil
		}
		if IsFlowFile(p) && isFile(p, d) && matchSegs(rest, parts) {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}

// matchSegs matches path segments against pattern segments; ** matches any
// number of segments. Names starting with "." match only a pattern that
// starts with ".".
func matchSegs(pat, parts []string) bool {
	if len(pat) == 0 {
		return len(parts) == 0
	}
	if pat[0] == "**" {
		for i := 0; i <= len(parts); i++ {
			if i > 0 && strings.HasPrefix(parts[i-1], ".") {
				return false
			}
			if matchSegs(pat[1:], parts[i:]) {
				return true
			}
		}
		return false
	}
	if len(parts) == 0 {
		return false
	}
	if strings.HasPrefix(parts[0], ".") && !strings.HasPrefix(pat[0], ".") {
		return false
	}
	if ok, _ := path.Match(pat[0], parts[0]); !ok {
		return false
	}
	return matchSegs(pat[1:], parts[1:])
}

// prefixCanMatch reports whether a folder's segments may lead to a match.
func prefixCanMatch(pat, dir []string) bool {
	if len(dir) == 0 {
		return true
	}
	if len(pat) == 0 {
		return false
	}
	if pat[0] == "**" {
		return !strings.HasPrefix(dir[0], ".")
	}
	if strings.HasPrefix(dir[0], ".") && !strings.HasPrefix(pat[0], ".") {
		return false
	}
	if ok, _ := path.Match(pat[0], dir[0]); !ok {
		return false
	}
	return prefixCanMatch(pat[1:], dir[1:])
}
