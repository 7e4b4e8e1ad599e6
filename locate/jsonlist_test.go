package locate

import (
	"errors"
	"reflect"
	"testing"

	"github.com/valyala/fastjson"
)

// TestEachElement checks that eachElement cuts a list member into exactly
// the elements fastjson finds when it parses the whole object: strings
// holding brackets, braces, commas and escaped quotes, nested values,
// white space, other members before and after.
func TestEachElement(t *testing.T) {
	doc := ` { "before" : {"nodes":[1,2]}, "s":"x\"]}" ,
	  "nodes" : [ {"a":"}{][,\\","b":[1,{"c":"\""}]} , [ ] ,"plain",-1.5e3,true,null,{"k":{"nodes":[9]}} ] ,"after":[{}] } `
	whole, err := fastjson.Parse(doc)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, v := range whole.GetArray("nodes") {
		want = append(want, string(v.MarshalTo(nil)))
	}
	var got []string
	err = eachElement([]byte(doc), "nodes", func(elem []byte) error {
		v, err := fastjson.ParseBytes(elem)
		if err != nil {
			return err
		}
		got = append(got, string(v.MarshalTo(nil)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("elements\n got %q\nwant %q", got, want)
	}
	for _, empty := range []string{`{}`, `{"other":[1]}`, `{"nodes":[]}`, `{"nodes":null}`} {
		n := 0
		if err := eachElement([]byte(empty), "nodes", func([]byte) error { n++; return nil }); err != nil || n != 0 {
			t.Errorf("%s: %d elements, error %v; want none", empty, n, err)
		}
	}
}

// TestEachElementRefuses checks that what is cut short or is not an
// object is an error, and that fn's error ends the walk.
func TestEachElementRefuses(t *testing.T) {
	for _, bad := range []string{``, `[]`, `{"nodes":[`, `{"nodes":[{"a":1}`, `{"nodes":[{"a":"1}]}`, `{"nodes":[1 2]}`, `{"nodes" [1]}`, `{"x":1 "nodes":[1]}`, `{nodes:[1]}`} {
		err := eachElement([]byte(bad), "nodes", func([]byte) error { return nil })
		if !errors.Is(err, errJSON) {
			t.Errorf("%q: error %v, want errJSON", bad, err)
		}
	}
	stop := errors.New("stop")
	n := 0
	err := eachElement([]byte(`{"nodes":[1,2,3]}`), "nodes", func([]byte) error { n++; return stop })
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("fn's error: got %v after %d elements, want stop after 1", err, n)
	}
}

// TestMembers checks that members finds the values of the members it is
// asked for, the first of two of a name, nil for a missing one, none in
// null, and refuses an object cut short.
func TestMembers(t *testing.T) {
	got, err := members([]byte(`{"a" : [1, "]"] ,"b":{"a":2},"a":3, "c":null}`), "a", "b", "c", "d")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`[1, "]"]`, `{"a":2}`, `null`, ""}
	for k, w := range want {
		if string(got[k]) != w || (w == "") != (got[k] == nil) {
			t.Errorf("member %d: %q, want %q", k, got[k], w)
		}
	}
	if got, err := members([]byte(`null`), "a"); err != nil || got[0] != nil {
		t.Errorf("null: %q, %v", got, err)
	}
	if _, err := members([]byte(`{"a":[1,`), "a"); !errors.Is(err, errJSON) {
		t.Errorf("cut short: %v, want errJSON", err)
	}
}
