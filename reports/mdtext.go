package reports

import (
	"html"
	"net/url"
	"strings"
)

// Markdown escaping. Text from flows and pages is shown as written: it can
// not open a link, an HTML tag, emphasis, a table cell or a math block.

// mdInline escapes s for inline Markdown, table cells included, on one
// line. <, > and & become entities (they also work inside HTML blocks);
// other Markdown punctuation gets a backslash.
func mdInline(s string) string {
	s = oneLine(s)
	var b strings.Builder
	b.Grow(len(s) + 8)
	for _, r := range s {
		switch r {
		case '&':
			b.WriteString("&amp;")
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '\\', '`', '*', '_', '[', ']', '|', '~', '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// mdCode is s as an inline code span, on one line. In a table cell a pipe
// must still be escaped, even inside a code span.
func mdCode(s string, inTable bool) string {
	s = oneLine(s)
	if s == "" {
		return ""
	}
	if inTable {
		s = strings.ReplaceAll(s, "|", `\|`)
	}
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// mdCodeBlock is text as a fenced code block, the fence longer than any
// backtick run inside.
func mdCodeBlock(text, lang string) string {
	text = strings.TrimRight(clean(text), "\n")
	fence := strings.Repeat("`", max(3, longestRun(text, '`')+1))
	return fence + lang + "\n" + text + "\n" + fence + "\n"
}

// htmlText escapes s for a place where only HTML is read (<summary>).
func htmlText(s string) string { return html.EscapeString(oneLine(s)) }

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	best, cur := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			cur++
			best = max(best, cur)
		} else {
			cur = 0
		}
	}
	return best
}

// mdTable renders a table; cells must already be escaped.
func mdTable(head []string, align []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString("| " + strings.Join(head, " | ") + " |\n|")
	for i := range head {
		a := "---"
		if i < len(align) && align[i] != "" {
			a = align[i]
		}
		b.WriteString(a + "|")
	}
	b.WriteString("\n")
	for _, r := range rows {
		for i := range r {
			if r[i] == "" {
				r[i] = " "
			}
		}
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	return b.String()
}

// details folds body under a summary line. body is Markdown.
func details(summary, body string) string {
	return "<details><summary>" + htmlText(summary) + "</summary>\n\n" + strings.TrimRight(body, "\n") + "\n\n</details>\n"
}

// linkURL makes the link to artifact p (relative to the artifacts folder,
// forward slashes) under base. A base with a scheme (https://…) is used as
// it is but for spaces, parentheses and angle brackets; a path base is
// escaped like the artifact path.
func linkURL(base, p string) string {
	p = escapePath(strings.TrimLeft(p, "/"))
	if base == "" {
		if first, _, _ := strings.Cut(p, "/"); strings.Contains(first, ":") {
			p = "./" + p
		}
		return p
	}
	if strings.Contains(base, "://") {
		base = strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(base)
	} else {
		base = escapePath(base)
	}
	return strings.TrimRight(base, "/") + "/" + p
}

// escapePath percent-escapes a slash-separated path for a link
// destination (spaces, parentheses, #, ? …), keeping it relative.
func escapePath(p string) string {
	if p == "" {
		return p
	}
	e := (&url.URL{Path: p}).EscapedPath()
	return strings.NewReplacer("(", "%28", ")", "%29").Replace(e)
}
