// Package textdist measures how far apart two strings are. The flow
// language uses it for "did you mean" suggestions, the diagnostics for near
// misses.
package textdist

import "strings"

// Levenshtein is the edit distance between a and b, in runes.
func Levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// Nearest returns the candidate closest to s (ignoring case), or "" when
// none is close enough to be a plausible typo: at most a third of s's
// runes apart (at least 2), and fewer than the candidate's own length.
func Nearest(s string, candidates []string) string {
	best, bestD := "", -1
	ls := strings.ToLower(s)
	for _, c := range candidates {
		d := Levenshtein(ls, strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" {
		return ""
	}
	limit := max(2, len([]rune(s))/3)
	if bestD > limit || bestD >= len([]rune(best)) {
		return ""
	}
	return best
}
