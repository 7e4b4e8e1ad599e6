package flows_test

import (
	"os"
	"strings"
	"testing"

	"github.com/smokeflow/smokeflow/flows"
)

// TestUpdateInvalidCorpus rewrites the "# expect:" header of every
// malformed flow from what the parser says now. Run it only on purpose,
// then review the diff:
//
//	SMOKEFLOW_UPDATE_CORPUS=1 go test ./flows -run TestUpdateInvalidCorpus
func TestUpdateInvalidCorpus(t *testing.T) {
	if os.Getenv("SMOKEFLOW_UPDATE_CORPUS") == "" {
		t.Skip("set SMOKEFLOW_UPDATE_CORPUS=1 to rewrite the corpus expectations")
	}
	for _, file := range corpusFiles(invalidDir) {
		src := mustRead(file)
		body := strings.Join(strings.Split(string(src), "\n")[len(expectations(src)):], "\n")
		header := []string{"?"}
		// The header's length moves the lines: repeat until stable.
		for i := 0; i < 10; i++ {
			text := ""
			for _, h := range header {
				text += "# expect: " + h + "\n"
			}
			_, err := flows.Parse(file, []byte(text+body), testOpts())
			got := errorLines(file, err)
			if len(got) == 0 {
				got = []string{"NO ERROR"}
			}
			if strings.Join(got, "\n") == strings.Join(header, "\n") {
				break
			}
			header = got
		}
		text := ""
		for _, h := range header {
			text += "# expect: " + h + "\n"
		}
		if err := os.WriteFile(file, []byte(text+body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
