package main

import (
	"fmt"
	"log"
	"strings"
	"time"
)

// openAndRead opens url in the session and reads the page's interactive
// snapshot.
func openAndRead(s *session, url string) (string, error) {
	if _, err := s.must("open", url); err != nil {
		return "", err
	}
	r, err := s.read(s.tool.snapshot, true)
	return r.Stdout, err
}

// dashboardPage is testdata/bench/dashboard.html: the user menu button
// (its click toggles a menu), the admin search box, the orders filter's
// status and the marketplace channel, a link.
func dashboardPage(url string) page {
	return page{
		name:    "dashboard",
		prepare: func(s *session) (string, error) { return openAndRead(s, url) },
		acts: map[string]warmAct{
			"click":     {verb: []string{"click"}, el: target{Role: "button", Name: "Ada Lovelace ▾"}},
			"fill":      {verb: []string{"fill"}, el: target{Role: "searchbox", Name: "Search the admin"}, rest: []string{"refund"}},
			"select":    {verb: []string{"select"}, el: target{Role: "combobox", Name: "Status"}, rest: []string{"Paid"}},
			"check":     {verb: []string{"check"}, el: target{Role: "checkbox", Name: "Marketplace"}},
			"press":     {verb: []string{"press"}, rest: []string{"Tab"}},
			"get text":  {verb: []string{"get", "text"}, el: target{Role: "link", Name: "Help center"}},
			"get value": {verb: []string{"get", "value"}, el: target{Role: "searchbox", Name: "Search the admin"}},
		},
		want: map[string]string{"get text": "Help center", "get value": "refund"},
	}
}

// checkoutPage is the demo shop's checkout with a mug in the cart: the
// terms checkbox, the name field and the order button.
func checkoutPage(base string) page {
	return page{
		name:    "demo checkout",
		prepare: func(s *session) (string, error) { return prepareCheckout(s, base) },
		acts: map[string]warmAct{
			"click":    {verb: []string{"click"}, el: target{Role: "checkbox", Name: "I accept the terms"}},
			"fill":     {verb: []string{"fill"}, el: target{Role: "textbox", Name: "Full name"}, rest: []string{"Ada Lovelace"}},
			"get text": {verb: []string{"get", "text"}, el: target{Role: "button", Name: "Place order"}},
		},
		want: map[string]string{"get text": "Place order"},
	}
}

// adminPage is AdminLTE's general form page (a real app, the task's
// page): the Forms menu in the sidebar (its click folds it, or unfolds
// it), the email field, the rounded select, a checkbox, a button.
func adminPage(url string) page {
	return page{
		name:    "AdminLTE form",
		prepare: func(s *session) (string, error) { return openAndRead(s, url) },
		acts: map[string]warmAct{
			"click":     {verb: []string{"click"}, el: target{Role: "link", Name: "Forms"}},
			"fill":      {verb: []string{"fill"}, el: target{Role: "textbox", Name: "Email address"}, rest: []string{"ada@example.com"}},
			"select":    {verb: []string{"select"}, el: target{Role: "combobox", Name: "Flat .rounded-0"}, rest: []string{"Value 2"}},
			"check":     {verb: []string{"check"}, el: target{Role: "checkbox", Name: "Check me out"}},
			"press":     {verb: []string{"press"}, rest: []string{"Tab"}},
			"get text":  {verb: []string{"get", "text"}, el: target{Role: "link", Name: "Forms"}},
			"get value": {verb: []string{"get", "value"}, el: target{Role: "textbox", Name: "Email address"}},
		},
		want: map[string]string{"get text": "Forms", "get value": "ada@example.com"},
	}
}

// todoPage is TodoMVC in vanilla JS (a real app) with one todo: the "All"
// filter (the route it is on), the new-todo field, "Mark all as
// complete" (its list is drawn again on each change, so a todo's own
// checkbox is a new element each time). It has no select.
func todoPage(url string) page {
	return page{
		name: "TodoMVC",
		prepare: func(s *session) (string, error) {
			if _, err := s.must("open", url); err != nil {
				return "", err
			}
			snap, err := s.read(s.tool.snapshot, true)
			if err != nil {
				return "", err
			}
			box, err := refFor(snap.Stdout, target{Role: "textbox", Name: "What needs to be done?"})
			if err != nil {
				return "", err
			}
			if _, err := s.act("fill", box, "Buy milk"); err != nil {
				return "", err
			}
			if _, err := s.act("press", "Enter"); err != nil {
				return "", err
			}
			r, err := s.read(s.tool.snapshot, true)
			return r.Stdout, err
		},
		acts: map[string]warmAct{
			"click":     {verb: []string{"click"}, el: target{Role: "link", Name: "All"}},
			"fill":      {verb: []string{"fill"}, el: target{Role: "textbox", Name: "What needs to be done?"}, rest: []string{"Walk the dog"}},
			"check":     {verb: []string{"check"}, el: target{Role: "checkbox", Name: "Mark all as complete", Or: new(string)}},
			"press":     {verb: []string{"press"}, rest: []string{"Escape"}}, // Tab would blur the new todo, which adds it
			"get text":  {verb: []string{"get", "text"}, el: target{Role: "link", Name: "All"}},
			"get value": {verb: []string{"get", "value"}, el: target{Role: "textbox", Name: "What needs to be done?"}},
		},
		// no value checked: smokeflow's fill sends the change event, on
		// which TodoMVC adds the todo and empties the field
		want: map[string]string{"get text": "All"},
	}
}

// prepareCheckout puts a mug in the session's cart (the product page's
// button posts it in the background) and opens the checkout, again until
// the cart has reached the server.
func prepareCheckout(s *session, base string) (string, error) {
	snap, err := openAndRead(s, base+"/product/blue-mug")
	if err != nil {
		return "", err
	}
	add, err := refFor(snap, target{Role: "button", Name: "Add to cart"})
	if err != nil {
		return "", err
	}
	if _, err := s.act("click", add); err != nil {
		return "", err
	}
	for try := 0; ; try++ {
		snap, err = openAndRead(s, base+"/checkout")
		if err != nil {
			return "", err
		}
		if _, err = refFor(snap, target{Role: "textbox", Name: "Full name"}); err == nil || try == 20 {
			return snap, err
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// taskStep is one action of the scripted task, on an element named the
// same way for both tools (or a key for press).
type taskStep struct {
	verb  string
	el    target
	value string
}

func (st taskStep) String() string {
	if st.verb == "press" {
		return "press " + st.value
	}
	if st.value != "" {
		return fmt.Sprintf("%s %s %q", st.verb, st.el, st.value)
	}
	return st.verb + " " + st.el.String()
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

// column is one way of reading the page during the task.
type column struct {
	Name string   `json:"name"`
	Tool string   `json:"tool"`
	Read []string `json:"read"` // the read after each action
	// First is the read right after open, which lists the whole page.
	First []string `json:"first"`
	// fromLatest: refs come from the latest read (each lists the whole
	// page); otherwise from the first read, as the later ones print only
	// what changed.
	fromLatest bool
	tool       *tool
}

// taskColumns are the task's columns for the tools of this run.
func taskColumns(tools []*tool) []*column {
	var out []*column
	for _, t := range tools {
		switch t.name {
		case smokeflowName, beforeName:
			out = append(out, &column{Name: t.name + ", snapshot --diff", tool: t, First: t.snapshot, Read: t.diff})
		case agentBrowserName:
			out = append(out,
				&column{Name: "agent-browser, snapshot -i --delta", tool: t, First: t.diff, Read: t.diff},
				&column{Name: "agent-browser, snapshot -i", tool: t, First: t.snapshot, Read: t.snapshot, fromLatest: true})
		}
	}
	for _, c := range out {
		c.Tool = c.tool.name
	}
	return out
}

// step is one command of the task's transcript: what the agent ran and
// what it read.
type step struct {
	Command string `json:"command"`
	What    string `json:"what"` // the action or read, the same for every column
	result
}

// runTask runs the task for one column in a fresh session and returns the
// transcript of its commands.
func runTask(c *column, url string) ([]step, error) {
	s := &session{tool: c.tool, name: "task"}
	defer closeAll([]*session{s})
	var steps []step
	record := func(what string, r result) {
		steps = append(steps, step{Command: c.tool.name + " " + strings.Join(r.Args, " "), What: what, result: r})
	}
	r, err := s.must("open", url)
	if err != nil {
		return nil, err
	}
	record("open", r)
	first, err := s.read(c.First, true)
	if err != nil {
		return nil, err
	}
	record("read", first)
	refsFrom := first.Stdout
	for i, st := range adminTask {
		args := []string{st.verb}
		if st.verb == "press" {
			args = append(args, st.value)
		} else {
			ref, err := refFor(refsFrom, st.el)
			if err != nil {
				return nil, fmt.Errorf("%s, step %d: %w", c.Name, i+2, err)
			}
			if args = append(args, ref); st.value != "" {
				args = append(args, st.value)
			}
		}
		r, err := s.act(args...)
		if err != nil {
			return nil, fmt.Errorf("%s, step %d: %w", c.Name, i+2, err)
		}
		record(st.String(), r)
		read, err := s.read(c.Read, c.fromLatest)
		if err != nil {
			return nil, fmt.Errorf("%s, read after step %d: %w", c.Name, i+2, err)
		}
		record("read", read)
		if c.fromLatest {
			refsFrom = read.Stdout
		}
	}
	log.Printf("task, %s: %d commands", c.Name, len(steps))
	return steps, nil
}
