// Package ginkgosuite shows the ginkgo helper, package ginkgoflows: its
// test runs the example flows (examples/flows) on the embedded demo shop
// as ginkgo specs, as a project's own suite would run its flows
// (docs/go-api.md "The ginkgo helper"). It has no code besides its test.
package ginkgosuite
