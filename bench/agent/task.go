package main

import (
	"errors"
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

// rereads bounds the reads again before an action whose element the
// reads so far do not list, and the tries again of an action that failed.
const rereads = 3

// runTask runs task t for one column in a fresh session and returns the
// transcript of its commands. An action's ref comes from the latest read
// that lists its element (a read that prints only what changed lists the
// elements that appeared or changed, the first read every one).
func runTask(c *column, t agentTask) ([]step, error) {
	s := &session{tool: c.tool, name: "task"}
	defer closeAll([]*session{s})
	var steps []step
	record := func(what string, r result) {
		steps = append(steps, step{Command: c.tool.name + " " + strings.Join(r.Args, " "), What: what, result: r})
	}
	r, err := s.must("open", t.URL)
	if err != nil {
		return nil, err
	}
	record("open", r)
	first, err := s.read(c.First, true)
	if err != nil {
		return nil, err
	}
	record("read", first)
	reads := []string{first.Stdout}
	for i, st := range t.Steps {
		args, err := st.args(reads)
		for try := 0; err != nil && try < rereads; try++ {
			// An element not read yet (a page still loading, a menu still
			// opening): an agent reads again, and so does the task.
			time.Sleep(300 * time.Millisecond)
			read, rerr := s.read(c.Read, c.fromLatest)
			if rerr != nil {
				return nil, rerr
			}
			record("read", read)
			if c.fromLatest {
				reads = reads[:0]
			}
			reads = append(reads, read.Stdout)
			args, err = st.args(reads)
		}
		if err != nil {
			return nil, fmt.Errorf("%s, %s, step %d: %w", t.Name, c.Name, i+2, err)
		}
		r, err := s.act(args...)
		for try := 0; errors.Is(err, errCommand) && try < rereads; try++ {
			// An element still covered (a dialog closing, a backdrop
			// fading): an agent reads the failure and tries again.
			record(st.String(), r)
			time.Sleep(500 * time.Millisecond)
			r, err = s.act(args...)
		}
		if err != nil {
			return nil, fmt.Errorf("%s, %s, step %d: %w", t.Name, c.Name, i+2, err)
		}
		record(st.String(), r)
		read, err := s.read(c.Read, c.fromLatest)
		if err != nil {
			return nil, fmt.Errorf("%s, %s, read after step %d: %w", t.Name, c.Name, i+2, err)
		}
		record("read", read)
		if c.fromLatest {
			reads = reads[:0]
		}
		reads = append(reads, read.Stdout)
	}
	log.Printf("task %s, %s: %d commands", t.Name, c.Name, len(steps))
	return steps, nil
}
