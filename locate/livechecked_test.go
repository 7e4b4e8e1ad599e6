package locate

import "testing"

// A check's new state is read on its element alone only where that says
// what a read of the page would (docs/targets.md "Actionability").
func TestLiveChecked(t *testing.T) {
	partial, err := DecodeAXTree([]byte(`{"nodes":[
 {"nodeId":"7","ignored":false,"role":{"type":"role","value":"checkbox"},"name":{"type":"computedString","value":"Agree"},
  "properties":[{"name":"checked","value":{"type":"tristate","value":"true"}}],"backendDOMNodeId":9}]}`))
	if err != nil {
		t.Fatal(err)
	}
	box := Node{Role: "checkbox", Name: "Agree", Handle: Handle{Backend: 9}, Tag: "input", Checked: "false"}
	if got, ok := LiveChecked(&box, partial); !ok || got != "true" {
		t.Errorf("a shown checkbox: got %q, %v; want its new state, true", got, ok)
	}
	drawn := box
	drawn.concealed = true // a kit draws it; a read takes its aria-checked
	if got, ok := LiveChecked(&drawn, partial); ok {
		t.Errorf("a concealed native checkbox: got %q; want the page read", got)
	}
	renamed := box
	renamed.Name = "Agree to the terms"
	if got, ok := LiveChecked(&renamed, partial); ok {
		t.Errorf("an element whose name changed: got %q; want the page read", got)
	}
}
