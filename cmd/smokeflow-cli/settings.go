package main

import (
	"errors"
	"strings"

	"github.com/smokeflow/smokeflow/flows"
)

// settingFlags is how the command line sets each run setting that an
// error may name (docs/cli.md "Errors"): library messages name settings
// in words, and the command line adds its flags.
var settingFlags = map[flows.Setting]string{
	flows.SettingBrowser:   "--browser PATH",
	flows.SettingCDP:       "--cdp HOST:PORT",
	flows.SettingBaseURL:   "--base-url URL",
	flows.SettingVar:       "--var NAME=VALUE",
	flows.SettingArtifacts: "--artifacts DIR",
}

// flagsFor names the flags of settings, "" for none.
func flagsFor(settings []flows.Setting) string {
	var out []string
	for _, s := range settings {
		if f := settingFlags[s]; f != "" {
			out = append(out, f)
		}
	}
	return strings.Join(out, " or ")
}

// errorLine is a flow file problem with the flag that fixes it, if any.
func errorLine(e *flows.Error) string {
	if f := flagsFor(e.Settings()); f != "" {
		return e.Error() + " (" + f + ")"
	}
	return e.Error()
}

// describe renders an error for the terminal: each flow file problem on
// its line with its flag, and for any other error the flags of the
// settings that fix it.
func describe(err error) string {
	if fe, ok := err.(flows.Errors); ok {
		lines := make([]string, len(fe))
		for i, e := range fe {
			lines[i] = errorLine(e)
		}
		return strings.Join(lines, "\n")
	}
	var fx flows.Fixable
	if errors.As(err, &fx) {
		if f := flagsFor(fx.Settings()); f != "" {
			return err.Error() + "\nflags: " + f
		}
	}
	return err.Error()
}
