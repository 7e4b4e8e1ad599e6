package flows_test

import (
	"fmt"
	"regexp"
	"strings"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/smokeflow/smokeflow/flows"
)

// between is the text of doc between <!-- name --> and <!-- /name -->.
func between(doc, name string) string {
	m := regexp.MustCompile(`(?s)<!-- ` + name + ` -->(.*?)<!-- /` + name + ` -->`).FindStringSubmatch(doc)
	Expect(m).NotTo(BeNil(), "docs/flows.md has no <!-- %s --> block", name)
	return strings.TrimSpace(m[1])
}

var _ = Describe("Devices and places", func() {
	It("docs/flows.md lists the device table as flows/devices.go holds it", func() {
		doc := string(mustRead("../docs/flows.md"))
		var rows []string
		for _, l := range strings.Split(between(doc, "devices"), "\n")[2:] {
			rows = append(rows, strings.TrimSpace(l))
		}
		var want []string
		for _, d := range flows.Devices() {
			touch := "no"
			if d.Touch && d.Mobile {
				touch = "yes"
			}
			want = append(want, fmt.Sprintf("| %s | %d×%d | %g | %s |", d.Name, d.Width, d.Height, d.ScaleFactor, touch))
		}
		Expect(rows).To(Equal(want))
	})

	It("docs/flows.md lists the permissions table as flows/places.go holds it", func() {
		doc := string(mustRead("../docs/flows.md"))
		var want []string
		for _, n := range flows.PermissionNames() {
			want = append(want, "`"+n+"`")
		}
		Expect(between(doc, "permissions")).To(Equal(strings.Join(want, ", ")))
	})

	It("finds a device by its name in any case and spacing", func() {
		d, err := flows.LookupDevice("  iphone   15 ")
		Expect(err).NotTo(HaveOccurred())
		Expect(d.Name).To(Equal("iPhone 15"))
		Expect(d.Width).To(Equal(393))
		_, err = flows.LookupDevice("Galaxy S42")
		Expect(err).To(MatchError(`unknown device "Galaxy S42"; did you mean "Galaxy S24"?`))
		_, err = flows.LookupDevice("Nokia 3310")
		Expect(err).To(MatchError(HavePrefix(`unknown device "Nokia 3310"; the devices are iPhone SE, iPhone 12,`)))
	})

	It("reads every field into Places", func() {
		f := loadValid("places.yaml")
		pl := f.Places
		Expect(pl.Device.Name).To(Equal("iPhone 15"))
		Expect(f.Viewport).To(Equal(&flows.Viewport{Width: 400, Height: 700}))
		Expect(pl.Locale).To(Equal("fr-FR"))
		Expect(pl.Timezone).To(Equal("Europe/Paris"))
		Expect(pl.Geolocation).To(Equal(&flows.Geolocation{Latitude: 48.8584, Longitude: 2.2945, Accuracy: 10}))
		Expect(pl.ColorScheme).To(Equal(flows.ColorDark))
		Expect(pl.ReducedMotion).To(BeTrue())
		Expect(pl.Permissions).To(Equal([]string{"notifications", "clipboard-read"}))
		Expect(pl.Clock.Fixed).To(BeTrue())
		Expect(pl.Clock.At.UTC().Format("2006-01-02T15:04:05Z")).To(Equal("2024-02-29T09:00:00Z"))
		Expect(f.Steps[1].Action).To(Equal(&flows.Network{Offline: true}))
		Expect(f.Steps[2].Action).To(Equal(&flows.Network{}))
		Expect(f.Steps[3].Action).To(Equal(&flows.Network{DownloadKbps: 400, UploadKbps: 100, Latency: 400 * 1e6}))
	})
})
