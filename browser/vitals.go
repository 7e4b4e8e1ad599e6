package browser

import (
	"context"
	"encoding/json"
	"fmt"
)

// VitalsRead is what the main document's performance entries say so far
// (docs/flows.md "Web vitals"): durations in milliseconds from the
// navigation's start, CLS a score; a nil figure is not there yet.
type VitalsRead struct {
	TTFB *float64 `json:"ttfb"`
	FCP  *float64 `json:"fcp"`
	LCP  *float64 `json:"lcp"`
	CLS  *float64 `json:"cls"`
	INP  *float64 `json:"inp"`
	Load *float64 `json:"load"`
	// LCPElement describes the element of the largest paint.
	LCPElement string `json:"lcpElement"`
	// Interactions is how many interactions INP was read from.
	Interactions int    `json:"interactions"`
	URL          string `json:"url"`
}

// Vitals reads the main document's web vitals, in smokeflow's world
// (js/vitals.js): the first read in a document starts the observers that
// later reads take from.
func (p *Page) Vitals(ctx context.Context) (VitalsRead, error) {
	var v VitalsRead
	r, err := p.EvalOwn(ctx, vitalsJS())
	if err != nil {
		return v, err
	}
	if err := json.Unmarshal(resultJSON(&r), &v); err != nil {
		return v, fmt.Errorf("the page's vitals could not be read: %w", err)
	}
	return v, nil
}
