package notify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/smokeflow/smokeflow/results"
)

// kindOrder is the order changes are told in: what needs a look first
// (docs/running.md "Alerts").
var kindOrder = []results.ChangeKind{results.GoneFailing, results.StillFailing, results.Recovered, results.GoneFlaky}

// kindWords are each kind as the headline counts it.
var kindWords = map[results.ChangeKind]string{
	results.GoneFailing: "failing", results.StillFailing: "still failing",
	results.Recovered: "recovered", results.GoneFlaky: "flaky",
}

func kindRank(k results.ChangeKind) int {
	for i, o := range kindOrder {
		if o == k {
			return i
		}
	}
	return len(kindOrder)
}

// sortedChanges are cs by kind, in the run's order within a kind.
func sortedChanges(cs []results.Change) []results.Change {
	out := append([]results.Change(nil), cs...)
	sort.SliceStable(out, func(i, j int) bool { return kindRank(out[i].Kind) < kindRank(out[j].Kind) })
	return out
}

// changesHead is the changes counted, "🔴 2 failing, 1 recovered", or ""
// for none.
func changesHead(cs []results.Change) string {
	if len(cs) == 0 {
		return ""
	}
	n := map[results.ChangeKind]int{}
	for _, c := range cs {
		n[c.Kind]++
	}
	var parts []string
	for _, k := range kindOrder {
		if n[k] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n[k], kindWords[k]))
		}
	}
	mark := "🟡"
	switch {
	case n[results.GoneFailing]+n[results.StillFailing] > 0:
		mark = "🔴"
	case n[results.Recovered] > 0:
		mark = "🟢"
	}
	return mark + " " + strings.Join(parts, ", ")
}

// changeLine is one change: "failing: Checkout (flows/checkout.yaml): MESSAGE".
func changeLine(c results.Change) string {
	l := fmt.Sprintf("%s: %s (%s)", kindWords[c.Kind], c.Flow, c.File)
	switch {
	case c.Kind == results.GoneFlaky:
		l += fmt.Sprintf(": flaky in %.0f%% of its recent runs", c.FlakyRate*100)
	case c.Message != "":
		l += ": " + c.Message
	}
	return l
}

// Block is a block of Slack's Block Kit: a section with text, or a
// context with elements.
type Block struct {
	Type     string      `json:"type"`
	Text     *BlockText  `json:"text,omitempty"`
	Elements []BlockText `json:"elements,omitempty"`
}

// BlockText is a text object of Block Kit, in Slack's mrkdwn.
type BlockText struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// maxBlockText is under Block Kit's bound of 3,000 characters of a
// section's text.
const maxBlockText = 2900

func section(lines []string) Block {
	t := strings.Join(lines, "\n")
	if r := []rune(t); len(r) > maxBlockText {
		t = string(r[:maxBlockText]) + "…"
	}
	return Block{Type: "section", Text: &BlockText{Type: "mrkdwn", Text: t}}
}

// blocks are the notification in Block Kit: the changes first, the run,
// its failed flows, and a context with the env label and the report's
// link (docs/running.md "Alerts").
func blocks(p Payload) []Block {
	var out []Block
	if head := changesHead(p.Changes); head != "" {
		lines := []string{"*" + mrkdwn(head) + "*"}
		for _, c := range p.Changes {
			lines = append(lines, "• "+mrkdwn(changeLine(c)))
		}
		out = append(out, section(lines))
	}
	lines := []string{"*" + mrkdwn(summaryLine(p)) + "*"}
	if p.Error != "" {
		lines = append(lines, mrkdwn(firstLine(p.Error)))
	}
	for _, l := range failedLines(p) {
		lines = append(lines, mrkdwn(l))
	}
	out = append(out, section(lines))
	var ctx []BlockText
	if p.EnvLabel != "" {
		ctx = append(ctx, BlockText{Type: "mrkdwn", Text: "env: *" + mrkdwn(p.EnvLabel) + "*"})
	}
	switch {
	case p.ReportURL != "":
		ctx = append(ctx, BlockText{Type: "mrkdwn", Text: "<" + p.ReportURL + "|report>"})
	case len(p.Reports) > 0:
		ctx = append(ctx, BlockText{Type: "mrkdwn", Text: "reports: " + mrkdwn(strings.Join(p.Reports, ", "))})
	}
	if len(ctx) > 0 {
		out = append(out, Block{Type: "context", Elements: ctx})
	}
	return out
}

// mrkdwn escapes the three characters Slack's mrkdwn reads as markup.
func mrkdwn(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
