package flows

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Places is where and on what the flow's browser is (docs/flows.md
// "Devices and places"): the flow fields device, locale, timezone,
// geolocation, color_scheme, reduced_motion, permissions and clock. All
// are literal (not interpolated), checked before the browser starts, and
// apply to every page of the flow's browser context.
type Places struct {
	Device        *Device
	Locale        string // BCP 47, as fr-FR
	Timezone      string // an IANA name, as Europe/Paris
	Geolocation   *Geolocation
	ColorScheme   string // "", ColorLight or ColorDark
	ReducedMotion bool
	// Permissions are the names of the permissions table, as written.
	Permissions []string
	Clock       *Clock
}

// The color schemes of color_scheme.
const (
	ColorLight = "light"
	ColorDark  = "dark"
)

// Geolocation is `geolocation:`; Accuracy is in metres (0: exact).
type Geolocation struct {
	Latitude  float64
	Longitude float64
	Accuracy  float64
}

// Clock is `clock:`: the page's Date starts at At, and stays there when
// Fixed (timers still run), or runs on from it.
type Clock struct {
	At    time.Time
	Fixed bool
}

// Permission is a permission `permissions:` may name: its name as a web
// page asks for it (Playwright's names) and the Chromium permission type
// that Browser.grantPermissions takes for it.
type Permission struct {
	Name     string
	Chromium string
}

// permissions is the permissions table.
var permissions = []Permission{
	{"geolocation", "geolocation"},
	{"notifications", "notifications"},
	{"clipboard-read", "clipboardReadWrite"},
	{"clipboard-write", "clipboardSanitizedWrite"},
	{"camera", "videoCapture"},
	{"microphone", "audioCapture"},
	{"midi", "midi"},
	{"midi-sysex", "midiSysex"},
	{"background-sync", "backgroundSync"},
	{"accelerometer", "sensors"},
	{"gyroscope", "sensors"},
	{"magnetometer", "sensors"},
	{"ambient-light-sensor", "sensors"},
	{"payment-handler", "paymentHandler"},
	{"storage-access", "storageAccess"},
	{"local-fonts", "localFonts"},
	{"idle-detection", "idleDetection"},
	{"persistent-storage", "durableStorage"},
	{"screen-wake-lock", "wakeLockScreen"},
	{"window-management", "windowManagement"},
}

// Permissions lists the permissions table.
func Permissions() []Permission { return append([]Permission(nil), permissions...) }

// PermissionNames lists the names permissions: accepts.
func PermissionNames() []string {
	out := make([]string, len(permissions))
	for i, p := range permissions {
		out[i] = p.Name
	}
	return out
}

// ChromiumPermission is the Chromium permission type of a name of the
// table ("" for another name).
func ChromiumPermission(name string) string {
	for _, p := range permissions {
		if p.Name == name {
			return p.Chromium
		}
	}
	return ""
}

var localeRE = regexp.MustCompile(`^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$`)

// CheckLocale checks a BCP 47 language tag, as fr-FR or pt-BR.
func CheckLocale(s string) error {
	if !localeRE.MatchString(s) {
		return fmt.Errorf("locale %q is not a language tag; write one such as en-US, fr-FR or pt-BR", s)
	}
	return nil
}

// places reads the flow fields of Places.
func (p *parser) places(o *obj) {
	pl := &p.flow.Places
	if n := o.val("device"); n != nil {
		name := p.text(n, "device")
		d, err := LookupDevice(name)
		if err != nil {
			p.errorf(p.resolve(n), "%v", err)
		}
		pl.Device = d
	}
	if n := o.val("locale"); n != nil {
		pl.Locale = strings.TrimSpace(p.text(n, "locale"))
		if err := CheckLocale(pl.Locale); err != nil {
			p.errorf(p.resolve(n), "%v", err)
		}
	}
	if n := o.val("timezone"); n != nil {
		pl.Timezone = p.timezone(n)
	}
	if n := o.val("geolocation"); n != nil {
		pl.Geolocation = p.geolocation(n)
	}
	if n := o.val("color_scheme"); n != nil {
		pl.ColorScheme = p.enum(n, "color_scheme", []string{ColorLight, ColorDark})
	}
	if n := o.val("reduced_motion"); n != nil {
		pl.ReducedMotion = p.boolean(n, "reduced_motion")
	}
	if n := o.val("permissions"); n != nil {
		names, nodes := p.strList(n, "permissions", false)
		for i, name := range names {
			if ChromiumPermission(name) == "" {
				p.errorf(nodes[i], "unknown permission %q%s; the permissions are %s", name,
					didYouMean(name, PermissionNames()), orList(PermissionNames()))
				continue
			}
			pl.Permissions = append(pl.Permissions, name)
		}
	}
	if n := o.val("clock"); n != nil {
		pl.Clock = p.clock(n)
	}
}

// timezone reads an IANA time zone name, checked against Go's time zone
// database.
func (p *parser) timezone(n *yaml.Node) string {
	s := strings.TrimSpace(p.text(n, "timezone"))
	if _, err := time.LoadLocation(s); err != nil || s == "" || s == "Local" {
		p.errorf(p.resolve(n), "timezone %q is not a time zone; write an IANA name such as Europe/Paris, America/New_York or UTC", s)
	}
	return s
}

func (p *parser) geolocation(n *yaml.Node) *Geolocation {
	o := p.mapping(n, "geolocation")
	if o == nil {
		return nil
	}
	p.unknownKeys(o, "geolocation", keysOf(geolocationFields), nil)
	g := &Geolocation{}
	for _, f := range geolocationFields {
		v := o.val(f.Key)
		if v == nil {
			if f.Required {
				p.errorf(o.node, "geolocation needs %q: {latitude: 48.8584, longitude: 2.2945}", f.Key)
			}
			continue
		}
		switch f.Key {
		case "latitude":
			g.Latitude = p.number(v, "latitude", -90, 90)
		case "longitude":
			g.Longitude = p.number(v, "longitude", -180, 180)
		default:
			g.Accuracy = p.number(v, "accuracy", 0, math.MaxFloat64)
		}
	}
	return g
}

// number reads a number from lo to hi.
func (p *parser) number(n *yaml.Node, what string, lo, hi float64) float64 {
	n = p.resolve(n)
	if n == nil {
		return 0
	}
	if n.Kind == yaml.ScalarNode && (n.ShortTag() == "!!int" || n.ShortTag() == "!!float") {
		f, err := strconv.ParseFloat(n.Value, 64)
		if err == nil && f >= lo && f <= hi {
			return f
		}
	}
	if hi == math.MaxFloat64 {
		p.errorf(n, "%s must be a number of at least %g, not %s", what, lo, kindName(n))
	} else {
		p.errorf(n, "%s must be a number from %g to %g, not %s", what, lo, hi, kindName(n))
	}
	return 0
}

func (p *parser) clock(n *yaml.Node) *Clock {
	o := p.mapping(n, "clock")
	if o == nil {
		return nil
	}
	p.unknownKeys(o, "clock", keysOf(clockFields), nil)
	keys := o.present(keysOf(clockFields))
	if len(keys) != 1 {
		p.errorf(o.node, "clock needs one of fixed or start: {fixed: 2024-02-29T10:00:00Z} or {start: 2024-02-29T10:00:00Z}")
		return nil
	}
	v := p.resolve(o.val(keys[0]))
	s := p.text(v, "clock "+keys[0])
	at, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		p.errorf(v, "clock %s %q is not an RFC 3339 time; write one such as 2024-02-29T10:00:00Z or 2024-02-29T11:00:00+01:00", keys[0], s)
		return nil
	}
	return &Clock{At: at, Fixed: keys[0] == "fixed"}
}

// Network is the `network` step: the connection from now on
// (docs/flows.md "network"). Offline cuts it; otherwise the throughputs
// (0: not limited) and the latency apply; `online` is all zero.
type Network struct {
	Offline      bool
	DownloadKbps int
	UploadKbps   int
	Latency      time.Duration
}

// The scalar forms of `network`.
const (
	NetworkOffline = "offline"
	NetworkOnline  = "online"
)

func (*Network) Name() ActionName { return ActionNetwork }

func (a *Network) subject() string {
	switch {
	case a.Offline:
		return NetworkOffline
	case *a == Network{}:
		return NetworkOnline
	}
	return "throttled"
}

func (a *Network) parse(p *parser, spec *actionSpec, k, v *yaml.Node) {
	r := p.resolve(v)
	if r == nil {
		return
	}
	if r.Kind != yaml.MappingNode {
		switch s := p.enum(r, "network", []string{NetworkOffline, NetworkOnline}); s {
		case NetworkOffline:
			a.Offline = true
		case "":
			if isNull(r) {
				p.errorf(k, "network needs offline, online or {download_kbps, upload_kbps, latency}")
			}
		}
		return
	}
	o := p.argsOnly(spec, k, r)
	if o == nil {
		return
	}
	if len(o.present(keysOf(spec.Args))) == 0 && len(o.keys) == 0 {
		p.errorf(o.node, "network needs download_kbps, upload_kbps and/or latency, such as {download_kbps: 400, latency: 400ms}")
	}
	if n := o.val("download_kbps"); n != nil {
		a.DownloadKbps, _ = p.integer(n, "download_kbps", 1)
	}
	if n := o.val("upload_kbps"); n != nil {
		a.UploadKbps, _ = p.integer(n, "upload_kbps", 1)
	}
	if n := o.val("latency"); n != nil {
		a.Latency, _ = p.duration(n, "latency", false)
	}
}

func (a *Network) arg() *yaml.Node {
	switch {
	case a.Offline:
		return strNode(NetworkOffline)
	case *a == Network{}:
		return strNode(NetworkOnline)
	}
	w := &mapWriter{}
	if a.DownloadKbps > 0 {
		w.add("download_kbps", intNode(a.DownloadKbps))
	}
	if a.UploadKbps > 0 {
		w.add("upload_kbps", intNode(a.UploadKbps))
	}
	if a.Latency > 0 {
		w.add("latency", strNode(a.Latency.String()))
	}
	return w.node()
}

// A connection that changes may start or fail the page's work
// (docs/agents.md "Reads after an action").
func (*Network) actsOnPage() bool { return true }
