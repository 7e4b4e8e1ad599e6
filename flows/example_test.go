package flows_test

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/smokeflow/smokeflow/flows"
)

// Load every flow of a folder (docs/go-api.md "Loading flows").
func ExampleLoadAll() {
	list, err := flows.LoadAll([]string{"../examples/flows"}, flows.LoadOptions{BaseURL: "http://127.0.0.1:8080"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range list {
		fmt.Printf("%-27s %v\n", filepath.Base(f.File), f.Tags)
	}
	// Output:
	// add-to-cart.yaml            [demo cart]
	// cart-quantity.yaml          [demo cart]
	// checkout.yaml               [demo checkout smoke]
	// cookie-banner.yaml          [demo cookies]
	// failing-on-purpose.yaml     [demo failing]
	// home.yaml                   [demo smoke]
	// returning-customer.yaml     [demo smoke checkout]
	// reviews.yaml                [demo product]
	// search.yaml                 [demo search]
	// sign-in-wrong-password.yaml [demo auth]
	// sign-in.yaml                [demo auth smoke]
}

// Without a base URL the example flows cannot open their paths: what a
// run needs and lacks is an Error with Need set, apart from the errors in
// the files.
func ExampleErrors_SplitNeeds() {
	_, err := flows.LoadAll([]string{"../examples/flows/home.yaml"}, flows.LoadOptions{})
	var errs flows.Errors
	if !errors.As(err, &errs) {
		fmt.Println(err)
		return
	}
	inFiles, needs := errs.SplitNeeds()
	fmt.Println(len(inFiles), "in the files;", len(needs), "about the run:")
	fmt.Println(needs[0].Pos, needs[0].Need == flows.NeedBaseURL)
	// Output:
	// 0 in the files; 1 about the run:
	// ../examples/flows/home.yaml:8:11 true
}
