package session

import (
	"context"
	"fmt"
	"slices"

	"github.com/smokeflow/smokeflow/browser"
	"github.com/smokeflow/smokeflow/flows"
)

// places are the flow's device and places with the front end's
// overrides (docs/flows.md "Devices and places"): Options.Device and
// Options.Locale (`run --device`, `--locale`) replace the flow's.
func (ss *Session) places() flows.Places {
	pl := ss.flow.Places
	if ss.opts.Device != nil {
		pl.Device = ss.opts.Device
	}
	if ss.opts.Locale != "" {
		pl.Locale = ss.opts.Locale
	}
	return pl
}

// pageOptions are the first page's options: its size, its emulation and
// the secrets its screenshots paint over. The size is Options.Viewport,
// else the size of Options.Device (`--device` sets both), else the
// flow's viewport, else its device's: a flow's own viewport wins over its
// own device's, as Playwright's `viewport` written after a device does.
func (ss *Session) pageOptions() browser.PageOptions {
	pl := ss.places()
	// every screenshot paints over the secrets (docs/running.md "Secrets in screenshots")
	po := browser.PageOptions{Secrets: ss.mask.Values(), Emulation: browser.Emulation{
		Device: pl.Device, Locale: pl.Locale, Timezone: pl.Timezone, Geolocation: pl.Geolocation,
		ColorScheme: pl.ColorScheme, ReducedMotion: pl.ReducedMotion, Clock: pl.Clock}}
	v := ss.opts.Viewport
	switch {
	case v != nil:
	case ss.opts.Device != nil:
		v = &flows.Viewport{Width: ss.opts.Device.Width, Height: ss.opts.Device.Height}
	case ss.flow.Viewport != nil:
		v = ss.flow.Viewport
	case pl.Device != nil:
		v = &flows.Viewport{Width: pl.Device.Width, Height: pl.Device.Height}
	}
	if v != nil {
		po.Width, po.Height = v.Width, v.Height
	}
	return po
}

// grantPermissions grants the flow's permissions, and geolocation with a
// geolocation, before the first page opens.
func (ss *Session) grantPermissions(ctx context.Context) error {
	pl := ss.places()
	names := slices.Clone(pl.Permissions)
	if pl.Geolocation != nil && !slices.Contains(names, "geolocation") {
		names = append(names, "geolocation")
	}
	return ss.bctx.GrantPermissions(ctx, names)
}

// execNetwork runs `network`: the connection of every tab from now on.
func (ss *Session) execNetwork(c *stepCall, n *flows.Network) error {
	if err := ss.pg.bctx.EmulateNetwork(c.sctx, *n); err != nil {
		return err
	}
	what := "the connection is back to the browser's own (online)"
	switch {
	case n.Offline:
		what = "the browser is offline: every request fails, navigator.onLine is false"
	case *n != flows.Network{}:
		what = fmt.Sprintf("the connection is throttled: %s", throttle(n))
	}
	c.rec.Log = append(c.rec.Log, what)
	return nil
}

func throttle(n *flows.Network) string {
	limit := func(kbps int) string {
		if kbps == 0 {
			return "not limited"
		}
		return fmt.Sprintf("%d kbit/s", kbps)
	}
	return fmt.Sprintf("download %s, upload %s, latency %s", limit(n.DownloadKbps), limit(n.UploadKbps), n.Latency)
}
