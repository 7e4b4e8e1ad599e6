package docs_test

import (
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/google/shlex"
	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"
)

// transcriptMark is the line of docs/agents.md after which its shell
// transcript comes: the next ```text block.
const transcriptMark = "<!-- transcript: docs/transcript_test.go runs it on the demo shop -->"

// The transcript's own names for the shop and the project folder, which
// the spec puts in place of the test's.
const (
	docShop    = "http://localhost:8080"
	docProject = "/home/qa/shop"
)

// transcripts are the shell transcripts of docs/agents.md, in order: the
// text of each ```text block after a transcript mark, and the commands
// in it (the text after `$ `).
func transcripts() (texts []string, cmds [][]string) {
	GinkgoHelper()
	raw, err := os.ReadFile("agents.md")
	Expect(err).NotTo(HaveOccurred())
	parts := strings.Split(string(raw), transcriptMark)
	Expect(len(parts)).To(BeNumerically(">", 1), "docs/agents.md has lost its transcript mark %q", transcriptMark)
	for _, after := range parts[1:] {
		_, body, ok := strings.Cut(after, "```text\n")
		Expect(ok).To(BeTrue(), "a ```text block follows the transcript mark")
		text, _, ok := strings.Cut(body, "```")
		Expect(ok).To(BeTrue())
		var cs []string
		for _, l := range strings.Split(text, "\n") {
			if c, ok := strings.CutPrefix(l, "$ "); ok {
				cs = append(cs, c)
			}
		}
		Expect(cs).NotTo(BeEmpty())
		texts, cmds = append(texts, text), append(cmds, cs)
	}
	return texts, cmds
}

// shopHost is the demo shop's host, without its port.
func shopHost() string {
	GinkgoHelper()
	u, err := url.Parse(shop.URL)
	Expect(err).NotTo(HaveOccurred())
	return u.Hostname()
}

var _ = Describe("the session transcript of docs/agents.md", Ordered, func() {
	var bin, project, runtime string
	env := os.Environ()

	BeforeAll(func() {
		tmp := GinkgoT().TempDir()
		bin = filepath.Join(tmp, "smokeflow")
		// the front, the command line and the session's process, as make
		// build makes them: the session's verbs go through the front
		// (docs/agent-session.md "The front")
		build := exec.Command("go", "build", "-o", tmp+"/", "../cmd/smokeflow", "../cmd/smokeflow-cli", "../cmd/smokeflow-session")
		build.Stderr = GinkgoWriter
		Expect(build.Run()).To(Succeed())
		project = filepath.Join(tmp, "shop")
		Expect(os.MkdirAll(project, 0o755)).To(Succeed())
		var err error
		runtime, err = os.MkdirTemp("", "sft") // short: a socket's path has at most 107 bytes
		Expect(err).NotTo(HaveOccurred())
		DeferCleanup(os.RemoveAll, runtime)
		// no display: `record` says what it needs instead of opening a
		// window no one closes
		env = append(env, "SMOKEFLOW_RUNTIME_DIR="+runtime, "SMOKEFLOW_SESSION=transcript", "NO_COLOR=1", "DISPLAY=", "WAYLAND_DISPLAY=")
	})

	// run runs one command of the transcript in the project folder, and
	// returns what it printed, in the transcript's names.
	run := func(line string) string {
		GinkgoHelper()
		words, err := shlex.Split(strings.ReplaceAll(line, docShop, shop.URL))
		Expect(err).NotTo(HaveOccurred(), line)
		if words[0] == "export" {
			env = append(env, words[1:]...)
			return ""
		}
		Expect(words[0]).To(Equal("smokeflow"), line)
		cmd := exec.Command(bin, words[1:]...)
		cmd.Dir, cmd.Env = project, env
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		_ = cmd.Run() // a failure's exit code is part of the story; its output is checked
		s := strings.ReplaceAll(out.String(), shop.URL, docShop)
		// a cookie's domain is the shop's host, localhost in the transcript
		s = strings.ReplaceAll(s, "(domain "+shopHost()+",", "(domain localhost,")
		return strings.ReplaceAll(s, project, docProject)
	}

	// replay runs a transcript's commands and checks they print what it
	// says.
	replay := func(want string, cmds []string) {
		GinkgoHelper()
		var got strings.Builder
		for _, c := range cmds {
			got.WriteString("$ " + c + "\n" + run(c))
		}
		Expect(got.String()).To(Equal(want), "the transcript in docs/agents.md is no longer true; what the commands print now:\n%s", got.String())
	}

	It("prints what the transcript says, command by command, and its export replays", func() {
		DeferCleanup(func() { run("smokeflow close") })
		texts, cmds := transcripts()
		replay(texts[0], cmds[0])

		rerun := exec.Command(bin, "run", "--artifacts", filepath.Join(project, "results"), "flows")
		rerun.Dir, rerun.Env = project, env
		out, err := rerun.CombinedOutput()
		Expect(err).NotTo(HaveOccurred(), "the exported flow replays green:\n%s", out)
	})

	It("prints what the other transcripts say, each in a session of its own", func() {
		DeferCleanup(func() { run("smokeflow close") }) // when a replay fails
		texts, cmds := transcripts()
		Expect(texts).To(HaveLen(3), "docs/agents.md has the sign-in transcript, the one of the page's life and the one of what a page keeps")
		for i := 1; i < len(texts); i++ {
			replay(texts[i], cmds[i])
			run("smokeflow close")
		}
	})
})
