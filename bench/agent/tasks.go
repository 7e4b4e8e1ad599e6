package main

import (
	"fmt"
	"maps"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
)

// taskStep is one action of a scripted task, on an element named the same
// way for both tools (or a key for press).
type taskStep struct {
	verb  string
	el    target
	value string
}

func (st taskStep) String() string {
	switch {
	case st.verb == "press":
		return st.verb + " " + st.value
	case st.value != "" || st.verb == "fill":
		return fmt.Sprintf("%s %s %q", st.verb, st.el, st.value)
	}
	return st.verb + " " + st.el.String()
}

// args is the command line of the step: its element's ref comes from the
// latest of reads that lists it.
func (st taskStep) args(reads []string) ([]string, error) {
	if st.verb == "press" {
		return []string{"press", st.value}, nil
	}
	var ref string
	var err error
	for i := len(reads) - 1; i >= 0; i-- {
		if ref, err = refFor(reads[i], st.el); err == nil {
			break
		}
	}
	if err != nil {
		return nil, err
	}
	args := []string{st.verb, ref}
	if st.value != "" || st.verb == "fill" {
		args = append(args, st.value)
	}
	return args, nil
}

// agentTask is one scripted task: open URL, read, then each step followed
// by a read (docs/benchmarks.md "The agent session against
// agent-browser").
type agentTask struct {
	Name  string     `json:"name"`
	App   string     `json:"app"`
	URL   string     `json:"url"`
	Steps []taskStep `json:"-"`
	base  string     // the app's base URL, for open steps
}

// app is a real app of the broader task bench: an npm package of
// bench/agent/package.json, served from its folder at the root of a
// loopback origin of its own (Gentelella's pages load /js/ and /assets/).
type app struct {
	name, pkg, root string
}

var apps = []app{
	{name: "Gentelella 4.2.0", pkg: "gentelella", root: "dist"},
	{name: "SB Admin 2 4.1.4", pkg: "startbootstrap-sb-admin-2", root: "."},
	{name: "Tabler UI 0.0.34", pkg: "tabler-ui", root: "dist"},
	{name: "JSONEditor 10.4.3", pkg: "jsoneditor", root: "."},
}

// role helpers keep the task tables short.
func fill(role, name, value string) taskStep {
	return taskStep{verb: "fill", el: target{Role: role, Name: name}, value: value}
}
func sel(name, value string) taskStep {
	return taskStep{verb: "select", el: target{Role: "combobox", Name: name}, value: value}
}
func check(role, name string) taskStep {
	return taskStep{verb: "check", el: target{Role: role, Name: name}}
}
func click(role, name string) taskStep {
	return taskStep{verb: "click", el: target{Role: role, Name: name}}
}
func clickNth(role, name string, nth int) taskStep {
	return taskStep{verb: "click", el: target{Role: role, Name: name, Nth: nth}}
}
func press(key string) taskStep { return taskStep{verb: "press", value: key} }

// taskTable is the broader bench's tasks by name: app (by package), the
// page opened first, and the actions. None of these apps was used by the
// session's tests or other benches before it.
var taskTable = map[string]struct {
	pkg, path string
	steps     []taskStep
}{
	"gentelella-project": {"gentelella", "/production/form.html", []taskStep{
		fill("textbox", "Project name *", "Apollo launch"),
		sel("Client", "Globex Inc"),
		fill("spinbutton", "Budget (USD)", "25000"),
		fill("textbox", "Description", "Launch site and press kit"),
		check("radio", "Team"),
		fill("textbox", "Add tag", "Ops"),
		press("Enter"),
		clickNth("button", "Remove", 0),
		click("button", "Account menu"),
		press("Escape"),
		click("button", "Create project"),
	}},
	"gentelella-users": {"gentelella", "/production/user_management.html", []taskStep{
		fill("textbox", "Search users", "reyes"),
		sel("Filter by role", "Editor"),
		fill("textbox", "Search users", ""),
		sel("Filter by status", "Active"),
		check("checkbox", "Select all rows"),
		click("button", "Notifications"),
		press("Escape"),
		click("button", "+ Invite user"),
		press("Escape"),
		click("link", "Settings"),
		fill("textbox", "Full name", "Ada Lovelace"),
		check("radio", "Dark"),
	}},
	"sbadmin-signup": {"startbootstrap-sb-admin-2", "/register.html", []taskStep{
		fill("textbox", "First Name", "Ada"),
		fill("textbox", "Last Name", "Lovelace"),
		fill("textbox", "Email Address", "ada@example.com"),
		fill("textbox", "Password", "analytical"),
		fill("textbox", "Repeat Password", "analytical"),
		click("link", "Register Account"),
		fill("textbox", "Enter Email Address...", "ada@example.com"),
		fill("textbox", "Password", "analytical"),
		check("checkbox", "Remember Me"),
		click("link", "Login"),
	}},
	"sbadmin-dashboard": {"startbootstrap-sb-admin-2", "/index.html", []taskStep{
		click("button", "3+"),
		press("Escape"),
		click("button", "Douglas McGee"),
		press("Escape"),
		click("button", "7"),
		press("Escape"),
		fill("textbox", "Search", "revenue"),
		click("link", "Tables"),
		fill("searchbox", "Search:", "London"),
		sel("Show entries", "25"),
		click("link", "Next"),
	}},
	"tabler-form": {"tabler-ui", "/form-elements.html", []taskStep{
		fill("textbox", "Text..", "Ada Lovelace"),
		fill("textbox", "Password..", "analytical"),
		fill("spinbutton", "", "42"),
		check("radio", "L"),
		check("radio", "Express Mail"),
		check("checkbox", "PHP"),
		check("radio", "Option 3"),
		check("checkbox", "I agree with terms and conditions"),
		fill("textbox", "Username", "ada"),
		click("button", "Action"),
		press("Escape"),
		click("link", "Home"),
	}},
	"jsoneditor-tree": {"jsoneditor", "/examples/03_switch_mode.html", []taskStep{
		click("button", "Expand all fields"),
		click("button", "Collapse all fields"),
		clickNth("button", expandField, 0),
		fill("textbox", "", "Hello"),
		click("button", "Next result (Enter)"),
		clickNth("button", "Click to open the actions menu (Ctrl+M)", 2),
		press("Escape"),
		click("button", "Tree ▾"),
		press("Escape"),
		click("button", "Sort contents"),
		press("Escape"),
	}},
}

// expandField is the name of JSONEditor's expand/collapse buttons.
const expandField = "Click to expand/collapse this field (Ctrl+E). Ctrl+Click to expand/collapse including all childs."

// taskNames are the broader bench's tasks, in the order they run.
func taskNames() []string { return slices.Sorted(maps.Keys(taskTable)) }

// pickTasks turns -tasks into the tasks to run: "adminlte" is the first
// task (on adminURL), "apps" every task of taskTable, or names.
func pickTasks(list, adminURL string, bases map[string]string) ([]agentTask, error) {
	var out []agentTask
	for _, name := range strings.Split(list, ",") {
		switch name = strings.TrimSpace(name); name {
		case "":
		case "adminlte":
			out = append(out, agentTask{Name: "adminlte", App: "AdminLTE 3.2.0", URL: adminURL, Steps: adminTask})
		case "apps":
			for _, n := range taskNames() {
				t, err := pickTasks(n, adminURL, bases)
				if err != nil {
					return nil, err
				}
				out = append(out, t...)
			}
		default:
			def, ok := taskTable[name]
			if !ok {
				return nil, fmt.Errorf("-tasks: no task %q (adminlte, apps, %s)", name, strings.Join(taskNames(), ", "))
			}
			base, ok := bases[def.pkg]
			if !ok {
				return nil, fmt.Errorf("-tasks %s: the app %s is not served (-apps)", name, def.pkg)
			}
			out = append(out, agentTask{Name: name, App: appName(def.pkg), URL: base + def.path, Steps: def.steps})
		}
	}
	return out, nil
}

func appName(pkg string) string {
	for _, a := range apps {
		if a.pkg == pkg {
			return a.name
		}
	}
	return pkg
}

// appHandlers are the apps' file servers, by package, from the installed
// node_modules folder.
func appHandlers(modules string) map[string]http.Handler {
	out := map[string]http.Handler{}
	for _, a := range apps {
		out[a.pkg] = http.FileServer(http.Dir(filepath.Join(modules, a.pkg, a.root)))
	}
	return out
}

// adminTask is the scripted task on AdminLTE's general form page, after
// `open`: eleven actions, each followed by a read of the page. Every
// element is on the page from the start; the notifications dropdown
// opens (new lines) and closes again, and the Forms menu folds (lines go).
var adminTask = []taskStep{
	{verb: "fill", el: target{Role: "textbox", Name: "Email address"}, value: "ada@example.com"},
	{verb: "fill", el: target{Role: "textbox", Name: "Password"}, value: "analytical"},
	{verb: "check", el: target{Role: "checkbox", Name: "Check me out"}},
	{verb: "fill", el: target{Role: "textbox", Name: "Username"}, value: "ada"},
	{verb: "select", el: target{Role: "combobox", Name: "Flat .rounded-0"}, value: "Value 2"},
	{verb: "check", el: target{Role: "checkbox", Name: "Remember me"}},
	{verb: "check", el: target{Role: "radio", Name: "Custom Radio"}},
	{verb: "check", el: target{Role: "checkbox", Name: "Toggle this custom switch element"}},
	{verb: "click", el: target{Role: "link", Name: "15"}},
	{verb: "press", value: "Escape"},
	{verb: "click", el: target{Role: "link", Name: "Forms"}},
}
