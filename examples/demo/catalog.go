package demo

import (
	"fmt"
	"strings"
)

// product is one item of the catalog. Prices are in cents.
type product struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Price       int    `json:"price"`
	Description string `json:"-"`
	Swatch      string `json:"swatch"` // CSS class suffix for the picture
	Featured    bool   `json:"-"`
}

// catalog is the shop's fixed product list, in display order.
var catalog = []product{
	{ID: "blue-mug", Name: "Blue Mug", Price: 1200, Swatch: "blue", Featured: true,
		Description: "A sturdy 350 ml stoneware mug in deep blue. Dishwasher safe."},
	{ID: "red-mug", Name: "Red Mug", Price: 1200, Swatch: "red",
		Description: "The same 350 ml stoneware mug, in bright red."},
	{ID: "travel-mug", Name: "Travel Mug", Price: 1850, Swatch: "steel",
		Description: "Double-walled steel mug with a leak-proof lid. Keeps drinks hot for 6 hours."},
	{ID: "green-tea", Name: "Green Tea", Price: 650, Swatch: "green", Featured: true,
		Description: "Loose-leaf sencha from Shizuoka, 100 g."},
	{ID: "earl-grey-tea", Name: "Earl Grey Tea", Price: 700, Swatch: "amber",
		Description: "Black tea with bergamot, 100 g of loose leaves."},
	{ID: "coffee-beans", Name: "Coffee Beans", Price: 1400, Swatch: "brown", Featured: true,
		Description: "Medium roast whole beans from Huila, Colombia, 250 g."},
	{ID: "french-press", Name: "French Press", Price: 2900, Swatch: "black", Featured: true,
		Description: "Glass and steel French press for four cups."},
	{ID: "milk-frother", Name: "Milk Frother", Price: 2200, Swatch: "cream",
		Description: "Battery-powered whisk for foamy milk in seconds."},
}

// review is a customer review; every product shows the same few.
type review struct {
	Author string
	Stars  int
	Text   string
}

// reviews are shown on every product page: the first two at once, the rest
// after "Show more reviews" is clicked.
var reviews = []review{
	{Author: "Ana", Stars: 5, Text: "Exactly as described."},
	{Author: "Ben", Stars: 4, Text: "Fast delivery, would buy again."},
	{Author: "Priya", Stars: 5, Text: "Good value for the price."},
	{Author: "Tom", Stars: 3, Text: "My second one, still happy with it."},
}

// visibleReviews is how many reviews show before "Show more reviews".
const visibleReviews = 2

func findProduct(id string) (product, bool) {
	for _, p := range catalog {
		if p.ID == id {
			return p, true
		}
	}
	return product{}, false
}

// searchProducts returns the products whose name contains every word of q,
// ignoring case. An empty query returns every product.
func searchProducts(q string) []product {
	words := strings.Fields(strings.ToLower(q))
	out := []product{}
	for _, p := range catalog {
		name := strings.ToLower(p.Name)
		ok := true
		for _, w := range words {
			if !strings.Contains(name, w) {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}

// money formats cents as dollars: 1250 → "$12.50".
func money(cents int) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}

// Delivery options of the checkout form.
type delivery struct {
	Value string
	Name  string
	Label string // the option's text
	Price int
}

var deliveries = []delivery{
	{Value: "standard", Name: "standard", Label: "Standard (free)", Price: 0},
	{Value: "express", Name: "express", Label: "Express (+$5.00)", Price: 500},
}

func findDelivery(v string) (delivery, bool) {
	for _, d := range deliveries {
		if d.Value == v {
			return d, true
		}
	}
	return delivery{}, false
}
