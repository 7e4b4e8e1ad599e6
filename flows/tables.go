package flows

// The tables below are the single description of the flow language's keys:
// the parser takes its accepted keys from them, Schema() is generated from
// them and the tests check that docs/flows.md mentions all of them.

// kind is the type of a value, for the parser's checks and the schema.
type kind int

const (
	kNone      kind = iota
	kString         // a string, interpolated at run time (numbers and booleans are taken as text)
	kText           // a literal string (not interpolated)
	kIdent          // a variable name
	kBool           // true or false
	kTrue           // true
	kInt            // a whole number
	kDuration       // Go duration or whole milliseconds
	kCond           // an expression that yields a bool
	kValueExpr      // an expression of any type
	kTarget         // TARGET: a string or a target map
	kSteps          // a list of steps
	kStrings        // a list of strings, or one string
	kEnum           // one of Enum
	kEnums          // a list of values of Enum, or one of them
	kMatch          // {equals|contains|matches: "..."}
	kVars           // a map of variable names to values
	kViewport       // {width, height}
	kScalar         // a string or a number
	kPath           // a file path, relative to the flow file (not interpolated)
	kPaths          // a list of file paths, or one path
	kNull           // nothing
	kHeaders        // a map of HTTP header names to strings
	kAny            // any YAML value
	kObject         // a map of Fields
	kTab            // previous, or a whole number ≥ 0
	kRatio          // a number from 0 to 1
	kTargets        // a list of TARGETs, or one TARGET
	kData           // a data file path, or a list of maps of column names to scalars
	kTrueOr         // true, or a map of Fields
	kRoutes         // a list of route rules, or {har, unmatched}
	kOffset         // a number of CSS pixels, 0 or more
	kDropPoint      // a TARGET, or {target: TARGET, x: N, y: N}
	kNumber         // a number
	kDevice         // a name of the device table, any case
	kIntOr          // a whole number ≥ 0, or a map of Fields
	kDate           // a date YYYY-MM-DD
)

// field is one key of a map.
type field struct {
	Key      string
	Kind     kind
	Enum     []string
	Required bool
	Doc      string
	// Fields are the keys of a kObject value.
	Fields []field
}

// actionSpec is one step action: its name, the type that parses, checks
// and writes its argument (New makes an empty one), and the forms of its
// argument (docs/architecture-notes.md "Step actions").
type actionSpec struct {
	Name ActionName
	New  func() Action
	Doc  string
	// Null: the action may be written with no argument (`- snapshot`).
	Null bool
	// Scalar is the kind of the argument's scalar form (kNone: no scalar form).
	Scalar kind
	// ScalarDoc describes the scalar form.
	ScalarDoc string
	// ScalarEnum are the words of a kEnum scalar form.
	ScalarEnum []string
	// TargetMap: the argument may be a target map directly.
	TargetMap bool
	// Args are the keys of the argument's map form (nil: no map form).
	Args []field
	// List: the argument may also be a list of Args maps.
	List bool
}

var (
	openWaits   = []string{"load", "domcontentloaded", "networkidle"}
	buttons     = []string{"left", "right", "middle"}
	scrollTos   = []string{"top", "bottom"}
	httpMethods = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}
)

var flowFields = []field{
	{Key: "name", Kind: kText, Required: true, Doc: "The flow's name: its test case in reports. Required, unique within a run. Literal text (not interpolated)."},
	{Key: "description", Kind: kText, Doc: "Free text about the flow. Literal text (not interpolated)."},
	{Key: "tags", Kind: kStrings, Doc: "Tags for `smokeflow run --tags smoke,!slow`. Literal words without spaces, commas or a leading `!`."},
	{Key: "base_url", Kind: kString, Doc: "The URL that `open: /path` joins, scheme included: `http://localhost:4000`. `--base-url` overrides it."},
	{Key: "vars", Kind: kVars, Doc: "Variables, `${vars.NAME}` in strings and `vars.NAME` in expressions. `--var NAME=VALUE` overrides them. A value may use earlier variables, `${env.NAME}` and `${secrets.NAME}`."},
	{Key: "secrets", Kind: kStrings, Doc: "Names of environment variables holding secrets, `${secrets.NAME}`. A name missing from the environment is an error for `run` (a warning for `validate` unless `--strict`). Their values are masked (•••) in every output."},
	{Key: "timeout", Kind: kDuration, Doc: "Time limit of the whole flow (default 60s)."},
	{Key: "step_timeout", Kind: kDuration, Doc: "Time limit of each step (default 10s); a step's own `timeout` overrides it."},
	{Key: "viewport", Kind: kViewport, Doc: "The page size in CSS pixels."},
	{Key: "device", Kind: kDevice, Doc: "A device to emulate, by name (any case): its viewport, device pixel ratio, touch, mobile viewport and user agent; `viewport:` overrides its size. `--device` overrides it. The names are in docs/flows.md \"Devices and places\"."},
	{Key: "locale", Kind: kText, Doc: "The browser's language, a BCP 47 tag such as fr-FR: navigator.language(s), the Accept-Language header and Intl's default locale. `--locale` overrides it."},
	{Key: "timezone", Kind: kText, Doc: "The time zone, an IANA name such as Europe/Paris: Date and Intl."},
	{Key: "geolocation", Kind: kObject, Fields: geolocationFields, Doc: "The position navigator.geolocation gives, with the geolocation permission granted."},
	{Key: "color_scheme", Kind: kEnum, Enum: []string{ColorLight, ColorDark}, Doc: "The `prefers-color-scheme` media feature: light or dark."},
	{Key: "reduced_motion", Kind: kBool, Doc: "When true, the `prefers-reduced-motion: reduce` media feature matches."},
	{Key: "permissions", Kind: kEnums, Enum: PermissionNames(), Doc: "Permissions granted to every origin, such as notifications or clipboard-read."},
	{Key: "clock", Kind: kObject, Fields: clockFields, Doc: "The page's Date: `{fixed: TIME}` stays at TIME (timers still run), `{start: TIME}` starts at TIME and runs on. TIME is RFC 3339: 2024-02-29T10:00:00Z."},
	{Key: "allowed_domains", Kind: kStrings, Doc: "The only hosts the browser may load from while the flow runs: `example.com`, `*.example.com` (its subdomains), `localhost:4000` (that port alone). Every other request, frame, worker, WebSocket and tab is blocked and logged. Literal (not interpolated)."},
	{Key: "state", Kind: kPath, Doc: "A saved state file (cookies and localStorage), relative to this one, loaded before the first step. A sealed file needs SMOKEFLOW_STATE_KEY."},
	{Key: "setup_flows", Kind: kPaths, Doc: "Flow files, relative to this one, that a run runs once before the flows that name them; this flow starts from their state (cookies and localStorage). If one fails, this flow fails without running."},
	{Key: "routes", Kind: kRoutes, Doc: "Mocked network: a list of rules `{url: GLOB|/regex/, method, status, json|body|file, headers, delay, abort}`, the first that matches a request answers it, unmatched requests go to the network; or `{har: PATH, unmatched: fail|pass}` to answer from a recorded HAR."},
	{Key: "har", Kind: kObject, Fields: harRecordFields, Doc: "`{record: PATH}`: the run's traffic is written there as HAR 1.2 (bodies of text types), relative to this file."},
	{Key: "setup", Kind: kSteps, Doc: "Steps run first; a failure fails the flow and its steps are skipped."},
	{Key: "steps", Kind: kSteps, Required: true, Doc: "The flow's steps. Required, not empty."},
	{Key: "teardown", Kind: kSteps, Doc: "Steps that always run last, after success or failure."},
	{Key: "skip", Kind: kText, Doc: "A reason to skip the flow: it is reported as skipped, with the reason, and not run. Literal text."},
	{Key: "ignore_requests", Kind: kStrings, Doc: "Request URLs every `no_failed_requests` check of the flow leaves out, and its failure diagnostics: fonts, analytics, beacons a closed network cannot reach. Each a GLOB (`**/*.woff2`, `https://*.example.com/**`: `**` any characters, `*` any but `/`) matched against the whole URL, or a `/regex/flags` searched in it. Literal (not interpolated)."},
	{Key: "only", Kind: kBool, Doc: "When true, a run that selects this flow runs only the flows marked `only: true`. `--forbid-only` makes it an error."},
	{Key: "data", Kind: kData, Doc: "Rows to run the flow once each, every row its own result named `NAME [KEY]`: a CSV file (first line: the column names), a YAML file holding a list of maps, or that list written here. Files are relative to this one. `${row.COLUMN}` in strings, `row.COLUMN` in expressions."},
	{Key: "quarantine", Kind: kObject, Fields: quarantineFields, Doc: "The flow runs, is reported and recorded, but its failure does not fail the run (exit code) until the day after `until`; reports list it apart. All three keys are required. `validate` warns once it has expired."},
	{Key: "retries", Kind: kIntOr, Fields: retriesFields, Doc: "How often a failed flow runs again: a whole number, or `{count: 2, on: [navigation, browser], backoff: 2s}` to retry only failures of those reasons, waiting `backoff` before the first retry and twice as long before each next one. `--retries` overrides the count."},
	{Key: "key", Kind: kText, Doc: "The column of `data:` whose value names each row's result (default: the first column). Keys must differ."},
}

// quarantineFields are the keys of `quarantine:` (docs/flows.md "Quarantine").
var quarantineFields = []field{
	{Key: "owner", Kind: kText, Required: true, Doc: "Who answers for the flow while it is quarantined: a name, a team, a handle."},
	{Key: "until", Kind: kDate, Required: true, Doc: "The last day (YYYY-MM-DD, the run's time zone) the flow's failure does not fail the run."},
	{Key: "reason", Kind: kText, Required: true, Doc: "Why the flow is quarantined: a ticket, what is known."},
}

// retriesFields are the keys of `retries:` as a map (docs/flows.md "Retries").
var retriesFields = []field{
	{Key: "count", Kind: kInt, Required: true, Doc: "How often a failed flow runs again."},
	{Key: "on", Kind: kEnums, Enum: failureClasses(), Doc: "Only failures of these reasons are retried (docs/results.md \"Reasons\"); default: any."},
	{Key: "backoff", Kind: kDuration, Doc: "The wait before the first retry, doubled before each next one."},
}

// routeFields are the keys of a route rule (docs/flows.md "Routes").
var routeFields = []field{
	{Key: "url", Kind: kString, Required: true, Doc: "The requests' URL: a glob matched against the whole URL (`**` any characters, `*` any but /; a glob starting with / is joined to base_url) or `/regex/flags`."},
	{Key: "method", Kind: kEnum, Enum: httpMethods, Doc: "Only requests of this method (default: any)."},
	{Key: "status", Kind: kInt, Doc: "The answer's HTTP status (default 200)."},
	{Key: "json", Kind: kAny, Doc: "Answers this value as JSON (Content-Type application/json unless headers give one)."},
	{Key: "body", Kind: kString, Doc: "Answers this text (Content-Type text/plain unless headers give one)."},
	{Key: "file", Kind: kPath, Doc: "Answers this file, relative to the flow file; Content-Type from its extension unless headers give one."},
	{Key: "headers", Kind: kHeaders, Doc: "Response headers: names to values."},
	{Key: "delay", Kind: kDuration, Doc: "Waits this long before answering (or before letting the request go on)."},
	{Key: "abort", Kind: kTrue, Doc: "Fails the request as a network error (not with status, json, body, file or headers)."},
}

var harReplayFields = []field{
	{Key: "har", Kind: kPath, Required: true, Doc: "The HAR file to answer from, relative to the flow file: by method and URL, then by request body when several entries match."},
	{Key: "unmatched", Kind: kEnum, Enum: routeUnmatched, Doc: "A request the HAR has no entry for: fail (default) fails it and the step log names it; pass lets it go to the network."},
}

var harRecordFields = []field{
	{Key: "record", Kind: kPath, Required: true, Doc: "The HAR file to write, relative to the flow file."},
}

var viewportFields = []field{
	{Key: "width", Kind: kInt, Required: true, Doc: "Width in CSS pixels."},
	{Key: "height", Kind: kInt, Required: true, Doc: "Height in CSS pixels."},
}

var geolocationFields = []field{
	{Key: "latitude", Kind: kNumber, Required: true, Doc: "Degrees, from -90 to 90."},
	{Key: "longitude", Kind: kNumber, Required: true, Doc: "Degrees, from -180 to 180."},
	{Key: "accuracy", Kind: kNumber, Doc: "Metres (default 0)."},
}

var clockFields = []field{
	{Key: "fixed", Kind: kText, Doc: "An RFC 3339 time the page's Date stays at."},
	{Key: "start", Kind: kText, Doc: "An RFC 3339 time the page's Date starts at and runs on from."},
}

var commonStepFields = []field{
	{Key: "name", Kind: kString, Doc: "A label for the step in reports."},
	{Key: "if", Kind: kCond, Doc: "An expression; the step is skipped unless it is true."},
	{Key: "timeout", Kind: kDuration, Doc: "Time limit of this step; overrides the flow's step_timeout."},
	{Key: "optional", Kind: kBool, Doc: "When true a failure is recorded as a warning and the flow goes on."},
	{Key: "retry", Kind: kInt, Doc: "How many more times the step is tried after it fails (default 0)."},
	{Key: "soft", Kind: kBool, Doc: "On `expect` and `assert`: when true a failure is recorded with its diagnostics, the flow goes on, and fails at its end listing every soft failure."},
}

var targetFields = []field{
	{Key: "ref", Kind: kString, Doc: "A ref from the latest snapshot, `e6` or `@e6`."},
	{Key: "phrase", Kind: kString, Doc: "A phrase that climbs the ladder (role → label → placeholder → text), as the string form does."},
	{Key: "role", Kind: kString, Doc: "An ARIA role: button, link, textbox, checkbox, …"},
	{Key: "name", Kind: kString, Doc: "The accessible name: case-insensitive substring (whole string with `exact`), or `/regex/flags`."},
	{Key: "label", Kind: kString, Doc: "A form field by its label text."},
	{Key: "placeholder", Kind: kString, Doc: "A field by its placeholder."},
	{Key: "text", Kind: kString, Doc: "An element by its text."},
	{Key: "testid", Kind: kString, Doc: "An element by its `data-testid` attribute."},
	{Key: "css", Kind: kString, Doc: "A CSS selector."},
	{Key: "has_text", Kind: kString, Doc: "Keeps only elements whose rendered text contains this, ignoring case."},
	{Key: "nth", Kind: kInt, Doc: "Picks the match with this 0-based index when several are equal."},
	{Key: "exact", Kind: kBool, Doc: "When true, names and texts must match the whole string."},
	{Key: "within", Kind: kTarget, Doc: "Looks only inside this TARGET."},
}

var matchFields = []field{
	{Key: "equals", Kind: kString, Doc: "The whole string equals this."},
	{Key: "contains", Kind: kString, Doc: "The string contains this."},
	{Key: "matches", Kind: kString, Doc: "The string matches this regular expression (Go syntax, or `/re/flags`)."},
}

// expectKinds are the kinds of `expect`, each with the kind of its value.
var expectKinds = []field{
	{Key: ExpectVisible, Kind: kTarget, Doc: "At least one match of TARGET is visible."},
	{Key: ExpectHidden, Kind: kTarget, Doc: "No match of TARGET is visible (absent or hidden)."},
	{Key: ExpectText, Kind: kTarget, Doc: "The text of TARGET, with `equals`, `contains` or `matches`."},
	{Key: ExpectValue, Kind: kTarget, Doc: "The value of the field TARGET, with `equals`, `contains` or `matches`."},
	{Key: ExpectURL, Kind: kMatch, Doc: "The page URL: `{equals|contains|matches: ...}`."},
	{Key: ExpectTitle, Kind: kMatch, Doc: "The page title: `{equals|contains|matches: ...}`."},
	{Key: ExpectCount, Kind: kTarget, Doc: "The number of matches of TARGET, with `equals`, `min` and/or `max`."},
	{Key: ExpectEnabled, Kind: kTarget, Doc: "TARGET is enabled."},
	{Key: ExpectDisabled, Kind: kTarget, Doc: "TARGET is disabled."},
	{Key: ExpectChecked, Kind: kTarget, Doc: "TARGET is checked."},
	{Key: ExpectUnchecked, Kind: kTarget, Doc: "TARGET is not checked."},
	{Key: ExpectNoConsoleErrors, Kind: kTrue, Doc: "No console.error and no uncaught exception so far."},
	{Key: ExpectNoFailedRequests, Kind: kTrueOr, Fields: noFailedFields, Doc: "No network error and no 4xx/5xx response so far, the flow's `ignore_requests` aside: `true`, or `{ignore: [GLOB|/regex/…]}` to leave out more."},
	{Key: ExpectDialog, Kind: kMatch, Doc: "The message of the last native dialog (alert, confirm, prompt, beforeunload): `{equals|contains|matches: ...}`."},
	{Key: ExpectDownload, Kind: kObject, Fields: downloadFields, Doc: "The last download, once complete: `{name: {equals|contains|matches: ...}}`."},
	{Key: ExpectScreenshot, Kind: kText, Doc: "The page (or `target`) looks as its baseline `FLOW.baselines/NAME.png` does, within `max_diff_ratio`, `mask` painted over. NAME is a file name."},
	{Key: ExpectVitals, Kind: kObject, Fields: vitalFields, Doc: "Budgets on the page's web vitals so far, each `{below: N|DURATION}`: lcp, fcp, ttfb, inp, load (durations with a unit: 2.5s, 200ms) and cls (a plain number). A figure not there yet is waited for."},
	{Key: ExpectSnapshot, Kind: kText, Doc: "The page's snapshot reads as its baseline `FLOW.baselines/NAME.txt` does, refs aside. NAME is a file name."},
	{Key: ExpectA11y, Kind: kObject, Fields: a11yFields, Doc: "axe-core finds no violation at `impact` or worse (default serious) on the page, or within `target`; with `baseline`, none that its baseline `FLOW.baselines/NAME.a11y.txt` does not list. `{}` for the defaults."},
}

// noFailedFields are the keys of `expect: {no_failed_requests: {...}}`.
var noFailedFields = []field{
	{Key: "ignore", Kind: kStrings, Required: true, Doc: "Request URLs this check leaves out, each a GLOB (`**/*.woff2`: `**` any characters, `*` any but `/`) matched against the whole URL or a `/regex/flags` searched in it."},
}

// vitalFields are the figures of `expect: {vitals: {...}}`, each with its
// budget (docs/flows.md "Web vitals").
var vitalFields = []field{
	{Key: string(VitalLCP), Kind: kObject, Fields: durationBudget, Doc: "Largest contentful paint: when the largest image or text block was painted."},
	{Key: string(VitalCLS), Kind: kObject, Fields: scoreBudget, Doc: "Cumulative layout shift: the worst session window of shifts without recent input, a plain number."},
	{Key: string(VitalINP), Kind: kObject, Fields: durationBudget, Doc: "Interaction to next paint: the slowest click, tap or key press so far (one left out per 50)."},
	{Key: string(VitalTTFB), Kind: kObject, Fields: durationBudget, Doc: "Time to first byte: the main document's responseStart."},
	{Key: string(VitalFCP), Kind: kObject, Fields: durationBudget, Doc: "First contentful paint."},
	{Key: string(VitalLoad), Kind: kObject, Fields: durationBudget, Doc: "The end of the load event (loadEventEnd)."},
}

var (
	durationBudget = []field{{Key: "below", Kind: kDuration, Required: true, Doc: "The budget, a duration with its unit: 2.5s, 200ms."}}
	scoreBudget    = []field{{Key: "below", Kind: kScalar, Required: true, Doc: "The budget, a plain number: 0.1."}}
)

// downloadFields are the keys of `expect: {download: {...}}`.
var downloadFields = []field{
	{Key: "name", Kind: kMatch, Required: true, Doc: "The downloaded file's name: `{equals|contains|matches: ...}`."},
}

// TabPrevious is the `tab` argument that goes back to the tab used before.
const TabPrevious = "previous"

// expectCompanions are the keys that go with an expect kind.
var expectCompanions = []field{
	{Key: "equals", Kind: kScalar, Doc: "text, value: the whole string; count: the exact number."},
	{Key: "contains", Kind: kString, Doc: "text, value: a substring."},
	{Key: "matches", Kind: kString, Doc: "text, value: a regular expression (Go syntax, or `/re/flags`)."},
	{Key: "min", Kind: kInt, Doc: "count: at least this many."},
	{Key: "max", Kind: kInt, Doc: "count: at most this many."},
}

// screenshotCompanions are the keys that go with expect screenshot
// (docs/flows.md "Baselines"); they are expect companions too.
var screenshotCompanions = []field{
	{Key: "max_diff_ratio", Kind: kRatio, Doc: "screenshot: the share of pixels that may differ, from 0 (the default: none) to 1."},
	{Key: "mask", Kind: kTargets, Doc: "screenshot: TARGETs whose boxes are painted over in both images before they are compared (a date, an ad)."},
	{Key: "full_page", Kind: kBool, Doc: "screenshot: the whole scrollable page, not only the viewport."},
	{Key: "target", Kind: kTarget, Doc: "screenshot: only this element (TARGET)."},
}

func targetArg(required bool) field {
	return field{Key: "target", Kind: kTarget, Required: required, Doc: "The element (TARGET)."}
}

var pointerArgs = []field{
	targetArg(true),
	{Key: "button", Kind: kEnum, Enum: buttons, Doc: "The mouse button (default left)."},
	{Key: "modifiers", Kind: kEnums, Enum: modifierNames, Doc: "Keys held during the click: Alt, Control, Meta, Shift, ControlOrMeta."},
}

// dropPointFields are the keys of `drag`'s `to` with an offset
// (docs/flows.md "drag").
var dropPointFields = []field{
	{Key: "target", Kind: kTarget, Required: true, Doc: "The element dropped on (TARGET)."},
	{Key: "x", Kind: kOffset, Required: true, Doc: "CSS pixels right of the element's left edge."},
	{Key: "y", Kind: kOffset, Required: true, Doc: "CSS pixels below the element's top edge."},
}

var actions = []actionSpec{
	{Name: ActionOpen, New: func() Action { return &Open{} },
		Doc:    "Navigates to a URL, or to a path joined to base_url. A network error fails the step; the HTTP status is kept as `status`.",
		Scalar: kString, ScalarDoc: "The URL or /path.",
		Args: []field{
			{Key: "url", Kind: kString, Required: true, Doc: "The URL or /path."},
			{Key: "wait", Kind: kEnum, Enum: openWaits, Doc: "What to wait for: load (default), domcontentloaded or networkidle."},
		}},
	{Name: ActionSnapshot, New: func() Action { return &Snapshot{} },
		Doc:  "Takes an accessibility snapshot, renumbers refs and saves it as an artifact.",
		Null: true, Scalar: kString, ScalarDoc: "The artifact's name.",
		Args: []field{
			{Key: "name", Kind: kString, Doc: "The artifact's name."},
			{Key: "full", Kind: kBool, Doc: "Keeps every node, not only the interactive ones and their context."},
			{Key: "compact", Kind: kBool, Doc: "Keeps the visible text next to the interactive nodes too; not with full."},
		}},
	{Name: ActionClick, New: func() Action { return &Pointer{Act: ActionClick} },
		Doc: "Clicks TARGET after auto-wait.", Scalar: kTarget, ScalarDoc: "TARGET.", TargetMap: true, Args: pointerArgs},
	{Name: ActionDblClick, New: func() Action { return &Pointer{Act: ActionDblClick} },
		Doc: "Double-clicks TARGET after auto-wait.", Scalar: kTarget, ScalarDoc: "TARGET.", TargetMap: true, Args: pointerArgs},
	{Name: ActionHover, New: func() Action { return &Pointer{Act: ActionHover} },
		Doc: "Moves the mouse over TARGET after auto-wait.", Scalar: kTarget, ScalarDoc: "TARGET.", TargetMap: true, Args: pointerArgs},
	{Name: ActionDrag, New: func() Action { return &Drag{} },
		Doc: "Drags TARGET `from` onto `to` with the mouse: native drag and drop, or a pointer-event library's; both ends wait to be actionable, as a click's target does.",
		Args: []field{
			{Key: "from", Kind: kTarget, Required: true, Doc: "The element dragged (TARGET)."},
			{Key: "to", Kind: kDropPoint, Required: true, Doc: "Where it is dropped: TARGET (its centre), or `{target: TARGET, x: N, y: N}`, a point in CSS pixels from its top-left corner."},
		}},
	{Name: ActionFill, New: func() Action { return &Fill{} },
		Doc: "Replaces the value of the field TARGET.",
		Args: []field{
			targetArg(true),
			{Key: "value", Kind: kScalar, Required: true, Doc: "The new value (an empty string clears the field)."},
		}},
	{Name: ActionType, New: func() Action { return &TypeText{} },
		Doc: "Types text key by key into TARGET.",
		Args: []field{
			targetArg(true),
			{Key: "text", Kind: kScalar, Required: true, Doc: "The text to type."},
			{Key: "delay", Kind: kDuration, Doc: "Pause between keys (default none)."},
		}},
	{Name: ActionPress, New: func() Action { return &Press{} },
		Doc:    "Presses a key or a combination such as Control+A, on the focused element or on TARGET.",
		Scalar: kString, ScalarDoc: "The key: Enter, Tab, Control+A, …",
		Args: []field{
			targetArg(false),
			{Key: "key", Kind: kString, Required: true, Doc: "The key: Enter, Tab, Control+A, …"},
		}},
	{Name: ActionSelect, New: func() Action { return &Select{} },
		Doc: "Selects options by label or value in a native <select> or an ARIA listbox/combobox.",
		Args: []field{
			targetArg(true),
			{Key: "option", Kind: kScalar, Doc: "The option's label or value."},
			{Key: "options", Kind: kStrings, Doc: "Several options (a multiple select)."},
		}},
	{Name: ActionCheck, New: func() Action { return &Check{Act: ActionCheck} },
		Doc: "Checks a checkbox, radio or switch; does nothing when already checked.", Scalar: kTarget, ScalarDoc: "TARGET.", TargetMap: true,
		Args: []field{targetArg(true)}},
	{Name: ActionUncheck, New: func() Action { return &Check{Act: ActionUncheck} },
		Doc: "Unchecks a checkbox or switch; does nothing when already unchecked.", Scalar: kTarget, ScalarDoc: "TARGET.", TargetMap: true,
		Args: []field{targetArg(true)}},
	{Name: ActionUpload, New: func() Action { return &Upload{} },
		Doc: "Sets the files of a file input.",
		Args: []field{
			targetArg(true),
			{Key: "files", Kind: kStrings, Required: true, Doc: "File paths, relative to the flow file."},
		}},
	{Name: ActionScroll, New: func() Action { return &Scroll{} },
		Doc:    "Scrolls TARGET into view, the page to its top or bottom, or by a number of pixels.",
		Scalar: kTarget, ScalarDoc: "TARGET, or top or bottom.", TargetMap: true,
		Args: []field{
			targetArg(false),
			{Key: "to", Kind: kEnum, Enum: scrollTos, Doc: "top or bottom of the page."},
			{Key: "by", Kind: kInt, Doc: "Pixels to scroll down (negative: up)."},
		}},
	{Name: ActionWait, New: func() Action { return &Wait{} },
		Doc:    "Waits for a time, a text, an element, its absence, a URL or a load state. Prefer expect.",
		Scalar: kDuration, ScalarDoc: "A duration: 500ms, 2s.",
		Args: []field{
			{Key: "text", Kind: kString, Doc: "Until this text is visible."},
			{Key: "target", Kind: kTarget, Doc: "Until TARGET is visible."},
			{Key: "gone", Kind: kTarget, Doc: "Until no match of TARGET is visible."},
			{Key: "url", Kind: kMatch, Doc: "Until the URL matches `{equals|contains|matches: ...}`."},
			{Key: "load", Kind: kEnum, Enum: openWaits, Doc: "Until this load state: load, domcontentloaded or networkidle."},
		}},
	{Name: ActionExpect, New: func() Action { return &Expect{} },
		Doc:  "A web-first check, retried until it holds or the step times out. Exactly one kind per step.",
		Args: append(append(append([]field{}, expectKinds...), expectCompanions...), screenshotCompanions...)},
	{Name: ActionAssert, New: func() Action { return &Assert{} },
		Doc:    "An expression, retried until it is true or the step times out.",
		Scalar: kCond, ScalarDoc: "The expression.",
		Args: []field{
			{Key: "that", Kind: kCond, Required: true, Doc: "The expression."},
			{Key: "message", Kind: kString, Doc: "The failure message."},
		}},
	{Name: ActionExtract, New: func() Action { return &Extract{} },
		Doc: "Sets a variable for later steps: the text (or an attribute) of an element, or an expression's value.",
		Args: []field{
			{Key: "var", Kind: kIdent, Required: true, Doc: "The variable to set, `${vars.VAR}`."},
			{Key: "from", Kind: kTarget, Doc: "The element whose text (a field's value) is read."},
			{Key: "attr", Kind: kString, Doc: "With from: read this attribute instead of the text."},
			{Key: "expr", Kind: kValueExpr, Doc: "An expression whose value is stored."},
		}},
	{Name: ActionScreenshot, New: func() Action { return &Screenshot{} },
		Doc:    "Takes a screenshot and saves it as an artifact.",
		Scalar: kString, ScalarDoc: "The artifact's name.",
		Args: []field{
			{Key: "name", Kind: kString, Required: true, Doc: "The artifact's name."},
			{Key: "full_page", Kind: kBool, Doc: "The whole scrollable page, not only the viewport."},
			{Key: "target", Kind: kTarget, Doc: "Only this element."},
		}},
	{Name: ActionEval, New: func() Action { return &Eval{} },
		Doc:    "Runs JavaScript in the page (escape hatch): an expression, or the body of an async function with `return`; promises are awaited. Its JSON result is `${vars.result}`.",
		Scalar: kString, ScalarDoc: "The JavaScript: an expression, or a function body. Write `$${` for a literal `${`."},
	{Name: ActionRequest, New: func() Action { return &Request{} },
		Doc:    "An HTTP call made outside the page, with the browser context's cookies; `response.status`, `response.json`, `response.headers`, `response.body` and `response.url` in the steps after it. A 4xx/5xx status does not fail the step.",
		Scalar: kString, ScalarDoc: "The URL or /path, fetched with GET.",
		Args: []field{
			{Key: "method", Kind: kEnum, Enum: httpMethods, Doc: "The HTTP method: GET (default), or POST (default with body or json), HEAD, PUT, PATCH, DELETE, OPTIONS."},
			{Key: "url", Kind: kString, Required: true, Doc: "The URL, or a /path joined to base_url."},
			{Key: "headers", Kind: kHeaders, Doc: "Request headers: names to values."},
			{Key: "body", Kind: kString, Doc: "The request body as text (not with json)."},
			{Key: "json", Kind: kAny, Doc: "A value sent as JSON, with Content-Type: application/json unless headers give one (not with body)."},
		}},
	{Name: ActionRoute, New: func() Action { return &RouteStep{} },
		Doc:  "Adds route rules for the rest of the flow, before the ones already there: the latest rule that matches a request answers it.",
		Args: routeFields, List: true},
	{Name: ActionDialog, New: func() Action { return &Dialog{} },
		Doc: "How to answer the next native dialog (alert, confirm, prompt, beforeunload); without it alerts are accepted and the rest dismissed.",
		Args: []field{
			{Key: "accept", Kind: kBool, Doc: "Accept (OK) or dismiss (Cancel, or stay on the page for beforeunload); default true."},
			{Key: "text", Kind: kString, Doc: "The answer typed into a prompt (goes with accept: true)."},
		}},
	{Name: ActionTab, New: func() Action { return &Tab{} },
		Doc:    "Switches to another tab: the previous one, the Nth open one (0 is the first), or the one whose URL matches.",
		Scalar: kTab, ScalarDoc: "previous, or the number of an open tab in the order they opened (0 is the first).",
		Args: []field{
			{Key: "url", Kind: kMatch, Required: true, Doc: "The tab whose URL matches `{equals|contains|matches: ...}`; waits for it."},
		}},
	{Name: ActionNetwork, New: func() Action { return &Network{} },
		Doc:    "Switches the connection of every tab from now on: offline, online, or throttled.",
		Scalar: kEnum, ScalarDoc: "offline or online.", ScalarEnum: []string{NetworkOffline, NetworkOnline},
		Args: []field{
			{Key: "download_kbps", Kind: kInt, Doc: "Download throughput in kilobits per second (default: not limited)."},
			{Key: "upload_kbps", Kind: kInt, Doc: "Upload throughput in kilobits per second (default: not limited)."},
			{Key: "latency", Kind: kDuration, Doc: "Added latency of every request, such as 400ms."},
		}},
	{Name: ActionRun, New: func() Action { return &Run{} },
		Doc:    "Runs another flow's steps on the same page.",
		Scalar: kPath, ScalarDoc: "The flow file, relative to this one.",
		Args: []field{
			{Key: "flow", Kind: kPath, Required: true, Doc: "The flow file, relative to this one."},
			{Key: "with", Kind: kVars, Doc: "Variables for the sub-flow; they override its vars."},
		}},
	{Name: ActionGroup, New: func() Action { return &Group{} },
		Doc: "Several steps under one name, `if`, `optional` or `retry`.",
		Args: []field{
			{Key: "steps", Kind: kSteps, Required: true, Doc: "The steps."},
		}},
	{Name: ActionRepeat, New: func() Action { return &Repeat{} },
		Doc: "Repeats steps a number of times, while a condition holds or until it holds.",
		Args: []field{
			{Key: "times", Kind: kInt, Doc: "Exactly this many times."},
			{Key: "while", Kind: kCond, Doc: "While this expression is true, checked before each round."},
			{Key: "until", Kind: kCond, Doc: "Until this expression is true, checked after each round."},
			{Key: "max", Kind: kInt, Doc: "The most rounds for while/until (default 100); reaching it fails the step."},
			{Key: "steps", Kind: kSteps, Required: true, Doc: "The steps."},
		}},
}

// actionByName indexes actions.
var actionByName = func() map[ActionName]*actionSpec {
	m := map[ActionName]*actionSpec{}
	for i := range actions {
		m[actions[i].Name] = &actions[i]
	}
	return m
}()

func keysOf(fs []field) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Key
	}
	return out
}

// actionNames lists the actions' names as text, for messages.
func actionNames() []string {
	out := make([]string, len(actions))
	for i, a := range actions {
		out[i] = string(a.Name)
	}
	return out
}

// Actions lists every step action, in documentation order.
func Actions() []ActionName {
	out := make([]ActionName, len(actions))
	for i, a := range actions {
		out[i] = a.Name
	}
	return out
}

func fieldOf(fs []field, key string) *field {
	for i := range fs {
		if fs[i].Key == key {
			return &fs[i]
		}
	}
	return nil
}
