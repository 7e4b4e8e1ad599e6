package session

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/results"
)

// Dialogs and downloads of a session's tabs. docs/flows.md "dialog",
// "expect" and "Downloads".

// execDialog runs `dialog`: how to answer the next native dialog.
func (ss *Session) execDialog(c *stepCall, d *flows.Dialog) error {
	sc, rec := c.sc, c.rec
	a := browser.DialogAnswer{Accept: d.Accept}
	what := "dismissed"
	if a.Accept {
		what = "accepted"
	}
	if d.Text != nil {
		t, err := ss.str(*d.Text, sc)
		if err != nil {
			return err
		}
		a.Text = &t
		what += fmt.Sprintf(" (a prompt with %q)", t)
	}
	ss.pg.bctx.AnswerNextDialog(a)
	rec.Log = append(rec.Log, "the next dialog will be "+what)
	return nil
}

// logDialogs puts the dialogs that opened since the last call in the step
// log and returns them.
func (ss *Session) logDialogs(rec *results.Step) []browser.Dialog {
	var fresh []browser.Dialog
	for _, p := range ss.pg.all {
		ds := p.Dialogs()
		for _, d := range ds[ss.pg.logged[p]:] {
			rec.Log = append(rec.Log, "dialog: "+d.String())
			fresh = append(fresh, d)
		}
		ss.pg.logged[p] = len(ds)
	}
	return fresh
}

// explainDialogAbort says why a step failed when it left a page whose
// beforeunload dialog was dismissed (the default): the page stayed.
func (ss *Session) explainDialogAbort(fresh []browser.Dialog, err error) error {
	if err == nil {
		return nil
	}
	for _, d := range fresh {
		if d.Type != proto.PageDialogTypeBeforeunload || d.Accepted {
			continue
		}
		why := "the page's beforeunload dialog (\"are you sure you want to leave?\") was dismissed, so the page stayed"
		hint := "write `- dialog: {accept: true}` before this step to leave the page"
		var sf *stepFailure
		if errors.As(err, &sf) && sf.diag != nil {
			sf.err = fmt.Errorf("%w: %s", sf.err, why)
			sf.diag.Message += ": " + why
			sf.diag.Hints = append([]string{hint}, sf.diag.Hints...)
			return err
		}
		return fmt.Errorf("%w: %s; %s", err, why, hint)
	}
	return err
}

// lastDialog is the dialog that opened last in any tab.
func (ss *Session) lastDialog() (browser.Dialog, bool) {
	var last browser.Dialog
	found := false
	for _, p := range ss.pg.all {
		ds := p.Dialogs()
		if n := len(ds); n > 0 && (!found || ds[n-1].Time.After(last.Time)) {
			last, found = ds[n-1], true
		}
	}
	return last, found
}

// dialogCond is `expect: {dialog: MATCH}`: the last dialog's message.
func (ss *Session) dialogCond(m *flows.Match) checkTry {
	return func(context.Context) (bool, string, error) {
		d, ok := ss.lastDialog()
		_, want := matchString(m, "")
		if !ok {
			return false, fmt.Sprintf("expected the last dialog's message %s, but no dialog opened", want), nil
		}
		ok, _ = matchString(m, d.Message)
		return ok, fmt.Sprintf("expected the last dialog's message %s, but it is %q (%s)", want, d.Message, d.Type), nil
	}
}

// expectDownload is `expect: {download: {name: MATCH}}`: the last download
// that began since the previous download check, once complete.
func (ss *Session) expectDownload(ctx, flowCtx context.Context, s *flows.Step, m *flows.Match) error {
	var last browser.Download
	seen := 0
	err := ss.pg.bctx.WaitDownloads(ctx, func(list []browser.Download) bool {
		seen = len(list)
		if len(list) <= ss.pg.checked {
			return false
		}
		last = list[len(list)-1]
		return last.State == proto.BrowserDownloadProgressStateCompleted && m.Test(last.Name)
	})
	if err == nil {
		ss.pg.checked = seen
		return nil
	}
	_, want := matchString(m, "")
	var msg string
	switch {
	case seen <= ss.pg.checked:
		msg = fmt.Sprintf("expected the name of a download %s, but no download started", want)
	case last.State == proto.BrowserDownloadProgressStateCanceled:
		msg = fmt.Sprintf("expected the name of a download %s, but the download of %q was canceled", want, last.Name)
	case !m.Test(last.Name):
		msg = fmt.Sprintf("expected the name of the last download %s, but it is %q", want, last.Name)
	default:
		msg = fmt.Sprintf("expected the name of a download %s; %q is still downloading (%s)", want, last.Name, progress(last))
	}
	return ss.expectFailed(flowCtx, s, nil, errors.New(msg))
}

func progress(d browser.Download) string {
	if d.Total > 0 {
		return fmt.Sprintf("%d of %d bytes", d.Bytes, d.Total)
	}
	return fmt.Sprintf("%d bytes so far", d.Bytes)
}

// saveDownloads moves the downloads that completed into the session's
// artifacts under their own names, and sets ${vars.download} (sc may be
// nil at the end of the session, rec too).
func (ss *Session) saveDownloads(sc *flows.Scope, rec *results.Step) {
	list, _ := ss.pg.bctx.Downloads()
	logf := func(format string, args ...any) {
		if rec != nil {
			rec.Log = append(rec.Log, fmt.Sprintf(format, args...))
		}
	}
	for _, d := range list {
		if ss.pg.saved[d.GUID] || !d.Done() {
			continue
		}
		ss.pg.saved[d.GUID] = true
		if d.State == proto.BrowserDownloadProgressStateCanceled {
			logf("the download of %q was canceled", d.Name)
			continue
		}
		dest := freeName(ss.pg.dlDir, d.Name)
		if err := os.Rename(d.Path, dest); err != nil {
			logf("downloaded %q, but cannot keep it: %v", d.Name, err)
			continue
		}
		rel := filepath.ToSlash(filepath.Join(ss.opts.Dir, "downloads", filepath.Base(dest)))
		ss.artifacts = append(ss.artifacts, results.Artifact{Kind: results.ArtifactDownload, Name: filepath.Base(dest), Path: rel})
		if sc != nil {
			sc.Vars[flows.DownloadVar] = dest
		}
		logf("downloaded %s (%d bytes) → %s", d.Name, d.Bytes, rel)
	}
}

// freeName is a path in dir for a downloaded file named name (made safe),
// not taken yet: "report.csv", else "report-2.csv", ...
func freeName(dir, name string) string {
	name = strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == 0 {
			return '_'
		}
		return r
	}, name)
	if name == "" || name == "." || name == ".." {
		name = "download"
	}
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	p := filepath.Join(dir, name)
	for i := 2; ; i++ {
		if _, err := os.Lstat(p); err != nil {
			return p // free (or unreadable: then the move says why)
		}
		p = filepath.Join(dir, fmt.Sprintf("%s-%d%s", stem, i, ext))
	}
}

// tabs lists every tab the session had, for its logs.
func (ss *Session) tabs() []*browser.Page {
	if ss.pg == nil {
		if ss.page == nil {
			return nil
		}
		return []*browser.Page{ss.page}
	}
	return ss.pg.all
}
