package locate

import "strings"

// walker goes over a snapshot's kept nodes in document order and hands
// each line to emit: the text and the JSON of a snapshot are the same
// lines (docs/targets.md "The snapshot").
type walker struct {
	o    RenderOptions
	emit func(line)
	k    *keeper

	// compact mode only (docs/targets.md "The snapshot", "Compact mode")
	holds   map[*Node]bool // the node is kept or holds a kept node
	pending []line         // text waiting for the next node line
	last    string         // the name of the last node line
	context string         // the name and value of the nearest node line around
}

// walk emits the snapshot's lines, as the options choose them.
func (s *Snapshot) walk(o RenderOptions, emit func(line)) {
	w := &walker{o: o, emit: emit}
	roots := s.Root.Children
	if len(o.Scope) > 0 {
		roots = o.Scope
	}
	w.k = newKeeper(roots, o.Full)
	if !o.compact() {
		for _, n := range roots {
			w.node(n, 0)
		}
		return
	}
	w.holds = map[*Node]bool{}
	for _, n := range roots {
		w.mark(n)
	}
	if len(o.Scope) > 0 {
		for _, n := range roots {
			w.node(n, 0)
		}
	} else {
		w.compactChildren(s.Root, 0)
	}
	w.flushText("")
}

// mark fills holds for n's subtree and reports whether n holds a kept
// node.
func (w *walker) mark(n *Node) bool {
	h := w.k.keep(n)
	for _, c := range n.Children {
		if w.mark(c) {
			h = true
		}
	}
	if h {
		w.holds[n] = true
	}
	return h
}

func (w *walker) node(n *Node, depth int) {
	if n.Role == "MenuListPopup" && !w.o.Full {
		return // a native select shows its value and options on the combobox line
	}
	if !w.k.keep(n) {
		if n.Role == "StaticText" {
			return
		}
		w.children(n, depth)
		return
	}
	if w.o.compact() {
		name := lineName(n)
		w.flushText(name)
		w.last = name
	}
	w.emit(line{depth: depth, node: n, unnamed: w.k.echoed(n)})
	if editableRoles[n.Role] && n.Role != "combobox" {
		return // a field's inner nodes only repeat its value
	}
	if !w.o.compact() {
		w.children(n, depth+1)
		return
	}
	if n.Actionable() {
		// the text of an actionable element is its name: only what it
		// holds that is kept has lines
		w.o.Compact = false
		w.children(n, depth+1)
		w.o.Compact = true
		return
	}
	saved := w.context
	w.context = strings.ToLower(lineName(n) + " " + lineValue(n))
	w.children(n, depth+1)
	w.context = saved
}

// children writes n's children, merging adjacent text in full mode.
func (w *walker) children(n *Node, depth int) {
	if w.o.compact() {
		w.compactChildren(n, depth)
		return
	}
	var text runJoin // adjacent runs, joined as an element's text is
	flush := func() {
		t := Normalize(text.String())
		text = runJoin{}
		if t == "" || t == n.Name {
			return // text that only repeats the parent's name adds nothing
		}
		w.emit(line{depth: depth, text: t})
	}
	for _, c := range n.Children {
		if w.o.Full && (c.Role == "StaticText" || c.Tag == "wbr") {
			if !editableRoles[n.Role] {
				text.add(c, c.runs)
			}
			continue
		}
		flush()
		w.node(c, depth)
	}
	flush()
}

// compactChildren writes n's children as compact mode does: each child
// that is or holds a kept node as the default mode does, and the visible
// text of the others as text lines, one per block: inline neighbours
// join into one line, by the rule of an element's text (runJoin).
func (w *walker) compactChildren(n *Node, depth int) {
	var j runJoin
	flush := func() {
		w.text(depth, Normalize(j.String()))
		j = runJoin{}
	}
	for _, c := range n.Children {
		switch {
		case w.holds[c]:
			flush()
			w.node(c, depth)
		case c.inline:
			j.add(c, visibleRuns(c))
		default:
			flush()
			j.add(c, visibleRuns(c))
			flush()
		}
	}
	flush()
}

// text queues a compact text line, unless it says nothing (no letter or
// digit), the line around it says it already, or it repeats the node
// line just before it.
func (w *walker) text(depth int, t string) {
	if t == "" || !hasAlnum(t) || strings.Contains(w.context, strings.ToLower(t)) || strings.EqualFold(t, w.last) {
		return
	}
	w.pending = append(w.pending, line{depth: depth, text: t})
}

// flushText writes the queued text lines before a node line named next,
// leaving out a text that only repeats that name (a field's label).
func (w *walker) flushText(next string) {
	for _, l := range w.pending {
		if !strings.EqualFold(l.text, next) {
			w.emit(l)
		}
	}
	w.pending = w.pending[:0]
}

// visibleRuns is n's visible text as it runs (runJoin): the text of
// fields, of native select options and of runs the page hides is left
// out.
func visibleRuns(n *Node) string {
	if n.Role == "StaticText" {
		if !n.Ignored && n.Visible {
			return n.runs
		}
		return ""
	}
	if editableRoles[n.Role] || n.Role == "MenuListPopup" {
		return ""
	}
	var j runJoin
	for _, c := range n.Children {
		j.add(c, visibleRuns(c))
	}
	return j.end(n)
}
