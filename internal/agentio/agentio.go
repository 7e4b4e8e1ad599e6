// Package agentio shapes what a command of an agent session prints for a
// model to read (docs/security.md "For agents"): Cap keeps it within a
// size, and Boundaries marks the text that comes from the page, which a
// page's author wrote and a model must not take as instructions.
package agentio

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Cap returns s cut to at most max bytes, on a rune boundary, followed by
// a line that says how much was cut: "[output cut: 1,234 of 5,678 bytes
// not shown]". s is returned whole when it fits, or when max is 0 or
// less (no cap).
func Cap(s string, max int) string {
	if max <= 0 || len(s) <= max {
		return s
	}
	end := max
	for end > 0 && !utf8.RuneStart(s[end]) {
		end--
	}
	kept := s[:end]
	marker := fmt.Sprintf("[output cut: %s of %s bytes not shown]", thousands(len(s)-end), thousands(len(s)))
	if !strings.HasSuffix(kept, "\n") {
		marker = "\n" + marker
	}
	return kept + marker
}

// thousands writes n with commas: 12,345.
func thousands(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Boundaries marks page-derived text with a nonce drawn once per session:
// a page cannot guess it, so it cannot write a closing marker that a
// model would take for the real one.
type Boundaries struct {
	nonce string
}

// NewBoundaries draws a session's nonce: 8 random bytes, in hex.
func NewBoundaries() *Boundaries {
	b := make([]byte, 8)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24)
	return &Boundaries{nonce: hex.EncodeToString(b)}
}

// Nonce is the session's nonce.
func (b *Boundaries) Nonce() string { return b.nonce }

// Wrap puts text between the session's markers; source says where it
// comes from (snapshot, text, eval, console, …):
//
//	[page content 3f9a1c0e7b2d4a61 begin: snapshot]
//	…the text…
//	[page content 3f9a1c0e7b2d4a61 end]
//
// The nonce itself, should the text hold it, is taken out of it.
func (b *Boundaries) Wrap(source, text string) string {
	text = strings.ReplaceAll(text, b.nonce, "[nonce]")
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	return fmt.Sprintf("[page content %s begin: %s]\n%s[page content %s end]", b.nonce, source, text, b.nonce)
}
