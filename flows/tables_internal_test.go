package flows

// Keys lists every key the parser accepts anywhere (flow, steps, action
// arguments, targets, matches, viewport), for the schema and docs tests.
func Keys() []string {
	var out []string
	for _, fs := range [][]field{flowFields, viewportFields, commonStepFields, targetFields, matchFields, expectKinds, expectCompanions, downloadFields, dropPointFields} {
		out = append(out, keysOf(fs)...)
	}
	for _, a := range actions {
		out = append(out, string(a.Name))
		out = append(out, keysOf(a.Args)...)
	}
	return out
}

// KeyNames lists the key names `press` accepts (the key table's), for the
// docs test.
func KeyNames() []string { return append([]string{}, keyNames...) }
