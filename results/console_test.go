package results

import "testing"

// TestIsConsoleError: the one console-error filter counts errors and
// uncaught exceptions, never warnings nor logs (docs/architecture-notes.md
// "Rules in one place").
func TestIsConsoleError(t *testing.T) {
	for typ, want := range map[string]bool{"error": true, "exception": true, "warning": false, "log": false, "info": false, "": false} {
		if got := IsConsoleError(typ); got != want {
			t.Errorf("IsConsoleError(%q) = %v, want %v", typ, got, want)
		}
	}
}
