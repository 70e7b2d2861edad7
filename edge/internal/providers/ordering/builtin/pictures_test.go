package builtin

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// The built-in menu's pictures are the site's own illustrations in shell/public/img/,
// served under /static/img/ (docs/content.md, "Pictures"). A picture is named after the
// family of food it shows, its first word ("tenders-3", "side-fries", "tray-wings"), so a
// product pointing at another family's picture (a catfish drawn as chicken) is caught here.

const imgDir = "../../../../../shell/public/img"

// maxPictureBytes keeps each picture light: the menu shows dozens of them.
const maxPictureBytes = 25 * 1024

// productFamily is the family of food a menu product is, from its category and name.
func productFamily(categoryID, name string) string {
	n := strings.ToLower(name)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(n, w) {
				return true
			}
		}
		return false
	}
	switch categoryID {
	case "chicken":
		switch {
		case has("tender"):
			return "tenders"
		case has("wing"):
			return "wings"
		case has("nugget"):
			return "nuggets"
		}
		return "chicken"
	case "seafood":
		if has("salad") {
			return "salad"
		}
		return "fish"
	case "sandwiches":
		switch {
		case has("biscuit"):
			return "biscuit"
		case has("wrap"):
			return "wrap"
		}
		return "sandwich"
	case "combos":
		return "combo"
	case "sides":
		return "side"
	case "biscuits":
		return "biscuit"
	case "desserts":
		return "dessert"
	case "drinks":
		return "drink"
	case "family-meals":
		return "family"
	case "breakfast":
		switch {
		case has("biscuit"):
			return "biscuit"
		case has("coffee", "juice", "tea"):
			return "drink"
		}
		return "breakfast"
	}
	return "unknown category " + categoryID
}

// packageFamily is the family of a catering package, from its kind and unit: chicken
// comes on a tray or in a bucket, sides and biscuits in trays and pans.
func packageFamily(p ordering.CateringPackage) string {
	switch p.Kind {
	case "chicken":
		return p.Unit // tray or bucket
	case "side", "bread":
		return "tray"
	case "drink", "dessert":
		return p.Kind
	case "meal":
		return "combo"
	}
	return "unknown kind " + p.Kind
}

// pictureFamily is the family a picture shows: the first word of its file name.
func pictureFamily(image string) string {
	base := strings.TrimSuffix(filepath.Base(image), filepath.Ext(image))
	family, _, _ := strings.Cut(base, "-")
	if family == "biscuits" {
		return "biscuit"
	}
	return family
}

// pictureProblem says what is wrong with a product's picture, "" when nothing: none, not
// among the site's files (its WebP and the SVG it is rendered from), too heavy, or of
// another family.
func pictureProblem(image, family string) string {
	if image == "" {
		return "has no picture"
	}
	rel, ok := strings.CutPrefix(image, "/static/img/")
	if !ok || !strings.HasSuffix(rel, ".webp") {
		return "picture " + image + " is not a WebP under /static/img/"
	}
	st, err := os.Stat(filepath.Join(imgDir, rel))
	if err != nil {
		return "picture " + image + " does not exist"
	}
	if st.Size() > maxPictureBytes {
		return fmt.Sprintf("picture %s is %d bytes, over %d", image, st.Size(), maxPictureBytes)
	}
	if _, err := os.Stat(filepath.Join(imgDir, strings.TrimSuffix(rel, ".webp")+".svg")); err != nil {
		return "picture " + image + " has no SVG source beside it"
	}
	if got := pictureFamily(image); got != family {
		return fmt.Sprintf("is %s but its picture %s shows %s", family, image, got)
	}
	return ""
}

func TestEveryProductHasAPictureOfItsFamily(t *testing.T) {
	c, err := LoadCatalog()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for mid, mi := range c.menus {
		for _, cat := range mi.menu.Categories {
			if cat.ID == "catering" {
				continue // the packages, checked below with their kind
			}
			for _, p := range cat.Products {
				if seen[p.ID] {
					continue
				}
				seen[p.ID] = true
				if problem := pictureProblem(p.Image, productFamily(cat.ID, p.Name)); problem != "" {
					t.Errorf("%s %s (%s) %s", mid, p.ID, p.Name, problem)
				}
			}
		}
	}
	if len(seen) < 50 {
		t.Fatalf("checked %d products; the menus did not load", len(seen))
	}
	for _, p := range c.catering.Packages {
		if problem := pictureProblem(p.Image, packageFamily(p)); problem != "" {
			t.Errorf("catering %s (%s) %s", p.ID, p.Name, problem)
		}
	}
}

// The rule itself must be able to fail: a catfish with a chicken picture, a product with
// none or with a file that is not there.
func TestPictureRuleCatchesTheWrongFamily(t *testing.T) {
	cases := []struct{ what, image, family string }{
		{"catfish drawn as chicken", "/static/img/products/chicken-2-piece.webp", productFamily("seafood", "Catfish Basket")},
		{"tray drawn as a family meal", "/static/img/products/family-tenders.webp", packageFamily(ordering.CateringPackage{Kind: "chicken", Unit: "tray"})},
		{"no picture", "", "chicken"},
		{"missing file", "/static/img/products/chicken-99-piece.webp", "chicken"},
		{"not a WebP", "/static/img/products/chicken-2-piece.svg", "chicken"},
	}
	for _, tc := range cases {
		if pictureProblem(tc.image, tc.family) == "" {
			t.Errorf("%s: not reported", tc.what)
		}
	}
	if problem := pictureProblem("/static/img/products/tenders-3.webp", productFamily("chicken", "3 Tenders")); problem != "" {
		t.Errorf("3 tenders with the tenders picture: %s", problem)
	}
}
