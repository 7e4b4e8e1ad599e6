package agent

import (
	"fmt"
	"slices"
	"strings"
)

// Word is one of the fixed words a verb takes before its other arguments:
// `tab switch`, `get url`, `dialog accept`, `storage local` (docs/agents.md
// "Verbs"). The words of a verb are said once, in its Grammar: the
// engine's parser, the shell's usage and argument checks, the messages
// that say the fix and the MCP tools' enums all read them there
// (docs/agents.md "One grammar").
type Word string

// The words of get, tab, dialog, cookies, storage and state.
const (
	GetText  Word = "text"
	GetValue Word = "value"
	GetURL   Word = "url"
	GetTitle Word = "title"
	GetAttr  Word = "attr"

	TabList   Word = "list"
	TabNew    Word = "new"
	TabSwitch Word = "switch"
	TabClose  Word = "close"

	DialogAccept  Word = "accept"
	DialogDismiss Word = "dismiss"

	// cookies and storage: what to do with them
	StoreGet   Word = "get"
	StoreSet   Word = "set"
	StoreClear Word = "clear"

	// storage: which of the tab's storages
	StorageLocal   Word = "local"
	StorageSession Word = "session"

	StateSave Word = "save"
	StateLoad Word = "load"
)

// Form is one form of a verb: its word, and the arguments that follow it
// as the usage names them, an optional one in brackets ("[N]").
type Form struct {
	Word Word
	Args []string
	// Rest: the last argument takes the rest of the line, as a target
	// does (docs/agents.md "Verbs", "Arguments").
	Rest bool
	// Flags are the flags of this form, for its usage only.
	Flags string
}

// bounds are how many arguments may follow the form's word; max < 0: no
// limit.
func (f Form) bounds() (min, max int) {
	for _, a := range f.Args {
		if !strings.HasPrefix(a, "[") {
			min++
		}
	}
	if f.Rest {
		return min, -1
	}
	return min, len(f.Args)
}

// Grammar is the words of one verb, in the order its usage shows them.
type Grammar struct {
	Verb Verb
	// Areas are the words before the form, when the verb takes one
	// (storage: local or session).
	Areas []Word
	Forms []Form
	// Default is the form a command that gives none runs ("": one is
	// required).
	Default Word
}

// The grammars (docs/agents.md "Verbs").
var (
	GetGrammar = Grammar{Verb: VerbGet, Forms: []Form{
		{Word: GetText, Args: []string{"TARGET"}, Rest: true},
		{Word: GetValue, Args: []string{"TARGET"}, Rest: true},
		{Word: GetURL}, {Word: GetTitle},
		{Word: GetAttr, Args: []string{"TARGET", "NAME"}},
	}}
	TabGrammar = Grammar{Verb: VerbTab, Default: TabList, Forms: []Form{
		{Word: TabList}, {Word: TabNew, Args: []string{"URL"}},
		{Word: TabSwitch, Args: []string{"N"}}, {Word: TabClose, Args: []string{"[N]"}},
	}}
	DialogGrammar = Grammar{Verb: VerbDialog, Forms: []Form{
		{Word: DialogAccept, Args: []string{"[TEXT]"}, Rest: true}, {Word: DialogDismiss},
	}}
	CookiesGrammar = Grammar{Verb: VerbCookies, Default: StoreGet, Forms: []Form{
		{Word: StoreGet, Args: []string{"[NAME]"}},
		{Word: StoreSet, Args: []string{"NAME", "VALUE"}, Flags: "[--domain D] [--path P]"},
		{Word: StoreClear},
	}}
	StorageGrammar = Grammar{Verb: VerbStorage, Areas: []Word{StorageLocal, StorageSession}, Default: StoreGet, Forms: []Form{
		{Word: StoreGet, Args: []string{"[KEY]"}}, {Word: StoreSet, Args: []string{"KEY", "VALUE"}}, {Word: StoreClear},
	}}
	StateGrammar = Grammar{Verb: VerbState, Forms: []Form{
		{Word: StateSave, Args: []string{"FILE"}}, {Word: StateLoad, Args: []string{"FILE"}},
	}}
)

// Grammars are the grammars of the verbs that take words, by verb.
func Grammars() map[Verb]Grammar {
	out := map[Verb]Grammar{}
	for _, g := range []Grammar{GetGrammar, TabGrammar, DialogGrammar, CookiesGrammar, StorageGrammar, StateGrammar} {
		out[g.Verb] = g
	}
	return out
}

// Words are the forms' words, in order, as strings: an enum's.
func (g Grammar) Words() []string { return wordStrings(g.forms()) }

// AreaWords are the areas' words, in order, as strings.
func (g Grammar) AreaWords() []string { return wordStrings(g.Areas) }

func (g Grammar) forms() []Word {
	var out []Word
	for _, f := range g.Forms {
		out = append(out, f.Word)
	}
	return out
}

func wordStrings(ws []Word) []string {
	var out []string
	for _, w := range ws {
		out = append(out, string(w))
	}
	return out
}

// groups are the forms, those next to each other with the same arguments
// joined: "text|value TARGET"; with their flags when flags is set.
func (g Grammar) groups(flags bool) []string {
	var out []string
	for i := 0; i < len(g.Forms); {
		f, words := g.Forms[i], []string{string(g.Forms[i].Word)}
		for i++; i < len(g.Forms) && slices.Equal(g.Forms[i].Args, f.Args) && g.Forms[i].Flags == f.Flags && g.Forms[i].Word != g.Default && f.Word != g.Default; i++ {
			words = append(words, string(g.Forms[i].Word))
		}
		s := strings.Join(append([]string{strings.Join(words, "|")}, f.Args...), " ")
		if flags && f.Flags != "" {
			s += " " + f.Flags
		}
		out = append(out, s)
	}
	return out
}

// Synopsis is the verb's arguments on one line, as the shell's usage
// shows them after the verb: "[list|new URL|switch N|close [N]]".
func (g Grammar) Synopsis() string {
	s := strings.Join(g.groups(false), "|")
	if g.Default != "" {
		s = "[" + s + "]"
	}
	if len(g.Areas) > 0 {
		s = strings.Join(g.AreaWords(), "|") + " " + s
	}
	return s
}

// Usage is every form of the verb in full, with its flags, for a message
// that says the fix: "tab [list], tab new URL, tab switch N, tab close
// [N]".
func (g Grammar) Usage() string { return strings.Join(g.Usages(), ", ") }

// Usages are the forms of Usage, one each; docs/agents.md's table of the
// verbs shows each.
func (g Grammar) Usages() []string {
	head := string(g.Verb)
	if len(g.Areas) > 0 {
		head += " " + strings.Join(g.AreaWords(), "|")
	}
	var out []string
	for _, s := range g.groups(true) {
		if g.Default != "" && strings.HasPrefix(s+" ", string(g.Default)+" ") {
			s = "[" + s + "]"
		}
		out = append(out, head+" "+s)
	}
	return out
}

// Parsed is a command's arguments as its verb's grammar reads them: the
// area, the form, and the arguments after the form's word (the last one
// the rest of the line, for a form that takes it).
type Parsed struct {
	Area Word
	Form Form
	Args []string
}

// WordError is a word the verb does not take, or none where it takes one.
type WordError struct {
	Grammar Grammar
	Got     string // "": no word
	Want    []string
	// Before is how many arguments came before the word (storage's area).
	Before int
}

func (e *WordError) Error() string {
	if e.Got == "" {
		return fmt.Sprintf("say which: %s; %s", strings.Join(e.Want, ", "), e.Grammar.Usage())
	}
	return fmt.Sprintf("%q is not one of %s; %s", e.Got, strings.Join(e.Want, ", "), e.Grammar.Usage())
}

// ArgsError is a form given too few or too many arguments.
type ArgsError struct {
	Grammar Grammar
	Form    Form
	// Before is how many arguments came before the ones counted: the
	// form's word, and storage's area.
	Before, Min, Max int
}

func (e *ArgsError) Error() string {
	return fmt.Sprintf("%s takes %s; %s", e.Form.Word, argNames(e.Form), e.Grammar.Usage())
}

func argNames(f Form) string {
	if len(f.Args) == 0 {
		return "nothing after it"
	}
	return strings.Join(f.Args, " ")
}

// Parse reads args by the grammar: a *WordError for a word it does not
// take, an *ArgsError for a form given the wrong number of arguments.
func (g Grammar) Parse(args []string) (Parsed, error) {
	var p Parsed
	before := 0
	if len(g.Areas) > 0 {
		if len(args) == 0 || !slices.Contains(g.Areas, Word(args[0])) {
			return p, &WordError{Grammar: g, Got: first(args), Want: g.AreaWords()}
		}
		p.Area, args, before = Word(args[0]), args[1:], 1
	}
	word, at := g.Default, before
	if len(args) > 0 {
		word, args = Word(args[0]), args[1:]
		before++
	} else if word == "" {
		return p, &WordError{Grammar: g, Want: g.Words(), Before: at}
	}
	i := slices.IndexFunc(g.Forms, func(f Form) bool { return f.Word == word })
	if i < 0 {
		return p, &WordError{Grammar: g, Got: string(word), Want: g.Words(), Before: at}
	}
	p.Form = g.Forms[i]
	min, max := p.Form.bounds()
	if len(args) < min || max >= 0 && len(args) > max {
		return p, &ArgsError{Grammar: g, Form: p.Form, Before: before, Min: min, Max: max}
	}
	if p.Form.Rest && len(args) > len(p.Form.Args) {
		n := len(p.Form.Args) - 1
		args = append(args[:n:n], joinArgs(args[n:]))
	}
	p.Args = args
	return p, nil
}

func first(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}
