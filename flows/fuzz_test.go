package flows_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// FuzzParse: no input makes Parse panic, every error has a place, and a
// valid flow's steps read back the same once written (StepsYAML).
//
//	go test ./flows -run '^$' -fuzz FuzzParse -fuzztime 60s
func FuzzParse(f *testing.F) {
	for _, dir := range []string{validDir, invalidDir, cycleDir, validDir + "/_lib"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
		for _, file := range files {
			b, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Add([]byte("a: &a [*a, *a]\n"))
	f.Add([]byte("name: x\nsteps:\n  - run: sub.yaml\n"))
	opts := flows.LoadOptions{
		LookupEnv: lookupEnv,
		// Sub-flows come from memory: the fuzzer must not read the disk.
		ReadFile: func(p string) ([]byte, error) {
			if filepath.Base(p) == "sub.yaml" {
				return []byte("name: Sub\nsteps:\n  - extract: {var: v, expr: '1'}\n"), nil
			}
			return nil, os.ErrNotExist
		},
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fl, err := flows.Parse("fuzz/flow.yaml", data, opts)
		if err != nil {
			var errs flows.Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error is not Errors: %v", err)
			}
			for _, e := range errs {
				if e.Pos.File == "" || e.Pos.Line < 1 || e.Pos.Col < 1 || e.Msg == "" {
					t.Fatalf("error without a place: %#v", e)
				}
			}
		} else if fl.Name == "" || len(fl.Steps) == 0 {
			t.Fatalf("a valid flow without name or steps")
		}
		if fl == nil {
			t.Fatalf("no flow")
		}
		for _, s := range fl.AllSteps() {
			_ = s.Target().String()
			if s.Pos.Line < 1 || s.EndLine < s.Pos.Line {
				t.Fatalf("step %s at %v ends at %d", s.Action.Name(), s.Pos, s.EndLine)
			}
		}
		_ = fl.Exports()
		if fl != nil && err == nil {
			if diff := readsBack("fuzz/flow.yaml", data, fl, opts); diff != "" {
				t.Fatalf("written back, the flow reads differently: %s", diff)
			}
		}
		_, _ = flows.Interpolate(string(data), &flows.Scope{})
	})
}
