package flows

import "slices"

// LoadStates are the load states that open's wait: and wait's load:
// accept, the default first (docs/flows.md "open").
func LoadStates() []string { return slices.Clone(openWaits) }
