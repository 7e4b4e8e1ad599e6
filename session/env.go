package session

import (
	"context"
	"errors"
	"os"
	"strings"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/locate"
	"github.com/smokeflow/smokeflow/results"
)

// exprEnv binds the expression functions to the page. The URL and title
// are read until the page answers: an error, never "", when it does not
// before ctx ends (a check must not hold on a value never read).
func (ss *Session) exprEnv(ctx context.Context, sc *flows.Scope) (*flows.ExprEnv, error) {
	p := ss.page
	u, title, err := ss.URLAndTitle(ctx)
	if err != nil {
		return nil, err
	}
	env := map[string]string{}
	for _, e := range osEnviron(ss.opts.LookupEnv) {
		env[e[0]] = e[1]
	}
	status, _ := sc.Vars["status"].(int)
	if status == 0 {
		status = p.Status()
	}
	x := &flows.ExprEnv{
		URL:      u,
		Title:    title,
		Status:   status,
		Vars:     sc.Vars,
		Env:      env,
		Row:      sc.Row,
		Response: sc.Response(),
		ConsoleErrors: func() []string {
			var out []string
			for _, c := range p.Console() {
				if results.IsConsoleError(c.Type) {
					out = append(out, c.Text)
				}
			}
			return out
		},
		FailedRequests: func() []string {
			var out []string
			for _, r := range p.FailedRequests() {
				out = append(out, r.String())
			}
			return out
		},
	}
	ss.bindTargets(ctx, sc, x)
	return x, nil
}

// URLAndTitle reads the main frame's URL and title (browser's one read,
// Page.URLAndTitle), trying again while the page cannot answer (a
// navigation in progress) until ctx ends (docs/architecture-notes.md
// "Rules in one place").
func (ss *Session) URLAndTitle(ctx context.Context) (url, title string, err error) {
	err = ss.page.Poll(ctx, func() (bool, error) {
		var err error
		url, title, err = ss.page.URLAndTitle(ctx)
		return err == nil || errors.Is(err, browser.ErrPageCrashed), err
	})
	if err != nil {
		return "", "", err
	}
	return url, title, nil
}

// URLAndTitleNow is URLAndTitle's one read, not tried again: an agent
// session's `get url` and `get title` answer at once, and a page that
// cannot answer is the command's failure (docs/agents.md "Timeouts").
func (ss *Session) URLAndTitleNow(ctx context.Context) (url, title string, err error) {
	return ss.page.URLAndTitle(ctx)
}

// bindTargets binds the functions of targets (visible, count, text, …).
func (ss *Session) bindTargets(ctx context.Context, sc *flows.Scope, x *flows.ExprEnv) {
	p := ss.page
	target := func(v any) (*flows.Target, error) {
		t, err := flows.TargetFromValue(v)
		if err != nil {
			return nil, err
		}
		return flows.InterpolateTarget(t, sc)
	}
	one := func(v any) (*locate.Node, error) {
		t, err := target(v)
		if err != nil {
			return nil, err
		}
		f, err := p.Find(ctx, t, browser.FindOptions{})
		r := f.Result
		if err != nil {
			return nil, err
		}
		if r.Err != nil {
			return nil, r.Err
		}
		return r.Node, nil
	}
	query := func(v any) ([]*locate.Node, []*locate.Node, error) {
		t, err := target(v)
		if err != nil {
			return nil, nil, err
		}
		f, err := p.Find(ctx, t, browser.FindOptions{All: true})
		return f.All, f.Visible, err
	}
	x.Visible = func(v any) (bool, error) {
		_, vis, err := query(v)
		return len(vis) > 0, err
	}
	x.Exists = func(v any) (bool, error) {
		all, _, err := query(v)
		return len(all) > 0, err
	}
	x.Count = func(v any) (int, error) {
		all, _, err := query(v)
		return len(all), err
	}
	x.Text = func(v any) (string, error) {
		n, err := one(v)
		if err != nil {
			return "", err
		}
		return n.TextOrName(), nil
	}
	x.Value = func(v any) (string, error) {
		n, err := one(v)
		if err != nil {
			return "", err
		}
		return n.Value, nil
	}
	x.Attr = func(v any, name string) (string, error) {
		n, err := one(v)
		if err != nil {
			return "", err
		}
		return p.Attr(ctx, n, name)
	}
	x.Enabled = func(v any) (bool, error) {
		n, err := one(v)
		if err != nil {
			return false, err
		}
		return n.Enabled(), nil
	}
	x.Checked = func(v any) (bool, error) {
		n, err := one(v)
		if err != nil {
			return false, err
		}
		return n.Checked == "true", nil
	}
}

// osEnviron lists the environment through lookup for the names the
// process has.
func osEnviron(lookup func(string) (string, bool)) [][2]string {
	var out [][2]string
	for _, kv := range environ() {
		k, _, _ := strings.Cut(kv, "=")
		if v, ok := lookup(k); ok {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

func environ() []string { return os.Environ() }
