package flows

import (
	"fmt"
	"slices"
	"strings"
)

// Device is what `device: NAME` emulates (docs/flows.md "Devices and
// places"): the page's size in CSS pixels, the device pixel ratio, touch
// input, a mobile viewport (the page's <meta name=viewport> is honoured)
// and the user agent. The table below is the one list of them; the docs
// and `smokeflow schema` are checked against it.
type Device struct {
	Name        string
	Width       int
	Height      int
	ScaleFactor float64
	Mobile      bool
	Touch       bool
	UserAgent   string
}

// The user agents of the table: the iOS ones are Safari's, the Android
// and desktop ones a recent stable Chrome's, as Playwright's descriptors
// write them (a page reads the platform from them, not the version).
const (
	uaChromeAndroid = "Mozilla/5.0 (Linux; Android 14; %s) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Mobile Safari/537.36"
	uaChromeTablet  = "Mozilla/5.0 (Linux; Android 14; %s) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Safari/537.36"
	uaIPhone        = "Mozilla/5.0 (iPhone; CPU iPhone OS %s like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/%s Mobile/15E148 Safari/604.1"
	uaIPad          = "Mozilla/5.0 (iPad; CPU OS %s like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/%s Mobile/15E148 Safari/604.1"
	uaDesktopChrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Safari/537.36"
	uaDesktopEdge   = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Safari/537.36 Edg/131.0.2903.51"
	uaDesktopSafari = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15"
	uaMacChrome     = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.33 Safari/537.36"
)

func iphone(name string, w, h int, ios string) Device {
	return Device{Name: name, Width: w, Height: h, ScaleFactor: 3, Mobile: true, Touch: true,
		UserAgent: fmt.Sprintf(uaIPhone, strings.ReplaceAll(ios, ".", "_"), ios)}
}

func ipad(name string, w, h int, ios string) Device {
	return Device{Name: name, Width: w, Height: h, ScaleFactor: 2, Mobile: true, Touch: true,
		UserAgent: fmt.Sprintf(uaIPad, strings.ReplaceAll(ios, ".", "_"), ios)}
}

func android(name string, w, h int, dpr float64) Device {
	return Device{Name: name, Width: w, Height: h, ScaleFactor: dpr, Mobile: true, Touch: true,
		UserAgent: fmt.Sprintf(uaChromeAndroid, name)}
}

func desktop(name string, dpr float64, ua string) Device {
	return Device{Name: name, Width: 1280, Height: 720, ScaleFactor: dpr, UserAgent: ua}
}

// devices is the device table: phones, tablets and desktops, with the
// viewports of Playwright's descriptors (the browser window's inner size,
// bars taken off).
var devices = []Device{
	iphone("iPhone SE", 375, 667, "17.0"),
	iphone("iPhone 12", 390, 664, "14.2"),
	iphone("iPhone 13", 390, 664, "15.0"),
	iphone("iPhone 14", 390, 664, "16.0"),
	iphone("iPhone 14 Pro Max", 430, 740, "16.0"),
	iphone("iPhone 15", 393, 659, "17.0"),
	iphone("iPhone 15 Pro", 393, 659, "17.0"),
	iphone("iPhone 15 Pro Max", 430, 739, "17.0"),
	ipad("iPad Mini", 768, 1024, "17.0"),
	ipad("iPad", 810, 1080, "17.0"),
	ipad("iPad Pro 11", 834, 1194, "17.0"),
	android("Pixel 5", 393, 727, 2.75),
	android("Pixel 7", 412, 839, 2.625),
	android("Pixel 8", 412, 839, 2.625),
	android("Galaxy S9+", 320, 658, 4.5),
	android("Galaxy S24", 360, 780, 3),
	android("Galaxy A55", 480, 1040, 2.25),
	{Name: "Galaxy Tab S4", Width: 712, Height: 1138, ScaleFactor: 2.25, Mobile: true, Touch: true,
		UserAgent: fmt.Sprintf(uaChromeTablet, "SM-T837A")},
	android("Moto G4", 360, 640, 3),
	desktop("Desktop Chrome", 1, uaDesktopChrome),
	desktop("Desktop Chrome HiDPI", 2, uaMacChrome),
	desktop("Desktop Edge", 1, uaDesktopEdge),
	desktop("Desktop Safari", 2, uaDesktopSafari),
}

// Devices lists the device table, in its order.
func Devices() []Device { return append([]Device(nil), devices...) }

// DeviceNames lists the devices' names, in the table's order.
func DeviceNames() []string {
	out := make([]string, len(devices))
	for i, d := range devices {
		out[i] = d.Name
	}
	return out
}

// LookupDevice finds a device by its name, ignoring case and runs of
// spaces; an unknown name's error says the nearest one, or lists them.
func LookupDevice(name string) (*Device, error) {
	key := strings.Join(strings.Fields(strings.ToLower(name)), " ")
	for i := range devices {
		if strings.ToLower(devices[i].Name) == key {
			d := devices[i]
			return &d, nil
		}
	}
	names := DeviceNames()
	// two characters swapped (iPhone 51, Galaxy S42) is the likeliest slip
	// in a model number; the edit distance counts it as two edits
	for _, n := range names {
		if sameLetters(strings.ToLower(n), key) {
			return nil, fmt.Errorf("unknown device %q; did you mean %q?", name, n)
		}
	}
	if dym := didYouMean(name, names); dym != "" {
		return nil, fmt.Errorf("unknown device %q%s", name, dym)
	}
	return nil, fmt.Errorf("unknown device %q; the devices are %s", name, orList(names))
}

// sameLetters reports whether a and b hold the same characters, in
// another order.
func sameLetters(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	slices.Sort(ra)
	slices.Sort(rb)
	return slices.Equal(ra, rb)
}
