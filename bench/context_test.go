package bench

import (
	"context"
	"testing"
	"time"

	"github.com/smokeflow/smokeflow/browser"
)

// BenchmarkFreshContext is the per-flow overhead of isolation: a new
// incognito context and page, then closing both (what every flow attempt
// pays before its first step).
func BenchmarkFreshContext(b *testing.B) {
	br := launch(b)
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c, cancel := context.WithTimeout(ctx, 30*time.Second)
		bc, err := br.NewContext(c)
		if err != nil {
			b.Fatal(err)
		}
		p, err := bc.NewPage(c, browser.PageOptions{})
		if err != nil {
			b.Fatal(err)
		}
		_ = p.Close()
		if err := bc.Close(); err != nil {
			b.Fatal(err)
		}
		cancel()
	}
}
