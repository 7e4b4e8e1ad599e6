package flows

// Setting is a setting of a run that can fix a problem: messages from the
// library packages name it in words (String), never as a command-line
// flag, and a front end adds how its users set it: the command line names
// the flag (docs/cli.md "Errors"), a Go caller reads the Options field in
// the godoc of the error.
type Setting int

const (
	SettingNone      Setting = iota
	SettingBrowser           // the browser executable
	SettingCDP               // the DevTools address of a running browser
	SettingBaseURL           // the base URL of the run
	SettingVar               // a variable's value for the run
	SettingArtifacts         // the artifacts folder
)

// String names the setting in words.
func (s Setting) String() string {
	switch s {
	case SettingBrowser:
		return "the browser executable"
	case SettingCDP:
		return "the address of a running browser"
	case SettingBaseURL:
		return "the base URL"
	case SettingVar:
		return "a variable's value"
	case SettingArtifacts:
		return "the artifacts folder"
	}
	return "nothing"
}

// Fixable is an error that run settings can fix.
type Fixable interface {
	error
	Settings() []Setting
}
