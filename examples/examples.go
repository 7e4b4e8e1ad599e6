// Package examples holds the example flows, embedded so that
// `smokeflow demo` runs them from the binary alone. The demo app they run
// against is in examples/demo.
package examples

import "embed"

// Flows are the example flow files, under "flows/".
//
//go:embed flows/*.yaml
var Flows embed.FS
