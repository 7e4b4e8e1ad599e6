package locate

import (
	"errors"
	"fmt"

	"github.com/valyala/fastjson/fastfloat"
)

// errJSON is JSON that eachElement cannot take apart.
var errJSON = errors.New("malformed JSON")

// eachElement calls fn with the text of every element of the array that
// is member key of the JSON object raw, in order, without parsing
// anything else: it only finds where each value ends (strings with their
// escapes, nested objects and arrays). fn parses what it is given, so a
// large answer is never held as one tree of values (DecodeAXTree). A
// missing member is an empty list; JSON that is cut short or is not an
// object is an error wrapping errJSON.
func eachElement(raw []byte, key string, fn func([]byte) error) error {
	err := walkMembers(raw, func(name []byte, i int) (int, error) {
		if string(name) == key && raw[i] == '[' {
			if err := eachOf(raw, i, fn); err != nil {
				return 0, err
			}
			return 0, errFound // the rest is not read
		}
		return valueEnd(raw, i)
	})
	if errors.Is(err, errFound) {
		return nil
	}
	return err
}

// errFound ends a walk of walkMembers early, without error.
var errFound = errors.New("found")

// eachMember calls fn with the name (as the JSON text spells it) and the
// text of the value of every member of the JSON object raw, in order,
// finding only where each value ends, as eachElement does. fn's error
// ends the walk. JSON that is cut short or is not an object is an error
// wrapping errJSON.
func eachMember(raw []byte, fn func(name, val []byte) error) error {
	return walkMembers(raw, func(name []byte, i int) (int, error) {
		end, err := valueEnd(raw, i)
		if err != nil {
			return 0, err
		}
		return end, fn(name, raw[i:end])
	})
}

// walkMembers walks the members of the JSON object raw: at is called
// with each member's name and the index where its value starts (there is
// one), and returns the index where the value ends.
func walkMembers(raw []byte, at func(name []byte, i int) (int, error)) error {
	i := skipSpace(raw, 0)
	if i >= len(raw) || raw[i] != '{' {
		return fmt.Errorf("%w: not an object", errJSON)
	}
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == '}' {
		return nil
	}
	for i < len(raw) {
		kEnd, err := valueEnd(raw, i)
		if err != nil || raw[i] != '"' {
			return fmt.Errorf("%w: a member without a name at byte %d", errJSON, i)
		}
		name := raw[i+1 : kEnd-1]
		i = skipSpace(raw, kEnd)
		if i >= len(raw) || raw[i] != ':' {
			return fmt.Errorf("%w: no ':' at byte %d", errJSON, i)
		}
		i = skipSpace(raw, i+1)
		if i >= len(raw) {
			return fmt.Errorf("%w: cut short", errJSON)
		}
		end, err := at(name, i)
		if err != nil {
			return err
		}
		i = skipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
			continue
		}
		if i < len(raw) && raw[i] == '}' {
			return nil
		}
		return fmt.Errorf("%w: no ',' or '}' at byte %d", errJSON, i)
	}
	return fmt.Errorf("%w: cut short", errJSON)
}

// members returns the text of the values of the members of the JSON
// object obj that names lists, in that order: nil for a member obj does
// not have (the first of two of the same name). A value that is not an
// object (null) has no members.
func members(obj []byte, names ...string) ([][]byte, error) {
	out := make([][]byte, len(names))
	if len(obj) == 0 || obj[0] != '{' {
		return out, nil
	}
	err := eachMember(obj, func(name, val []byte) error {
		for k, n := range names {
			if out[k] == nil && string(name) == n {
				out[k] = val
			}
		}
		return nil
	})
	return out, err
}

// eachIn calls fn with every element of the JSON array arr, in order; a
// value that is not an array (null, or nil for a missing member) has
// none.
func eachIn(arr []byte, fn func([]byte) error) error {
	if len(arr) == 0 || arr[0] != '[' {
		return nil
	}
	return eachOf(arr, 0, fn)
}

// jsonInt64 is a JSON number as fastjson's GetInt64 reads it (the
// decoders before these walks were fastjson's): 0 for anything that is
// not a number.
func jsonInt64(v []byte) int64 {
	if !isNumber(v) {
		return 0
	}
	return fastfloat.ParseInt64BestEffort(string(v))
}

// jsonInt is a JSON number as fastjson's GetInt reads it: 0 for anything
// that is not a number or does not fit an int.
func jsonInt(v []byte) int {
	n := jsonInt64(v)
	if int64(int(n)) != n {
		return 0
	}
	return int(n)
}

// jsonFloat is a JSON number as fastjson's GetFloat64 reads it: 0 for
// anything that is not a number.
func jsonFloat(v []byte) float64 {
	if !isNumber(v) {
		return 0
	}
	return fastfloat.ParseBestEffort(string(v))
}

// isNumber reports a JSON number (as Chromium writes them: a digit or a
// minus sign first).
func isNumber(v []byte) bool { return len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9') }

// eachOf calls fn with every element of the array that starts at raw[i].
func eachOf(raw []byte, i int, fn func([]byte) error) error {
	i = skipSpace(raw, i+1)
	if i < len(raw) && raw[i] == ']' {
		return nil
	}
	for i < len(raw) {
		end, err := valueEnd(raw, i)
		if err != nil {
			return err
		}
		if err := fn(raw[i:end]); err != nil {
			return err
		}
		i = skipSpace(raw, end)
		if i < len(raw) && raw[i] == ',' {
			i = skipSpace(raw, i+1)
			continue
		}
		if i < len(raw) && raw[i] == ']' {
			return nil
		}
		return fmt.Errorf("%w: no ',' or ']' at byte %d", errJSON, i)
	}
	return fmt.Errorf("%w: cut short", errJSON)
}

// valueEnd is the index just after the JSON value that starts at raw[i].
// Only the structure is checked; the parser that reads the value checks
// the rest.
func valueEnd(raw []byte, i int) (int, error) {
	if i >= len(raw) {
		return 0, fmt.Errorf("%w: cut short", errJSON)
	}
	switch raw[i] {
	case '"':
		for j := i + 1; j < len(raw); j++ {
			switch raw[j] {
			case '\\':
				j++
			case '"':
				return j + 1, nil
			}
		}
		return 0, fmt.Errorf("%w: a string cut short", errJSON)
	case '{', '[':
		depth := 0
		for j := i; j < len(raw); j++ {
			switch raw[j] {
			case '"':
				end, err := valueEnd(raw, j)
				if err != nil {
					return 0, err
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, fmt.Errorf("%w: cut short", errJSON)
	}
	j := i
	for j < len(raw) && raw[j] != ',' && raw[j] != '}' && raw[j] != ']' && !isSpace(raw[j]) {
		j++
	}
	if j == i {
		return 0, fmt.Errorf("%w: no value at byte %d", errJSON, i)
	}
	return j, nil
}

func skipSpace(raw []byte, i int) int {
	for i < len(raw) && isSpace(raw[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
