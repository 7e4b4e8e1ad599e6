package flows

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Data is a flow's `data:` (docs/flows.md "Data rows"): the rows it runs
// once each, every row its own result named `NAME [KEY]`.
type Data struct {
	// File is the data file as given, joined to the flow's folder; ""
	// when the rows are written in the flow.
	File string
	// Pos is the place of the `data:` value in the flow file.
	Pos Pos
	// Key is the column whose value names each row's result: `key:`, else
	// the first column.
	Key string
	// Columns are the column names, in the order they first appear.
	Columns []string
	Rows    []*Row
}

// Row is one row of data: its key and its values, all text.
type Row struct {
	Key    string
	Values map[string]string
	// Pos is where the row starts: its line in the data file, or its
	// place in the flow file for rows written there.
	Pos Pos
}

// RowName is the name of a row's result: `NAME [KEY]`.
func RowName(flow, key string) string { return flow + " [" + key + "]" }

// ExpandRows returns list with each flow that has data rows replaced by a
// flow per row, in row order (docs/flows.md "Data rows"): each copy has
// the row's name, the row (Flow.Row) and everything else of its flow, so
// selection, scheduling, retries and reports treat rows as flows. Flows
// without data, and rows already expanded, are kept as they are.
func ExpandRows(list []*Flow) []*Flow {
	var out []*Flow
	for _, f := range list {
		if f == nil || f.Data == nil || f.Row != nil {
			out = append(out, f)
			continue
		}
		for _, r := range f.Data.Rows {
			c := *f
			c.Name, c.Row = RowName(f.Name, r.Key), r
			out = append(out, &c)
		}
	}
	return out
}

// dataKeys reads `data:` and `key:` before any step, so that the steps'
// ${row.NAME} can be checked against the columns.
func (p *parser) dataKeys(o *obj) {
	dn, kn := o.val("data"), o.val("key")
	if dn == nil {
		if kn != nil {
			p.errorf(p.resolve(kn), "key: names the column of data: rows that names each result; add data: (a CSV or YAML file, or a list of rows) or remove key:")
		}
		return
	}
	if len(p.ld.stack) > 1 {
		p.errorf(p.resolve(dn), "data: a setup flow or a flow run by run: runs once, without rows; put data: in the flow that runs it and pass row values with with:")
		p.dataBroken = true
		return
	}
	d := &Data{}
	n := p.resolve(dn)
	if n == nil {
		return
	}
	d.Pos = p.pos(n)
	p.flow.Data = d
	before := len(p.ld.errs)
	switch {
	case n.Kind == yaml.ScalarNode && !isNull(n):
		p.dataFile(d, n)
	case n.Kind == yaml.SequenceNode:
		p.yamlRows(d, n, p.file)
	default:
		p.errorf(n, "data: must be a CSV or YAML file (data: users.csv) or a list of rows ({email: a@example.com, name: Ann}), not %s", kindName(n))
	}
	p.dataKey(d, kn)
	if len(p.ld.errs) != before {
		p.dataBroken = true
	}
}

// dataFile reads the rows of a data file, relative to the flow's folder:
// .csv, or .yaml/.yml holding a list of rows.
func (p *parser) dataFile(d *Data, n *yaml.Node) {
	d.File = p.join(n.Value)
	ext := strings.ToLower(filepath.Ext(d.File))
	if ext != ".csv" && ext != ".yaml" && ext != ".yml" {
		p.errorf(n, "data: %s is not a .csv, .yaml or .yml file; write the rows as CSV with a header line, or as a YAML list of maps", n.Value)
		return
	}
	src, err := p.ld.read(d.File)
	if err != nil {
		p.errorf(n, "data: cannot read %s: %s (the path is relative to the flow file's folder, %s)", d.File, unwrapPathError(err), p.dir)
		return
	}
	src = bytes.TrimPrefix(src, []byte("\ufeff"))
	before := len(p.ld.errs)
	if ext == ".csv" {
		p.csvRows(d, src)
	} else {
		p.yamlFileRows(d, src)
	}
	if len(d.Rows) == 0 && len(p.ld.errs) == before {
		p.errorf(n, "data: %s has no rows; give it a header line and a line per row, or remove data:", d.File)
	}
}

// csvRows reads CSV: the first record names the columns, every other
// record is a row with as many fields.
func (p *parser) csvRows(d *Data, src []byte) {
	r := csv.NewReader(bytes.NewReader(src))
	r.FieldsPerRecord = -1
	at := func(line, col int) Pos { return Pos{File: d.File, Line: line, Col: col} }
	header, err := r.Read()
	if errors.Is(err, io.EOF) {
		p.errorAt(at(1, 1), "data: the CSV file is empty; its first line names the columns (email,password), then a line per row")
		return
	}
	if p.csvError(d, err) {
		return
	}
	for i, h := range header {
		h = strings.TrimSpace(h)
		line, col := r.FieldPos(i)
		switch {
		case h == "":
			p.errorAt(at(line, col), "data: column %d of the header has no name; name every column on the first line", i+1)
		case contains(d.Columns, h):
			p.errorAt(at(line, col), "data: column %q is named twice in the header; give each column its own name", h)
		}
		d.Columns = append(d.Columns, h)
	}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return
		}
		if p.csvError(d, err) {
			return
		}
		line, _ := r.FieldPos(0)
		if len(rec) != len(header) {
			p.errorAt(at(line, 1), "data: this row has %s, the header has %d (%s); give every row a value per column (an empty value is nothing between two commas), and quote a value that holds a comma (\"a, b\")",
				fieldCount(len(rec)), len(header), strings.Join(d.Columns, ","))
			continue
		}
		row := &Row{Values: map[string]string{}, Pos: at(line, 1)}
		for i, v := range rec {
			row.Values[d.Columns[i]] = v
		}
		d.Rows = append(d.Rows, row)
	}
}

// csvError reports a CSV syntax error at its place in the data file.
func (p *parser) csvError(d *Data, err error) bool {
	if err == nil {
		return false
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		fix := ""
		if errors.Is(pe.Err, csv.ErrQuote) || errors.Is(pe.Err, csv.ErrBareQuote) {
			fix = `; a quoted value starts and ends with ", and a " inside it is written ""`
		}
		p.errorAt(Pos{File: d.File, Line: pe.StartLine, Col: 1}, "data: CSV: %v%s", pe.Err, fix)
	} else {
		p.errorAt(Pos{File: d.File}, "data: CSV: %v", err)
	}
	return true
}

// yamlFileRows reads a YAML data file: one document, a list of rows.
func (p *parser) yamlFileRows(d *Data, src []byte) {
	var doc yaml.Node
	err := decodeYAML(yaml.NewDecoder(bytes.NewReader(src)), &doc)
	switch {
	case errors.Is(err, io.EOF):
		return // no rows: dataFile says so
	case err != nil:
		line, msg := 1, strings.TrimPrefix(err.Error(), "yaml: ")
		if m := yamlLineRE.FindStringSubmatch(err.Error()); m != nil {
			line, msg = atoiOr(m[1], 1), m[2]
		}
		p.errorAt(Pos{File: d.File, Line: line, Col: 1}, "data: %s is not valid YAML: %s", d.File, msg)
		return
	}
	n := doc.Content[0]
	if n.Kind != yaml.SequenceNode {
		p.errorAt(dataPos(d.File, n), "data: a YAML data file holds a list of rows (- {email: a@example.com, name: Ann}), not %s", kindName(n))
		return
	}
	p.yamlRows(d, n, d.File)
}

func dataPos(file string, n *yaml.Node) Pos { return Pos{File: file, Line: n.Line, Col: n.Column} }

// yamlRows reads a list of rows, each a map of column names to scalars,
// from file (the flow file for rows written in it).
func (p *parser) yamlRows(d *Data, n *yaml.Node, file string) {
	for _, rn := range n.Content {
		for rn.Kind == yaml.AliasNode {
			rn = rn.Alias
		}
		if rn.Kind != yaml.MappingNode {
			p.errorAt(dataPos(file, rn), "data: each row is a map of column names to values ({email: a@example.com}), not %s", kindName(rn))
			continue
		}
		row := &Row{Values: map[string]string{}, Pos: dataPos(file, rn)}
		for i := 0; i+1 < len(rn.Content); i += 2 {
			k, v := rn.Content[i], rn.Content[i+1]
			for v.Kind == yaml.AliasNode {
				v = v.Alias
			}
			if k.Kind != yaml.ScalarNode || strings.TrimSpace(k.Value) == "" {
				p.errorAt(dataPos(file, k), "data: a column name must be a plain word, not %s", kindName(k))
				continue
			}
			if _, dup := row.Values[k.Value]; dup {
				p.errorAt(dataPos(file, k), "data: column %q is twice in this row", k.Value)
				continue
			}
			if v.Kind != yaml.ScalarNode {
				p.errorAt(dataPos(file, v), "data: the value of %q must be text or a number, not %s", k.Value, kindName(v))
				continue
			}
			if !isNull(v) {
				row.Values[k.Value] = v.Value
			} else {
				row.Values[k.Value] = ""
			}
			if !contains(d.Columns, k.Value) {
				d.Columns = append(d.Columns, k.Value)
			}
		}
		d.Rows = append(d.Rows, row)
	}
	if len(n.Content) == 0 {
		p.errorAt(dataPos(file, n), "data: the list of rows is empty; give it at least one row, or remove data:")
	}
}

// dataKey settles the key column and checks that every row has a key of
// its own.
func (p *parser) dataKey(d *Data, kn *yaml.Node) {
	if len(d.Columns) == 0 {
		return
	}
	d.Key = d.Columns[0]
	if kn != nil {
		k := strings.TrimSpace(p.text(kn, "key"))
		if !contains(d.Columns, k) {
			p.errorf(p.resolve(kn), "key: no column %q in the data (columns: %s)%s", k, strings.Join(d.Columns, ", "), didYouMean(k, d.Columns))
			return
		}
		d.Key = k
	}
	first := map[string]Pos{}
	for _, r := range d.Rows {
		v, ok := r.Values[d.Key]
		r.Key = strings.TrimSpace(v)
		switch {
		case !ok:
			p.errorAt(r.Pos, "data: this row has no %q, the column that names each result (NAME [%s]); add it, or choose another column with key:", d.Key, d.Key)
		case r.Key == "":
			p.errorAt(r.Pos, "data: this row's %q is empty; it names the row's result (NAME [%s]), so give it a value or choose another column with key:", d.Key, d.Key)
		default:
			if at, dup := first[r.Key]; dup {
				p.errorAt(r.Pos, "data: key %q is used twice (first on line %d); each row's %q names its result, so keys must differ: change one, or choose another column with key:", r.Key, at.Line, d.Key)
				continue
			}
			first[r.Key] = r.Pos
		}
	}
}

// checkRowName checks ${row.NAME} (and row.NAME in expressions): the flow
// has data rows and NAME is a column every row has. The rows without it
// are reported in the data file, once per column.
func (p *parser) checkRowName(name, shown string) string {
	d := p.flow.Data
	switch {
	case p.dataBroken:
		return ""
	case d == nil:
		return fmt.Sprintf("%s: this flow has no data: rows; add data: (a CSV or YAML file, or a list of rows), or, in a flow run by run:, pass the value with with:", shown)
	case !contains(d.Columns, name):
		cols := append([]string(nil), d.Columns...)
		sort.Strings(cols)
		return fmt.Sprintf("%s: no row of the data has column %q (columns: %s)%s", shown, name, strings.Join(d.Columns, ", "), didYouMean(name, cols))
	}
	if p.rowChecked == nil {
		p.rowChecked = map[string]bool{}
	}
	if !p.rowChecked[name] {
		p.rowChecked[name] = true
		for _, r := range d.Rows {
			if _, ok := r.Values[name]; !ok {
				p.errorAt(r.Pos, "data: this row has no %q, which the flow uses (%s); add it (empty: %s: \"\")", name, shown, name)
			}
		}
	}
	return ""
}

func atoiOr(s string, def int) int {
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return def
}

func fieldCount(n int) string {
	if n == 1 {
		return "1 field"
	}
	return strconv.Itoa(n) + " fields"
}
