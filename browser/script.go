package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/go-rod/rod/lib/cdp"
	"github.com/go-rod/rod/lib/proto"
)

// The two forms of an `eval` step's code (docs/flows.md "eval"). Each
// wrapper puts the code on a line of its own, so that line N of the code
// is line N of the evaluated script (0-based, the wrapper is line 0) and a
// `//` comment on the code's last line ends before the wrapper closes. An
// expression's value is awaited, not returned: returning a promise from
// an async function calls its `then`, which the page may have replaced,
// and awaiting one does not.
const (
	exprOpen  = "(async () => await (\n"
	exprClose = "\n))"
	bodyOpen  = "(async () => {\n"
	bodyClose = "\n})"
)

// jsonResultJS calls the wrapped code (%s), awaits it and returns its
// JSON text (undefined stays undefined: no result).
const jsonResultJS = `(async () => { const v = await %s();
try { return JSON.stringify(v) } catch (e) { throw new Error("the result cannot be written as JSON: " + e.message) } })()`

// valueResultJS calls the wrapped code (%s) and awaits it: its value is
// returned by value, copied by the browser itself. It serves a page that
// replaced JSON.stringify (docs/flows.md "eval").
const valueResultJS = `(async () => await %s())()`

// nativeStringify is how the browser describes its own JSON.stringify;
// nativeGroup holds the handle of the one nativeJSON looks at.
const (
	nativeStringify = "function stringify() { [native code] }"
	nativeGroup     = "smokeflow-native"
)

// RunScript runs the code of an `eval` step in the main frame, in the
// page's own world, and returns its JSON result, decoded (nil for
// undefined or null). The code is an expression when it compiles as one,
// or else the body of an async function; either way a promise is awaited.
// The result is what JSON.stringify makes of it, or, when the page
// replaced JSON.stringify, the browser's own copy of the value
// (docs/flows.md "eval").
func (p *Page) RunScript(ctx context.Context, code string) (any, error) {
	defer p.input()() // the script may have changed anything (reuse.go)
	fn, err := p.scriptForm(ctx, code)
	if err != nil {
		return nil, err
	}
	native, err := p.nativeJSON(ctx)
	if err != nil {
		return nil, err
	}
	expr := fmt.Sprintf(jsonResultJS, fn)
	if !native {
		expr = fmt.Sprintf(valueResultJS, fn)
	}
	r, err := proto.RuntimeEvaluate{Expression: expr, ReturnByValue: true,
		AwaitPromise: true, UserGesture: true}.Call(p.main.Client(ctx))
	var ce *cdp.Error
	if !native && errors.As(err, &ce) {
		// the browser could not copy the value (a cycle, a window)
		return nil, &ScriptError{Msg: "the result cannot be written as JSON: " + ce.Message}
	}
	if err != nil {
		return nil, err
	}
	if r.ExceptionDetails != nil {
		return nil, scriptError(r.ExceptionDetails, strings.Count(code, "\n")+1)
	}
	text := r.Result.Value.Str()
	switch {
	case r.Result.Type == proto.RuntimeRemoteObjectTypeUndefined:
		return nil, nil
	case !native:
		text = r.Result.Value.JSON("", "")
	case r.Result.Type != proto.RuntimeRemoteObjectTypeString:
		return nil, nil // undefined
	}
	var v any
	if err := json.Unmarshal([]byte(text), &v); err != nil {
		return nil, fmt.Errorf("reading the script's JSON result: %w", err)
	}
	return v, nil
}

// nativeJSON reports whether the page's JSON.stringify is still the
// browser's own, by the browser's description of it (which no script of
// the page runs to make).
func (p *Page) nativeJSON(ctx context.Context) (bool, error) {
	c := p.main.Client(ctx)
	r, err := proto.RuntimeEvaluate{Expression: "JSON.stringify", Silent: true, ObjectGroup: nativeGroup}.Call(c)
	if err != nil {
		return false, err
	}
	if err := (proto.RuntimeReleaseObjectGroup{ObjectGroup: nativeGroup}).Call(c); err != nil {
		return false, err
	}
	return r.ExceptionDetails == nil && r.Result.Type == proto.RuntimeRemoteObjectTypeFunction &&
		r.Result.Description == nativeStringify, nil
}

// scriptForm wraps code as an async arrow function: an expression when
// it compiles as one (so `{a: 1}` is an object, not a block), or else a
// function body. Compiling runs nothing.
func (p *Page) scriptForm(ctx context.Context, code string) (string, error) {
	expr := exprOpen + code + exprClose
	r, err := proto.RuntimeCompileScript{Expression: expr, PersistScript: false}.Call(p.main.Client(ctx))
	if err != nil {
		return "", err
	}
	if r.ExceptionDetails == nil {
		return expr, nil
	}
	return bodyOpen + code + bodyClose, nil
}

// scriptError turns a thrown error, a rejected promise or a syntax error
// into the JavaScript message and, when the code has several lines, the
// line of the code it comes from.
func scriptError(d *proto.RuntimeExceptionDetails, lines int) *ScriptError {
	e := &ScriptError{Msg: exceptionMessage(d)}
	line := -1
	switch {
	case d.StackTrace != nil && len(d.StackTrace.CallFrames) > 0:
		if f := d.StackTrace.CallFrames[0]; f.URL == "" {
			line = f.LineNumber
		}
	case d.Exception != nil && d.Exception.ClassName == "SyntaxError":
		line = d.LineNumber
	}
	if lines > 1 && line >= 1 && line <= lines {
		e.Line = line
	}
	return e
}

// exceptionMessage is what was thrown: an Error's message without its
// stack ("TypeError: x is null"), or a thrown value as JSON ("plain",
// 42).
func exceptionMessage(d *proto.RuntimeExceptionDetails) string {
	x := d.Exception
	if x == nil {
		return d.Text
	}
	if x.Type == proto.RuntimeRemoteObjectTypeObject && x.Description != "" {
		var keep []string
		for _, l := range strings.Split(x.Description, "\n") {
			if strings.HasPrefix(strings.TrimSpace(l), "at ") && strings.HasPrefix(l, "    ") {
				break
			}
			keep = append(keep, l)
		}
		return strings.Join(keep, "\n")
	}
	if x.UnserializableValue != "" {
		return string(x.UnserializableValue)
	}
	return x.Value.JSON("", "")
}
