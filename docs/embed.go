// Package docs holds smokeflow's documentation, and embeds what the
// command line prints of it.
package docs

import _ "embed"

// Agents is docs/agents.md: how an agent works with a session, for
// `smokeflow help agents`.
//
//go:embed agents.md
var Agents string
