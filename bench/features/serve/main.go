// Command serve serves the repository's fixture site, testdata/ as the
// test suites serve it (internal/testsite: the conformance pages under
// /conformance/pages/, the small JSON API under /api/, /status/500,
// /hang), for bench/features/run.sh, which runs each flow feature with
// smokeflow, Playwright Test and agent-browser side by side
// (docs/benchmarks.md "Flow features side by side").
//
//	go run ./bench/features/serve -root testdata
//
// It listens on 127.0.0.1 (a free port), prints "serving on
// http://127.0.0.1:PORT" once it listens, and serves until SIGINT or
// SIGTERM.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/smokeflow/smokeflow/internal/testsite"
)

func main() {
	root := flag.String("root", "testdata", "folder to serve")
	flag.Parse()
	if st, err := os.Stat(*root); err != nil || !st.IsDir() {
		log.Fatalf("serve: %s is not a folder (give -root the repository's testdata folder)", *root)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	site := testsite.Serve(*root)
	fmt.Printf("serving on %s\n", site.URL)
	<-stop
	// Requests that never end (/hang) are let go, not waited for.
	site.CloseClientConnections()
	site.Close()
}
