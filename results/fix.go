package results

// FixStatus is what run --fix made of a failed flow (docs/running.md
// "Fixes proposed and proven").
type FixStatus string

const (
	// FixProven: a patch was written and the patched flow passed.
	FixProven FixStatus = "proven"
	// FixApplied: proven, and written into the flow file (--fix=apply).
	FixApplied FixStatus = "applied"
	// FixNotApplied: proven, but --fix=apply left the file alone
	// (Reason says why: it changed on disk since the run started).
	FixNotApplied FixStatus = "not_applied"
	// FixUnproven: a patch was tried and the patched flow still failed;
	// no patch is written.
	FixUnproven FixStatus = "unproven"
	// FixAppBug: the change looks like the app's bug, not the test's;
	// no fix is offered.
	FixAppBug FixStatus = "app_bug"
	// FixNone: the failure names no verified replacement.
	FixNone FixStatus = "none"
)

// Fix is run --fix's answer for a failed flow. It changes neither the
// flow's status nor the exit code.
type Fix struct {
	Status FixStatus `json:"status"`
	// Reason says why there is no fix, why it is unproven or not
	// applied, in a sentence.
	Reason string `json:"reason,omitempty"`
	// File and Line are the step the patch edits; Old and New the value
	// as written and its replacement.
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Old  string `json:"old,omitempty"`
	New  string `json:"new,omitempty"`
	// Patch and EvidenceFile are the unified diff and the evidence,
	// relative to the artifacts folder (fixes/SLUG.diff, fixes/SLUG.txt).
	Patch        string `json:"patch,omitempty"`
	EvidenceFile string `json:"evidence,omitempty"`
	// Snapshot are the lines of the failure's snapshot the replacement
	// was checked on (the element it picks).
	Snapshot []string `json:"snapshot,omitempty"`
	// Rerun is the status of the patched flow's run, and where its
	// artifacts are.
	Rerun    Status `json:"rerun,omitempty"`
	RerunDir string `json:"rerun_dir,omitempty"`
}
