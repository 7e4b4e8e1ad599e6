package explore_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/explore"
)

// A field whose list of suggestions, opened by typing, lies over the
// form's button until the field loses focus (a tag input's "Add Test…"):
// the walk leaves the field as a person does before it submits, and a
// cover its own typing opened is no finding (docs/explore.md "Forms").
const popupForm = `<!doctype html><html lang="en"><head><title>Labels</title><style>
#suggest { position: absolute; top: 0; left: 0; width: 400px; height: 200px; background: #eee; display: none; }
form { position: relative; }
</style></head><body><main><h1>Labels</h1>
<form action="/saved" method="get"><label for="tags">Tags</label> <input id="tags" name="tags">
<div id="suggest">Add the tag…</div>
<p><button type="submit">Save</button></p></form></main>
<script>
const t = document.getElementById('tags'), s = document.getElementById('suggest');
t.addEventListener('input', () => { s.style.display = 'block'; s.textContent = 'Add ' + t.value + '…'; });
t.addEventListener('blur', () => { s.style.display = 'none'; });
</script></body></html>`

var _ = Describe("a form whose field opens a list over its button", func() {
	It("is submitted filled once the walk left the field, and the list is no finding", func() {
		var mu sync.Mutex
		var saved []string
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			if r.URL.Path == "/saved" {
				mu.Lock()
				saved = append(saved, r.URL.Query().Get("tags"))
				mu.Unlock()
				fmt.Fprint(w, `<!doctype html><html lang="en"><head><title>Saved</title></head><body><main><h1>Saved</h1></main></body></html>`)
				return
			}
			fmt.Fprint(w, popupForm)
		}))
		defer srv.Close()
		rep, err := explore.Run(context.Background(), explore.Options{URL: srv.URL + "/", Use: shared})
		Expect(err).NotTo(HaveOccurred())
		for _, f := range rep.Findings {
			Expect(f.Kind).NotTo(Equal(explore.KindCovered), f.Title+": "+f.Actual)
		}
		mu.Lock()
		defer mu.Unlock()
		Expect(saved).To(ContainElement("Test"), "the filled form was submitted")
	})
})
