// Package words writes counts in English, the one way every message,
// report and finding words them: "1 flow", "2 flows", "3 matches".
package words

import (
	"strconv"
	"strings"
)

// Count is n and the word for it: one when n is 1, else many ("1 flow
// that passed is", "2 flows that passed are").
func Count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Counted is Count with word's regular plural: "1 button", "2 buttons",
// "3 searchboxes".
func Counted(n int, word string) string { return Count(n, word, Plural(word)) }

// Plural is the regular English plural of word: -es after s, x, z, ch
// and sh, else -s.
func Plural(word string) string {
	for _, end := range []string{"s", "x", "z", "ch", "sh"} {
		if strings.HasSuffix(word, end) {
			return word + "es"
		}
	}
	return word + "s"
}
