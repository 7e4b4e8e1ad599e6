package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/go-rod/rod/lib/proto"
	"github.com/smokeflow/smokeflow/flows"
)

// Emulation is the device and the places a context's pages have
// (docs/flows.md "Devices and places"). It is set on every page of the
// context as the page attaches, before its first document loads: the
// first page, and every tab or popup its pages open (they get the first
// page's PageOptions), so none runs a script without it.
//
// Everything is CDP emulation on the page's target, but the clock: CDP's
// only way to set the time, Emulation.setVirtualTimePolicy, moves time
// only as the browser is idle and runs timers as fast as it can, which is
// neither "Date stays at TIME while timers run" nor "time starts at TIME
// and runs". The clock is js/clock.js, put before the page's scripts in
// every document of the page.
type Emulation struct {
	// Device sets the metrics, touch, mobile and user agent; its size is
	// PageOptions' Width and Height.
	Device        *flows.Device
	Locale        string
	Timezone      string
	Geolocation   *flows.Geolocation
	ColorScheme   string
	ReducedMotion bool
	Clock         *flows.Clock
	// clockSince is when the context's clock started (the first page):
	// a `clock: {start}` runs from it in every tab alike.
	clockSince time.Time
}

// set reports whether e emulates anything.
func (e Emulation) set() bool {
	return e.Device != nil || e.Locale != "" || e.Timezone != "" || e.Geolocation != nil ||
		e.ColorScheme != "" || e.ReducedMotion || e.Clock != nil
}

// cdpCall is a CDP command: proto's, or pageScript.
type cdpCall = interface {
	Call(proto.Client) error
	ProtoReq() string
}

// pageCalls are the calls that set the emulation and the network
// conditions on a page's main target, with the viewport of o.
func (c *Context) pageCalls(ctx context.Context, o PageOptions, net *flows.Network) ([]cdpCall, error) {
	e := o.Emulation
	metrics := &proto.EmulationSetDeviceMetricsOverride{Width: o.Width, Height: o.Height, DeviceScaleFactor: 1}
	calls := []cdpCall{metrics}
	if d := e.Device; d != nil {
		metrics.DeviceScaleFactor, metrics.Mobile = d.ScaleFactor, d.Mobile
		if d.Touch {
			n := 5
			calls = append(calls, proto.EmulationSetTouchEmulationEnabled{Enabled: true, MaxTouchPoints: &n})
		}
	}
	more, err := c.frameCalls(ctx, o, net)
	return append(calls, more...), err
}

// frameCalls are the calls of the emulation that an out-of-process
// iframe needs on its own target too (its size and touch come from its
// page), and the network conditions.
func (c *Context) frameCalls(ctx context.Context, o PageOptions, net *flows.Network) ([]cdpCall, error) {
	e := o.Emulation
	var calls []cdpCall
	if ua, err := c.userAgent(ctx, e); err != nil {
		return nil, err
	} else if ua != nil {
		calls = append(calls, ua)
	}
	if e.Locale != "" {
		calls = append(calls, oneOverride{proto.EmulationSetLocaleOverride{Locale: e.Locale}})
	}
	if e.Timezone != "" {
		calls = append(calls, oneOverride{proto.EmulationSetTimezoneOverride{TimezoneID: e.Timezone}})
	}
	if g := e.Geolocation; g != nil {
		calls = append(calls, proto.EmulationSetGeolocationOverride{Latitude: &g.Latitude, Longitude: &g.Longitude, Accuracy: &g.Accuracy})
	}
	var features []*proto.EmulationMediaFeature
	if e.ColorScheme != "" {
		features = append(features, &proto.EmulationMediaFeature{Name: "prefers-color-scheme", Value: e.ColorScheme})
	}
	if e.ReducedMotion {
		features = append(features, &proto.EmulationMediaFeature{Name: "prefers-reduced-motion", Value: "reduce"})
	}
	if features != nil {
		calls = append(calls, proto.EmulationSetEmulatedMedia{Features: features})
	}
	if k := e.Clock; k != nil {
		src := fmt.Sprintf("(%s)(%t, %d, %d)", clockJS(), k.Fixed, k.At.UnixMilli(), e.clockSince.UnixMilli())
		calls = append(calls, pageScript{proto.PageAddScriptToEvaluateOnNewDocument{Source: src}})
	}
	if net != nil {
		calls = append(calls, networkConditions(*net))
	}
	return calls, nil
}

// oneOverride is an override Chromium keeps for one session of a target
// only: a tab the holder set up (hold.go) has it from the holder's
// session, and its own session's call answers "Another locale override
// is already in effect" (or the time zone's); the override is the same.
type oneOverride struct{ cdpCall }

// MarshalJSON is the override's parameters (sendAll sends o itself).
func (o oneOverride) MarshalJSON() ([]byte, error) { return json.Marshal(o.cdpCall) }

func (o oneOverride) Call(c proto.Client) error {
	err := o.cdpCall.Call(c)
	if err != nil && strings.Contains(err.Error(), "override is already in effect") {
		return nil
	}
	return err
}

// pageScript runs a script in the page's own world before the page's
// scripts, in every document the target loads.
type pageScript struct {
	proto.PageAddScriptToEvaluateOnNewDocument
}

func (s pageScript) Call(c proto.Client) error {
	_, err := s.PageAddScriptToEvaluateOnNewDocument.Call(c)
	return err
}

// userAgent is the user agent override of e: the device's user agent and
// the locale's Accept-Language (navigator.language follows it), the
// browser's own user agent when only the locale is set; nil for neither.
func (c *Context) userAgent(ctx context.Context, e Emulation) (*proto.EmulationSetUserAgentOverride, error) {
	if e.Device == nil && e.Locale == "" {
		return nil, nil
	}
	ua := &proto.EmulationSetUserAgentOverride{AcceptLanguage: e.Locale}
	if e.Device != nil {
		ua.UserAgent = e.Device.UserAgent
		return ua, nil
	}
	v, err := proto.BrowserGetVersion{}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return nil, err
	}
	ua.UserAgent = v.UserAgent
	return ua, nil
}

// networkConditions is the CDP form of a `network` step: kilobits per
// second become bytes per second, 0 (not limited) becomes -1.
func networkConditions(n flows.Network) proto.NetworkEmulateNetworkConditions {
	rate := func(kbps int) float64 {
		if kbps <= 0 {
			return -1
		}
		return float64(kbps) * 1000 / 8
	}
	return proto.NetworkEmulateNetworkConditions{Offline: n.Offline, Latency: float64(n.Latency.Milliseconds()),
		DownloadThroughput: rate(n.DownloadKbps), UploadThroughput: rate(n.UploadKbps)}
}

// GrantPermissions grants the permissions named (names of the
// flows.Permissions table) to every origin in the context, before its
// first page opens (docs/flows.md "Devices and places").
func (c *Context) GrantPermissions(ctx context.Context, names []string) error {
	var types []proto.BrowserPermissionType
	for _, n := range names {
		t := flows.ChromiumPermission(n)
		if t == "" {
			return fmt.Errorf("unknown permission %q", n)
		}
		types = append(types, proto.BrowserPermissionType(t))
	}
	if len(types) == 0 {
		return nil
	}
	err := proto.BrowserGrantPermissions{Permissions: types, BrowserContextID: c.id}.Call(c.b.rod.Context(ctx))
	if err != nil {
		return fmt.Errorf("cannot grant the permissions %v: %w", names, err)
	}
	return nil
}

// EmulateNetwork sets the connection of every page of the context, and
// of the pages they open from now on (docs/flows.md "network").
func (c *Context) EmulateNetwork(ctx context.Context, n flows.Network) error {
	c.mu.Lock()
	c.net = &n
	c.mu.Unlock()
	if err := c.hold(ctx); err != nil {
		return err
	}
	pages, err := c.Pages(ctx)
	if err != nil {
		return err
	}
	call := networkConditions(n)
	c.mu.Lock()
	h := c.holder
	c.mu.Unlock()
	for _, s := range h.held() {
		_ = call.Call(s.Client(ctx)) // a tab that closed has no connection to set
	}
	for _, p := range pages {
		for _, s := range p.Sessions() {
			if err := call.Call(s.Client(ctx)); err != nil && !p.Closed() {
				return fmt.Errorf("cannot set the connection: %w", err)
			}
		}
	}
	return nil
}
