package runner_test

// Runnable examples of the Go API (docs/go-api.md): they run the example
// flows (examples/flows) on the embedded demo shop (examples/demo) in
// Chromium, each Run launching and closing its own browser.

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"

	"github.com/smokeflow/smokeflow/examples/demo"
	"github.com/smokeflow/smokeflow/flows"
	"github.com/smokeflow/smokeflow/reports"
	"github.com/smokeflow/smokeflow/runner"
)

// Load one flow, run it, read its status.
func ExampleRun() {
	shop := httptest.NewServer(demo.Handler())
	defer shop.Close()
	artifacts, err := os.MkdirTemp("", "smokeflow-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(artifacts)

	f, err := flows.Load("../examples/flows/home.yaml", flows.LoadOptions{BaseURL: shop.URL})
	if err != nil {
		fmt.Println(err) // every error in the file, one per line
		return
	}
	cfg := runner.Config{BaseURL: shop.URL, ArtifactsDir: artifacts}
	run, err := runner.Run(context.Background(), cfg, []*flows.Flow{f})
	if err != nil {
		fmt.Println(err) // no browser, or an artifacts folder it may not empty
		return
	}
	for _, res := range run.Flows {
		fmt.Printf("%s: %s\n", res.Name, res.Status)
	}
	// Output: Home page loads cleanly: passed
}

// A failed flow: the failure names the step, its reason, and quotes the
// flow's YAML lines.
func ExampleRun_failure() {
	shop := httptest.NewServer(demo.Handler())
	defer shop.Close()
	artifacts, err := os.MkdirTemp("", "smokeflow-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(artifacts)

	f, err := flows.Load("../examples/flows/failing-on-purpose.yaml", flows.LoadOptions{BaseURL: shop.URL})
	if err != nil {
		fmt.Println(err)
		return
	}
	run, err := runner.Run(context.Background(), runner.Config{BaseURL: shop.URL, ArtifactsDir: artifacts}, []*flows.Flow{f})
	if err != nil {
		fmt.Println(err)
		return
	}
	res := run.Flows[0]
	fmt.Println(res.Status)
	failure := res.Final().Failure
	fmt.Println(failure.Message)
	fmt.Println("reason:", failure.Reason)
	for _, l := range failure.Source {
		fmt.Printf("%d | %s\n", l.Line, l.Text)
	}
	// Output:
	// failed
	// step 5 (../examples/flows/failing-on-purpose.yaml:17) click "Log in": no element matches "Log in"
	// reason: not_found
	// 17 |     click: Log in
}

// Load a folder of flows, keep those tagged smoke, run them two at a time
// and write a JUnit report.
func ExampleRun_junit() {
	shop := httptest.NewServer(demo.Handler())
	defer shop.Close()
	out, err := os.MkdirTemp("", "smokeflow-example-")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(out)

	all, err := flows.LoadAll([]string{"../examples/flows"}, flows.LoadOptions{BaseURL: shop.URL})
	if err != nil {
		fmt.Println(err)
		return
	}
	var smoke []*flows.Flow
	for _, f := range all {
		if slices.Contains(f.Tags, "smoke") {
			smoke = append(smoke, f)
		}
	}
	cfg := runner.Config{BaseURL: shop.URL, Workers: 2, ArtifactsDir: filepath.Join(out, "artifacts")}
	run, err := runner.Run(context.Background(), cfg, smoke)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := reports.WriteFile(filepath.Join(out, "junit.xml"), reports.FormatJUnit, run); err != nil {
		fmt.Println(err)
		return
	}
	for _, res := range run.Flows {
		fmt.Printf("%-6s %s\n", res.Status, res.File)
	}
	s := run.Summary()
	fmt.Printf("%d passed, %d failed\n", s.Passed, s.Failed)
	// Output:
	// passed ../examples/flows/checkout.yaml
	// passed ../examples/flows/home.yaml
	// passed ../examples/flows/returning-customer.yaml
	// passed ../examples/flows/sign-in.yaml
	// 4 passed, 0 failed
}
