package flows_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

const (
	validDir   = "../testdata/flows/valid"
	invalidDir = "../testdata/flows/invalid"
	cycleDir   = "../testdata/flows/cycle"
)

// testEnv is the environment the testdata flows are validated in.
var testEnv = map[string]string{
	"BASE_URL":      "http://shop.test",
	"SHOP_HOST":     "shop.test",
	"SHOP_PASSWORD": "s3cret!",
}

func lookupEnv(k string) (string, bool) {
	v, ok := testEnv[k]
	return v, ok
}

func testOpts() flows.LoadOptions {
	return flows.LoadOptions{LookupEnv: lookupEnv}
}

// corpusFiles lists the .yaml files of a folder, leaving out _helpers.
func corpusFiles(dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
	if err != nil {
		panic(err)
	}
	var out []string
	for _, f := range files {
		if !strings.HasPrefix(filepath.Base(f), "_") {
			out = append(out, f)
		}
	}
	return out
}

// expectations reads the leading "# expect: ..." lines of a corpus file.
func expectations(src []byte) []string {
	var out []string
	for _, line := range strings.Split(string(src), "\n") {
		rest, ok := strings.CutPrefix(line, "# expect: ")
		if !ok {
			break
		}
		out = append(out, rest)
	}
	return out
}

// errorLines renders a load's errors as "LINE:COL: msg" for errors in file
// (other files keep their name), with file's folder written $DIR.
func errorLines(file string, err error) []string {
	if err == nil {
		return nil
	}
	var errs flows.Errors
	if !errors.As(err, &errs) {
		return []string{"not Errors: " + err.Error()}
	}
	var out []string
	dir := filepath.Dir(file)
	for _, e := range errs {
		s := e.Error()
		if e.Pos.File == file && e.Pos.Line > 0 {
			s = fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Col, e.Msg)
		}
		out = append(out, strings.ReplaceAll(s, dir, "$DIR"))
	}
	return out
}

func mustRead(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	return b
}

var posType = reflect.TypeOf(flows.Pos{})

// scrub clears, in place, what step expectations do not spell out:
// positions and end lines, compiled programs and regexes (checked to be
// there first when check), and loaded sub-flows.
func scrub(v any, check bool) { scrubValue(reflect.ValueOf(v), check) }

func scrubValue(v reflect.Value, check bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		switch x := v.Interface().(type) {
		case *flows.Expr:
			if check {
				Expect(x.Program).NotTo(BeNil(), "expression %q is compiled", x.Source)
			}
			x.Program = nil
		case *flows.Regex:
			if check && !flows.HasInterpolation(x.Source) {
				Expect(x.Re).NotTo(BeNil(), "regex %q is compiled", x.Source)
			}
			x.Re = nil
		case *flows.Run:
			x.Loaded = nil
		case *flows.Step:
			x.EndLine = 0
		}
		scrubValue(v.Elem(), check)
	case reflect.Struct:
		if v.Type() == posType {
			v.Set(reflect.Zero(posType))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				scrubValue(v.Field(i), check)
			}
		}
	case reflect.Slice:
		for i := range v.Len() {
			scrubValue(v.Index(i), check)
		}
	}
}

// actionOf is the step's action, which must be a T.
func actionOf[T flows.Action](s *flows.Step) T {
	GinkgoHelper()
	a, ok := s.Action.(T)
	Expect(ok).To(BeTrue(), "step %s is not a %T", s.Action.Name(), a)
	return a
}
