package ginkgoflows

import (
	"reflect"
	"testing"
	"time"

	"github.com/onsi/ginkgo/v2/types"
)

func TestLabelsAreValidGinkgoLabels(t *testing.T) {
	tags := []string{"smoke", "team/web", "a&b|c", "x!y", "(p)", "key:value", "trailing:", ":leading", "a:b:", "::", "ünïcode"}
	want := []string{"smoke", "team-web", "a-b-c", "x-y", "-p-", "key:value", "trailing-", "-leading", "a:b-", "--", "ünïcode"}
	got := labels(tags)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("labels(%q) = %q, want %q", tags, got, want)
	}
	for _, l := range got {
		if _, err := types.ValidateAndCleanupLabel(l, types.CodeLocation{}); err != nil {
			t.Errorf("label %q: ginkgo refuses it: %v", l, err)
		}
	}
}

func TestArtifactsFolders(t *testing.T) {
	taken := map[string]bool{}
	for _, c := range []struct{ file, want string }{
		{"flows/checkout.yaml", "flows-checkout"},
		{"../examples/flows/home.yaml", "examples-flows-home"},
		{"./flows/sub/a.yml", "flows-sub-a"},
		{"flows-sub/a.yaml", "flows-sub-a-2"},
		{"flows/checkout.yaml", "flows-checkout-2"},
	} {
		if got := artifactsFolder(c.file, taken); got != c.want {
			t.Errorf("artifactsFolder(%q) = %q, want %q", c.file, got, c.want)
		}
	}
}

func TestOptionsAndDefaults(t *testing.T) {
	c := newConfig(nil)
	if c.baseURL() != "" || c.artifacts != DefaultArtifactsDir || c.lookupEnv == nil || c.shared != nil {
		t.Fatalf("defaults: %+v", c)
	}
	c = newConfig([]Option{
		BaseURL("http://a.test"), Vars(map[string]string{"a": "1"}), Vars(map[string]string{"b": "2"}),
		ArtifactsDir("out"), Timeout(time.Minute), Retries(-1), nil,
	})
	if c.baseURL() != "http://a.test" || c.artifacts != "out" || c.timeout != time.Minute || c.retries != 0 {
		t.Fatalf("options: %+v", c)
	}
	if !reflect.DeepEqual(c.vars, map[string]string{"a": "1", "b": "2"}) {
		t.Fatalf("vars: %v", c.vars)
	}
	url := ""
	c = newConfig([]Option{BaseURLFunc(func() string { return url })})
	url = "http://late.test"
	if c.baseURL() != url {
		t.Fatalf("BaseURLFunc is read when called: %q", c.baseURL())
	}
}
