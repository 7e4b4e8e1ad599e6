package reports

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/smokeflow/smokeflow/results"
)

// Report formats, as written in --report FORMAT=PATH.
const (
	FormatJUnit    = "junit"
	FormatMarkdown = "markdown"
	FormatJSON     = "json"
	FormatHTML     = "html"
)

// Formats lists the report formats.
func Formats() []string { return []string{FormatJUnit, FormatMarkdown, FormatJSON, FormatHTML} }

// formatAliases maps what users may write to a format.
var formatAliases = map[string]string{
	"junit":    FormatJUnit,
	"xml":      FormatJUnit,
	"markdown": FormatMarkdown,
	"md":       FormatMarkdown,
	"json":     FormatJSON,
	"html":     FormatHTML,
}

// exampleFile is a report file name for each format, for messages.
var exampleFile = map[string]string{
	FormatJUnit:    "junit.xml",
	FormatMarkdown: "report.md",
	FormatJSON:     "results.json",
	FormatHTML:     "report.html",
}

// formatsText is "junit, markdown, json or html".
func formatsText() string {
	f := Formats()
	return strings.Join(f[:len(f)-1], ", ") + " or " + f[len(f)-1]
}

// normalizeFormat checks a format name (any case, aliases md and xml).
func normalizeFormat(format string) (string, error) {
	if f, ok := formatAliases[strings.ToLower(strings.TrimSpace(format))]; ok {
		return f, nil
	}
	if strings.TrimSpace(format) == "" {
		return "", fmt.Errorf("missing report format: want %s", formatsText())
	}
	return "", fmt.Errorf("unknown report format %q: want %s", format, formatsText())
}

// ParseSpec parses the value of a --report flag, FORMAT=PATH, as in
// junit=out/junit.xml. The format is junit, markdown, json or html (any case;
// md and xml are accepted too) and is returned in its canonical form.
func ParseSpec(spec string) (format, path string, err error) {
	f, p, ok := strings.Cut(spec, "=")
	if !ok {
		if f, ferr := normalizeFormat(spec); ferr == nil {
			return "", "", fmt.Errorf("report %q has no path: want FORMAT=PATH, e.g. %s=%s", spec, f, exampleFile[f])
		}
		return "", "", fmt.Errorf("report %q: want FORMAT=PATH with FORMAT %s, e.g. junit=junit.xml", spec, formatsText())
	}
	format, err = normalizeFormat(f)
	if err != nil {
		return "", "", fmt.Errorf("report %q: %w", spec, err)
	}
	if strings.TrimSpace(p) == "" {
		return "", "", fmt.Errorf("report %q has no path: want %s=PATH", spec, format)
	}
	return format, p, nil
}

// render writes run in format to a buffer. Markdown links to the artifacts
// are relative to dir, the folder the report will be in.
func render(format, dir string, run *results.Run) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	switch format {
	case FormatJUnit:
		err = WriteJUnit(&buf, run)
	case FormatJSON:
		err = WriteJSON(&buf, run)
	case FormatMarkdown:
		if run == nil {
			return nil, errors.New("reports: no run to write")
		}
		err = WriteMarkdown(&buf, run, MarkdownOptions{LinkBase: RelativeLinkBase(dir, run.ArtifactsDir)})
	case FormatHTML:
		err = WriteHTML(&buf, run, HTMLOptions{})
	}
	return buf.Bytes(), err
}

// WriteFile writes run as a report in format ("junit", "markdown", "json"
// or "html") to path, atomically: the report is rendered first, then written
// to a temporary file in the same folder, synced and renamed over path, so
// that a reader sees the old file or the new one, never part of one. The
// folder must exist. Markdown links to the artifacts are relative to the
// report's folder.
func WriteFile(path string, format string, run *results.Run) error {
	f, err := normalizeFormat(format)
	if err != nil {
		return fmt.Errorf("reports: %w", err)
	}
	data, err := render(f, filepath.Dir(path), run)
	if err != nil {
		return err
	}
	if err := writeFileAtomic(path, data); err != nil {
		return fmt.Errorf("reports: write %s report: %w", f, err)
	}
	return nil
}

// RelativeLinkBase is the MarkdownOptions.LinkBase for a report in folder
// reportDir: the path from there to artifactsDir, with forward slashes
// ("" when they are the same folder). Both may be relative to the working
// directory.
func RelativeLinkBase(reportDir, artifactsDir string) string {
	from, err1 := filepath.Abs(reportDir)
	to, err2 := filepath.Abs(artifactsDir)
	if err1 != nil || err2 != nil {
		return filepath.ToSlash(artifactsDir)
	}
	rel, err := filepath.Rel(from, to)
	if err != nil {
		return filepath.ToSlash(to) // another volume
	}
	if rel == "." {
		return ""
	}
	return filepath.ToSlash(rel)
}

// writeFileAtomic replaces path with data through a synced temporary file
// in the same folder. The temporary file is removed on any failure. A file
// already at path keeps its permissions; a new one gets 0644.
func writeFileAtomic(path string, data []byte) (err error) {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("cannot write %s: folder %s does not exist", path, dir)
	case err != nil:
		return fmt.Errorf("cannot write %s: %w", path, err)
	case !st.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a folder", path, dir)
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			return fmt.Errorf("cannot write %s: it is a folder", path)
		}
		if st.Mode().IsRegular() {
			mode = st.Mode().Perm()
		}
	}

	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, err)
	}
	tmpName := tmp.Name()
	closed := false
	defer func() {
		if err != nil {
			if !closed {
				_ = tmp.Close()
			}
			_ = os.Remove(tmpName)
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("write %s: %w", tmpName, err)
	}
	if err = tmp.Chmod(mode); err != nil && runtime.GOOS != "windows" {
		return fmt.Errorf("chmod %s: %w", tmpName, err)
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", tmpName, err)
	}
	closed = true
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("close %s: %w", tmpName, err)
	}
	if err = os.Rename(tmpName, path); err != nil {
		return fmt.Errorf("rename %s to %s: %w", tmpName, path, err)
	}
	if serr := syncDir(dir); serr != nil {
		// The file is in place; only its durability across a crash is in
		// doubt. Still an error: the caller asked for a durable write.
		return fmt.Errorf("sync folder %s: %w", dir, serr)
	}
	return nil
}

// syncDir makes a rename in dir durable. File systems and systems that
// cannot sync a folder (Windows; EINVAL, ENOTSUP) are not an error.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	serr := d.Sync()
	cerr := d.Close()
	if serr != nil && !errors.Is(serr, syscall.EINVAL) && !errors.Is(serr, syscall.ENOTSUP) {
		return serr
	}
	return cerr
}
