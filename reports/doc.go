// Package reports turns a finished run (results/) into the report
// files of docs/results.md: JUnit XML, Markdown and JSON, plus GitHub
// Actions annotations and the step summary. It reads only the results
// model and writes text; it never drives a browser.
//
// Every text that came from a flow or a page is cleaned before it is
// written: terminal escape sequences and the characters XML 1.0 forbids
// are dropped, and each format escapes the rest its own way.
package reports
