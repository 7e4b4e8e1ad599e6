package flows

import (
	"encoding/json"
	"sync"
)

// SchemaID is the $id of the flow file schema.
const SchemaID = "urn:smokeflow:flow-schema:v1"

// durationPattern is the string form of a duration: Go syntax or whole
// milliseconds.
const durationPattern = `^\s*(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+\s*$|^\s*[0-9]+\s*$`

var schemaOnce = sync.OnceValue(func() []byte {
	b, err := json.MarshalIndent(buildSchema(), "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
})

// Schema is the JSON Schema (draft 2020-12) of flow files, for editors:
// put `# yaml-language-server: $schema=PATH` at the top of a flow file
// (`smokeflow schema > flow.schema.json`). It is generated from the same
// tables as the parser's accepted keys. The parser checks more than the
// schema can (one action per step, companions of expect, names in ${...},
// expressions); the schema accepts every valid flow.
func Schema() []byte {
	return append([]byte(nil), schemaOnce()...)
}

type jsonObj = map[string]any

func sref(name string) jsonObj { return jsonObj{"$ref": "#/$defs/" + name} }

var textTypes = []string{"string", "number", "boolean", "null"}

func kindSchema(f field) jsonObj {
	var s jsonObj
	switch f.Kind {
	case kString, kText, kScalar:
		s = jsonObj{"type": textTypes}
	case kIdent:
		s = jsonObj{"type": "string", "pattern": identRE.String()}
	case kBool:
		s = jsonObj{"type": "boolean"}
	case kTrue:
		s = jsonObj{"const": true}
	case kInt:
		s = jsonObj{"type": "integer"}
	case kDuration:
		s = sref("duration")
	case kCond:
		s = sref("condition")
	case kValueExpr:
		s = sref("expression")
	case kTarget:
		s = sref("target")
	case kSteps:
		s = sref("steps")
	case kStrings:
		s = jsonObj{"anyOf": []any{
			jsonObj{"type": "array", "items": jsonObj{"type": textTypes[:3]}},
			jsonObj{"type": textTypes[:3]},
		}}
	case kEnum:
		s = jsonObj{"enum": f.Enum}
	case kEnums:
		s = jsonObj{"anyOf": []any{
			jsonObj{"enum": f.Enum},
			jsonObj{"type": "array", "items": jsonObj{"enum": f.Enum}},
		}}
	case kMatch:
		s = sref("match")
	case kVars:
		s = sref("vars")
	case kViewport:
		s = objectSchema(viewportFields)
	case kPath:
		s = jsonObj{"type": "string", "minLength": 1}
	case kPaths:
		s = jsonObj{"anyOf": []any{
			jsonObj{"type": "array", "items": jsonObj{"type": "string", "minLength": 1}},
			jsonObj{"type": "string", "minLength": 1},
		}}
	case kNull:
		s = jsonObj{"type": "null"}
	case kHeaders:
		s = jsonObj{"type": "object", "propertyNames": jsonObj{"pattern": headerNameRE.String()},
			"additionalProperties": jsonObj{"type": textTypes[:3]}}
	case kAny:
		s = jsonObj{}
	case kObject:
		s = objectSchema(f.Fields)
	case kTrueOr:
		s = jsonObj{"anyOf": []any{jsonObj{"const": true}, objectSchema(f.Fields)}}
	case kTab:
		s = jsonObj{"anyOf": []any{
			jsonObj{"const": TabPrevious},
			jsonObj{"type": "integer", "minimum": 0},
		}}
	case kRatio:
		s = jsonObj{"type": "number", "minimum": 0, "maximum": 1}
	case kData:
		s = jsonObj{"anyOf": []any{
			jsonObj{"type": "string", "pattern": `\.([cC][sS][vV]|[yY][aA]?[mM][lL])$`},
			jsonObj{"type": "array", "minItems": 1, "items": jsonObj{"type": "object", "additionalProperties": jsonObj{"type": textTypes}}},
		}}
	case kNumber:
		s = jsonObj{"type": "number"}
	case kIntOr:
		s = jsonObj{"anyOf": []any{jsonObj{"type": "integer", "minimum": 0}, objectSchema(f.Fields)}}
	case kDate:
		s = jsonObj{"type": "string", "pattern": `^[0-9]{4}-[0-9]{2}-[0-9]{2}$`}
	case kDevice:
		s = jsonObj{"type": "string", "examples": DeviceNames()}
	case kTargets:
		s = jsonObj{"anyOf": []any{sref("target"), jsonObj{"type": "array", "minItems": 1, "items": sref("target")}}}
	case kRoutes:
		s = jsonObj{"anyOf": []any{
			jsonObj{"type": "array", "minItems": 1, "items": objectSchema(routeFields)},
			objectSchema(harReplayFields),
		}}
	case kOffset:
		s = jsonObj{"type": "number", "minimum": 0}
	case kDropPoint:
		s = jsonObj{"anyOf": []any{sref("target"), objectSchema(dropPointFields)}}
	default:
		panic("flows: no schema for a kind")
	}
	if f.Doc != "" {
		// A $ref keeps its own description next to it (2020-12 allows it).
		s["description"] = f.Doc
	}
	return s
}

func objectSchema(fs []field) jsonObj {
	props := jsonObj{}
	var req []string
	for _, f := range fs {
		props[f.Key] = kindSchema(f)
		if f.Required {
			req = append(req, f.Key)
		}
	}
	s := jsonObj{"type": "object", "properties": props, "additionalProperties": false}
	if len(req) > 0 {
		s["required"] = req
	}
	return s
}

func actionSchema(a *actionSpec) jsonObj {
	var forms []any
	if a.Null {
		forms = append(forms, jsonObj{"type": "null"})
	}
	switch {
	case a.Scalar == kTarget && a.TargetMap:
		forms = append(forms, sref("target"))
	case a.Scalar == kTarget:
		forms = append(forms, sref("targetString"))
	case a.Scalar != kNone:
		s := kindSchema(field{Kind: a.Scalar, Doc: a.ScalarDoc, Enum: a.ScalarEnum})
		forms = append(forms, s)
	}
	if a.TargetMap && a.Scalar != kTarget {
		forms = append(forms, sref("targetMap"))
	}
	if a.Args != nil {
		o := objectSchema(a.Args)
		if a.Name == ActionExpect {
			o["minProperties"] = 1
		}
		forms = append(forms, o)
		if a.List {
			forms = append(forms, jsonObj{"type": "array", "minItems": 1, "items": objectSchema(a.Args)})
		}
	}
	s := jsonObj{"description": a.Doc}
	if len(forms) == 1 {
		for k, v := range forms[0].(jsonObj) {
			if k != "description" {
				s[k] = v
			}
		}
	} else {
		s["anyOf"] = forms
	}
	return s
}

func buildSchema() jsonObj {
	defs := jsonObj{}
	defs["duration"] = jsonObj{
		"description": "A duration: Go syntax (500ms, 10s, 1m30s) or a whole number of milliseconds.",
		"anyOf": []any{
			jsonObj{"type": "string", "pattern": durationPattern},
			jsonObj{"type": "integer", "minimum": 0},
		},
	}
	defs["condition"] = jsonObj{
		"description": "An expr-lang expression that gives true or false: url, title, status, vars, env, response; visible(T), exists(T), count(T), text(T), value(T), attr(T, NAME), enabled(T), checked(T), console_errors(), failed_requests().",
		"type":        []string{"string", "boolean"},
	}
	defs["expression"] = jsonObj{
		"description": "An expr-lang expression of any type.",
		"type":        textTypes[:3],
	}
	defs["targetString"] = jsonObj{
		"description": "A phrase (Sign in), a ref (@e6) or a name regex (/sign (in|up)/i).",
		"type":        textTypes[:3],
	}
	tm := objectSchema(targetFields)
	tm["description"] = "A target by its keys."
	tm["minProperties"] = 1
	defs["targetMap"] = tm
	defs["target"] = jsonObj{
		"description": "TARGET: a phrase (Sign in), a ref (@e6), a name regex (/sign (in|up)/i), or a map of target keys.",
		"anyOf":       []any{sref("targetString"), sref("targetMap")},
	}
	m := objectSchema(matchFields)
	m["description"] = "One of equals, contains or matches."
	m["minProperties"], m["maxProperties"] = 1, 1
	defs["match"] = m
	defs["vars"] = jsonObj{
		"description":          "Variables: names (letters, digits, _) to values.",
		"type":                 []string{"object", "null"},
		"propertyNames":        jsonObj{"pattern": identRE.String()},
		"additionalProperties": true,
	}
	defs["steps"] = jsonObj{
		"description": "A list of steps, each `- ACTION: ARGUMENT` with optional common keys.",
		"type":        "array",
		"items":       sref("step"),
	}

	props := jsonObj{}
	for _, f := range commonStepFields {
		props[f.Key] = kindSchema(f)
	}
	var one []any
	var bare []string
	for i := range actions {
		a := &actions[i]
		name := string(a.Name)
		defs["action_"+name] = actionSchema(a)
		s := sref("action_" + name)
		s["description"] = a.Doc
		props[name] = s
		one = append(one, jsonObj{"required": []string{name}})
		if a.Null {
			bare = append(bare, name)
		}
	}
	stepMap := jsonObj{
		"type":                 "object",
		"properties":           props,
		"additionalProperties": false,
		"oneOf":                one,
	}
	defs["step"] = jsonObj{
		"description": "A step: a map with one action and optional name, if, timeout, optional, retry.",
		"anyOf":       []any{jsonObj{"enum": bare}, stepMap},
	}

	root := objectSchema(flowFields)
	root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
	root["$id"] = SchemaID
	root["title"] = "smokeflow flow"
	root["description"] = "A smokeflow flow file: one flow, one test case. See docs/flows.md."
	root["$defs"] = defs
	root["patternProperties"] = jsonObj{"^x-": jsonObj{"description": "Ignored: a place for YAML anchors."}}
	return root
}
