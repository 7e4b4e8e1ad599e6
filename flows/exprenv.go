package flows

// ExprEnv is the environment expressions are compiled against (type-checked
// at load time) and evaluated in (filled by the runner). Target arguments
// (T) are a string (phrase, @ref, /regex/) or a map with the keys of a
// target; TargetFromValue converts them.
type ExprEnv struct {
	URL    string            `expr:"url"`
	Title  string            `expr:"title"`
	Status int               `expr:"status"`
	Vars   map[string]any    `expr:"vars"`
	Env    map[string]string `expr:"env"`
	// Row is the data row the flow runs (docs/flows.md "Data rows").
	Row map[string]string `expr:"row"`
	// Response is the last request step's (nil before any).
	Response *Response `expr:"response"`

	Visible        func(t any) (bool, error)                `expr:"visible"`
	Exists         func(t any) (bool, error)                `expr:"exists"`
	Count          func(t any) (int, error)                 `expr:"count"`
	Text           func(t any) (string, error)              `expr:"text"`
	Value          func(t any) (string, error)              `expr:"value"`
	Attr           func(t any, name string) (string, error) `expr:"attr"`
	Enabled        func(t any) (bool, error)                `expr:"enabled"`
	Checked        func(t any) (bool, error)                `expr:"checked"`
	ConsoleErrors  func() []string                          `expr:"console_errors"`
	FailedRequests func() []string                          `expr:"failed_requests"`
}
