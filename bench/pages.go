package bench

import (
	"fmt"
	"strings"
)

// SizedPage returns an HTML page of about n elements (html, head and body
// included): sections with a heading, a paragraph with a link, and a list
// of three items with a button each, so that about a third of the
// elements are actionable or named, as on a content-heavy app page. Every
// name is distinct. The result is deterministic.
func SizedPage(n int) string {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>")
	fmt.Fprintf(&b, "Sized page, %d elements", n)
	b.WriteString("</title></head>\n<body><main>\n") // html head meta title body main = 6
	count := 6
	const unit = 11 // section h2 p a ul li×3 button×3
	for i := 1; count+unit <= n; i++ {
		fmt.Fprintf(&b, "<section><h2>Section %d</h2><p>Paragraph %d of the page, with <a href=\"#s%d\">link %d</a> in it.</p>"+
			"<ul><li>Item %d.1 <button type=\"button\">Action %d.1</button></li><li>Item %d.2 <button type=\"button\">Action %d.2</button></li>"+
			"<li>Item %d.3 <button type=\"button\">Action %d.3</button></li></ul></section>\n",
			i, i, i, i, i, i, i, i, i, i)
		count += unit
	}
	for ; count < n; count++ {
		fmt.Fprintf(&b, "<span>filler %d</span>", count)
	}
	b.WriteString("\n</main></body></html>\n")
	return b.String()
}
