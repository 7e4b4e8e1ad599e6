package locate

import (
	"errors"
	"fmt"
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
		if string(name) == key && i < len(raw) && raw[i] == '[' {
			return eachOf(raw, i, fn)
		}
		if i, err = valueEnd(raw, i); err != nil {
			return err
		}
		i = skipSpace(raw, i)
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
