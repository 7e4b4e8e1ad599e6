package mcp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/smokeflow/smokeflow/agent"
)

// The tools mirror the verbs (docs/mcp.md "Tools"): a handful, not one per
// flag. Each input type is the tool's JSON schema; each tool's examples
// are values of it, from which its description is built (spec), so that
// a test calls the tool with every one of them.

const snapshotDoc = `Read the page as an accessibility-tree snapshot with [ref=eN] handles on everything actionable. diff: only what changed since the last snapshot. full: every node, not only the interactive ones. compact: keep visible text next to the controls.`

var snapshotExamples = []snapshotIn{{}, {Diff: true}, {Compact: true}}

type snapshotIn struct {
	Diff    bool `json:"diff,omitempty" jsonschema:"only what changed since the session's last snapshot"`
	Full    bool `json:"full,omitempty" jsonschema:"every node, not only the interactive ones"`
	Compact bool `json:"compact,omitempty" jsonschema:"keep visible text next to the controls"`
}

func (t tools) snapshot(ctx context.Context, _ *sdk.CallToolRequest, in snapshotIn) (*sdk.CallToolResult, any, error) {
	return t.run(ctx, agent.Command{Verb: agent.VerbSnapshot, Diff: in.Diff, Full: in.Full, Compact: in.Compact})
}

const actDoc = `Act on the page: click, dblclick, hover, drag, check, uncheck, fill, type, press, select, scroll or upload. target is what a flow takes: a ref, a phrase, a /regex/i, or a flow-style map. value: the text for fill and type (a number for a slider), the key for press, where drag drops (a target, or {target: TARGET, x: N, y: N}), top or bottom for scroll without a target. values: the options for select, the files for upload. Prints ok (with diff: and what the action changed), or the diagnostics of the failure with the refs of the candidates.`

var actExamples = []actIn{
	{Action: "click", Target: "@e3"},
	{Action: "click", Target: "Sign in"},
	{Action: "click", Target: "/sign in/i"},
	{Action: "click", Target: "{role: button, name: Sign in}"},
	{Action: "fill", Target: "Email", Value: "qa@example.com"},
	{Action: "drag", Target: "@e3", Value: "@e7"},
	{Action: "press", Value: "Enter"},
	{Action: "press", Target: "Email", Value: "Control+a"},
	{Action: "select", Target: "Size", Values: []string{"M"}},
	{Action: "scroll", Value: "bottom"},
	{Action: "upload", Target: "Photo", Values: []string{"photo.png"}},
}

type actIn struct {
	Action string   `json:"action" jsonschema:"the verb to run on the target"`
	Target string   `json:"target,omitempty" jsonschema:"a ref (@e3), a phrase, /regex/i or a flow-style map"`
	Value  string   `json:"value,omitempty" jsonschema:"fill and type: the text; press: the key; drag: where to drop (a target, or {target: TARGET, x: N, y: N}); scroll: top or bottom"`
	Values []string `json:"values,omitempty" jsonschema:"select: the options; upload: the files"`
	Diff   bool     `json:"diff,omitempty" jsonschema:"after ok, print what the action changed since the last snapshot"`
}

// actVerbs are the verbs act takes, and how their arguments line up;
// their names are the words of action (docs/mcp.md "Enums").
var actVerbs = map[agent.Verb]struct {
	args   func(in actIn) []string
	target bool // the target is required
}{
	agent.VerbClick:    {targetOnly, true},
	agent.VerbDblclick: {targetOnly, true},
	agent.VerbHover:    {targetOnly, true},
	agent.VerbDrag:     {targetValue, true},
	agent.VerbCheck:    {targetOnly, true},
	agent.VerbUncheck:  {targetOnly, true},
	agent.VerbFill:     {targetValue, true},
	agent.VerbType:     {targetValue, true},
	agent.VerbPress:    {keyTarget, false},
	agent.VerbSelect:   {targetValues, true},
	agent.VerbUpload:   {targetValues, true},
	agent.VerbScroll:   {scrollArgs, false},
}

func targetOnly(in actIn) []string   { return []string{in.Target} }
func targetValue(in actIn) []string  { return []string{in.Target, in.Value} }
func targetValues(in actIn) []string { return append([]string{in.Target}, in.Values...) }

func keyTarget(in actIn) []string {
	if in.Target == "" {
		return []string{in.Value}
	}
	return []string{in.Value, in.Target}
}

func scrollArgs(in actIn) []string {
	if in.Target != "" {
		return []string{in.Target}
	}
	return []string{in.Value}
}

func (t tools) act(ctx context.Context, _ *sdk.CallToolRequest, in actIn) (*sdk.CallToolResult, any, error) {
	v, ok := actVerbs[agent.Verb(in.Action)]
	if !ok {
		return usage(fmt.Sprintf("act: unknown action %q; use %s", in.Action, oneOf(verbWords(actVerbs))))
	}
	if v.target && in.Target == "" {
		return usage(fmt.Sprintf("act %s: give a target: a ref such as @e3, or the element's name", in.Action))
	}
	return t.run(ctx, agent.Command{Verb: agent.Verb(in.Action), Args: v.args(in), Diff: in.Diff})
}

const expectDoc = `Check the page, waiting until it holds; it fails once the page has been at rest for 1 s (no request in flight, no DOM change), or at the step's timeout. expect is the flow form of an expect step. Prints ok, or what the page held instead.`

var expectExamples = []expectIn{
	{Expect: "{visible: Order placed}"},
	{Expect: "{url: {contains: /checkout}}"},
	{Expect: `{text: "@e3", equals: Done}`},
}

type expectIn struct {
	Expect string `json:"expect" jsonschema:"the flow form of an expect step, e.g. {visible: Order placed}"`
}

func (t tools) expect(ctx context.Context, _ *sdk.CallToolRequest, in expectIn) (*sdk.CallToolResult, any, error) {
	return t.run(ctx, agent.Command{Verb: agent.VerbExpect, Args: []string{in.Expect}})
}

const waitDoc = `Wait until the page holds something, or for a time: wait is the flow form of a wait step, a duration (2s) or a map such as {text: Saved}, {gone: {role: progressbar}} or {url: {contains: /orders}}. Prints ok, or what the page held instead.`

var waitExamples = []waitIn{{Wait: "{text: Order placed}"}, {Wait: "{url: {contains: /checkout}}"}, {Wait: "10ms"}}

type waitIn struct {
	Wait string `json:"wait" jsonschema:"the flow form of a wait step: a duration (2s) or e.g. {text: Saved}"`
}

// wait runs the session's wait verb (docs/mcp.md "Tools").
func (t tools) wait(ctx context.Context, _ *sdk.CallToolRequest, in waitIn) (*sdk.CallToolResult, any, error) {
	if in.Wait == "" {
		return usage("wait: give a duration (2s) or the flow form, e.g. {text: Saved}")
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbWait, Args: []string{in.Wait}})
}

const navigateDoc = `Go to a URL (to: open, the default, with url), or back, forward or reload. The page is read once it has settled.`

var navigateExamples = []navigateIn{{URL: "https://shop.example/login"}, {To: "back"}, {To: "reload"}}

type navigateIn struct {
	To  string `json:"to,omitempty" jsonschema:"where to go; open (with url) when left out"`
	URL string `json:"url,omitempty" jsonschema:"the URL to open"`
}

// navigateVerbs are the verbs navigate runs, and whether each takes the
// url; their names are the words of to (docs/mcp.md "Enums").
var navigateVerbs = map[agent.Verb]bool{agent.VerbOpen: true, agent.VerbBack: false, agent.VerbForward: false, agent.VerbReload: false}

func (t tools) navigate(ctx context.Context, _ *sdk.CallToolRequest, in navigateIn) (*sdk.CallToolResult, any, error) {
	v := agent.VerbOpen
	if in.To != "" {
		v = agent.Verb(in.To)
	}
	url, ok := navigateVerbs[v]
	switch {
	case !ok:
		return usage(fmt.Sprintf("navigate: unknown to %q; use %s", in.To, oneOf(verbWords(navigateVerbs))))
	case url && in.URL == "":
		return usage("navigate: give the url to open")
	case url:
		return t.run(ctx, agent.Command{Verb: v, Args: []string{in.URL}})
	}
	return t.run(ctx, agent.Command{Verb: v})
}

const getDoc = `Read one thing: text, value or attr of a target, or the page's url or title.`

var getExamples = []getIn{{What: string(agent.GetText), Target: "@e3"}, {What: string(agent.GetAttr), Target: "@e4", Name: "href"}, {What: string(agent.GetURL)}}

type getIn struct {
	What   string `json:"what" jsonschema:"what to read"`
	Target string `json:"target,omitempty" jsonschema:"the element, for text, value and attr"`
	Name   string `json:"name,omitempty" jsonschema:"the attribute's name, for attr"`
}

func (t tools) get(ctx context.Context, _ *sdk.CallToolRequest, in getIn) (*sdk.CallToolResult, any, error) {
	args := []string{in.What}
	if in.Target != "" {
		args = append(args, in.Target)
	}
	if in.Name != "" {
		args = append(args, in.Name)
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbGet, Args: args})
}

const evalDoc = `Run JavaScript in the page: an expression, or an async function body. Prints its value.`

var evalExamples = []evalIn{{JS: "document.title"}, {JS: "const r = await fetch('/api/cart'); return r.status"}}

type evalIn struct {
	JS string `json:"js" jsonschema:"an expression, or a function body that returns a value"`
}

func (t tools) eval(ctx context.Context, _ *sdk.CallToolRequest, in evalIn) (*sdk.CallToolResult, any, error) {
	return t.run(ctx, agent.Command{Verb: agent.VerbEval, Args: []string{in.JS}})
}

const screenshotDoc = `Save a screenshot of the page (or of one target, or the full page) to a file: the result is its path, and the picture itself (image/png).`

var screenshotExamples = []screenshotIn{{File: "checkout.png", FullPage: true}, {Target: "@e3"}}

type screenshotIn struct {
	File     string `json:"file,omitempty" jsonschema:"where to write the PNG; the session's artifacts folder when empty"`
	FullPage bool   `json:"full_page,omitempty" jsonschema:"the whole page, not only the viewport"`
	Target   string `json:"target,omitempty" jsonschema:"only this element"`
}

func (t tools) screenshot(ctx context.Context, _ *sdk.CallToolRequest, in screenshotIn) (*sdk.CallToolResult, any, error) {
	var args []string
	if in.File != "" {
		args = []string{in.File}
	}
	res, out, err := t.run(ctx, agent.Command{Verb: agent.VerbScreenshot, Args: args, FullPage: in.FullPage, Target: in.Target})
	if res.IsError {
		return res, out, err
	}
	return t.withPicture(res), out, err
}

// withPicture adds the PNG whose path the screenshot verb printed (the
// result's first line) as image content, so that a model sees the page
// without reading a file (docs/mcp.md "Tools"). A picture it cannot read
// leaves a line that says so; the path stands.
func (t tools) withPicture(res *sdk.CallToolResult) *sdk.CallToolResult {
	text, ok := res.Content[0].(*sdk.TextContent)
	if !ok {
		return res
	}
	p, _, _ := strings.Cut(text.Text, "\n")
	if !filepath.IsAbs(p) {
		p = filepath.Join(t.dir, p)
	}
	png, err := os.ReadFile(p)
	if err != nil {
		text.Text += "\nthe picture is not attached: " + err.Error() + "; open the file instead"
		return res
	}
	res.Content = append(res.Content, &sdk.ImageContent{Data: png, MIMEType: "image/png"})
	return res
}

const exportDoc = `Write the session's successful steps as a flow file that smokeflow run replays: refs become the shortest unique human targets.`

var exportExamples = []exportIn{{File: "flows/checkout.yaml"}}

type exportIn struct {
	File string `json:"file" jsonschema:"the flow file to write, e.g. flows/checkout.yaml"`
}

func (t tools) export(ctx context.Context, _ *sdk.CallToolRequest, in exportIn) (*sdk.CallToolResult, any, error) {
	if in.File == "" {
		return usage("export: give the file to write, e.g. flows/checkout.yaml")
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbExport, Args: []string{in.File}})
}

const confirmDoc = `Run the step a confirm rule of the session's policy held back, once. token is the one the held-back step printed (after "smokeflow confirm").`

var confirmExamples = []confirmIn{{Token: "3f9a1c0e7b2d4a61"}}

type confirmIn struct {
	Token string `json:"token" jsonschema:"the token the held-back step printed"`
}

func (t tools) confirm(ctx context.Context, _ *sdk.CallToolRequest, in confirmIn) (*sdk.CallToolResult, any, error) {
	if in.Token == "" {
		return usage("confirm: give the token the held-back step printed")
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbConfirm, Args: []string{in.Token}})
}

const stateDoc = `Save the session's cookies and local storage to a file (sealed when SMOKEFLOW_STATE_KEY is set), or load such a file into the session, e.g. to start logged in.`

var stateExamples = []stateIn{{Action: string(agent.StateSave), File: "state.json"}, {Action: string(agent.StateLoad), File: "state.json"}}

type stateIn struct {
	Action string `json:"action" jsonschema:"save the state to the file, or load it from the file"`
	File   string `json:"file" jsonschema:"the state file, e.g. state.json"`
}

func (t tools) state(ctx context.Context, _ *sdk.CallToolRequest, in stateIn) (*sdk.CallToolResult, any, error) {
	if words := agent.StateGrammar.Words(); !slices.Contains(words, in.Action) {
		return usage(fmt.Sprintf("state: unknown action %q; use %s", in.Action, oneOf(words)))
	}
	if in.File == "" {
		return usage("state: give the file, e.g. state.json")
	}
	return t.run(ctx, agent.Command{Verb: agent.VerbState, Args: []string{in.Action, in.File}})
}

const closeDoc = `End the session and its browser.`

func (t tools) close(ctx context.Context, _ *sdk.CallToolRequest, _ struct{}) (*sdk.CallToolResult, any, error) {
	return t.run(ctx, agent.Command{Verb: agent.VerbClose})
}

// usage is a tool call the server refuses: an error result the model reads.
func usage(msg string) (*sdk.CallToolResult, any, error) {
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: msg}}, IsError: true}, nil, nil
}
