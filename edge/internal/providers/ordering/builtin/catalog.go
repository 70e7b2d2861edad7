package builtin

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
	_ "time/tzdata" // location time zones must resolve on any machine
	"unicode/utf8"

	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

//go:embed data/*.json
var dataFS embed.FS

type productSeed struct {
	ID             string   `json:"id"`
	Category       string   `json:"category"`
	Name           string   `json:"name"`
	Description    string   `json:"description"`
	PriceCents     int64    `json:"price_cents"`
	Calories       int      `json:"calories"`
	Image          string   `json:"image"`
	Markers        []string `json:"markers"`
	ModifierGroups []string `json:"modifier_groups"`
	Upsells        []string `json:"upsells"`
	CrossContact   []string `json:"cross_contact"`
}

type menuSeed struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Products     []string `json:"products"`
	PricePercent int64    `json:"price_percent"`
	// Catering: the menu also sells the catering packages (catering.json), as the
	// products of its Catering category.
	Catering bool `json:"catering"`
}

// DefaultCardProcessor is the card processor of a location whose data names none.
const DefaultCardProcessor = "hosted"

var processorRE = regexp.MustCompile(`^[a-z0-9-]{1,40}$`)

// CateringCategory is the menu category that holds the catering packages.
const CateringCategory = "catering"

var cateringCategory = ordering.Category{ID: CateringCategory, Name: "Catering",
	Description: "Trays, pans and boxed lunches for groups, made to order with a day's notice."}

type menusFile struct {
	Categories     []ordering.Category      `json:"categories"`
	ModifierGroups []ordering.ModifierGroup `json:"modifier_groups"`
	Products       []productSeed            `json:"products"`
	Menus          []menuSeed               `json:"menus"`
}

type coupon struct {
	Code             string     `json:"code"`
	Description      string     `json:"description"`
	Kind             string     `json:"kind"` // amount | percent | delivery_fee
	AmountCents      int64      `json:"amount_cents"`
	Percent          int64      `json:"percent"`
	MaxCents         int64      `json:"max_cents"`
	MinSubtotalCents int64      `json:"min_subtotal_cents"`
	Handoff          string     `json:"handoff"`
	Expires          *time.Time `json:"expires"`
}

type giftCardSeed struct {
	Number       string `json:"number"`
	PIN          string `json:"pin"`
	BalanceCents int64  `json:"balance_cents"`
}

type houseAccount struct {
	ID                  string   `json:"id"`
	Name                string   `json:"name"`
	CreditLimitCents    int64    `json:"credit_limit_cents"`
	RequiresPO          bool     `json:"requires_po"`
	AllowedEmailDomains []string `json:"allowed_email_domains"`
}

type offersFile struct {
	Coupons             []coupon       `json:"coupons"`
	GiftCards           []giftCardSeed `json:"gift_cards"`
	HouseAccounts       []houseAccount `json:"house_accounts"`
	TaxExemptionPattern string         `json:"tax_exemption_pattern"`
	Tips                tipRule        `json:"tips"`
}

// menuIndex is a menu with lookups.
type menuIndex struct {
	menu      ordering.Menu
	products  map[string]*ordering.Product
	category  map[string]*ordering.Category
	locations []string // ids of locations selling this menu, in file order
	catering  bool     // sells the catering packages
}

// Catalog is the read-only data the provider serves: locations, menus, catering,
// coupons. It is loaded once from the embedded seed files.
type Catalog struct {
	locations  []ordering.Location
	locByID    map[string]int
	zones      map[string]*time.Location
	menus      map[string]*menuIndex
	catering   ordering.Catering
	coupons    map[string]coupon
	giftCards  []giftCardSeed
	houses     map[string]houseAccount
	taxExempt  *regexp.Regexp
	tips       tipRule
	allMarkers map[string]bool
}

// LoadCatalog reads and checks the embedded seed files.
func LoadCatalog() (*Catalog, error) {
	data, err := fs.Sub(dataFS, "data")
	if err != nil {
		return nil, err
	}
	return LoadCatalogFrom(data)
}

// LoadCatalogFrom reads and checks the seed files (locations.json, menus.json,
// catering.json, offers.json) at the top of data.
func LoadCatalogFrom(data fs.FS) (*Catalog, error) {
	c := &Catalog{locByID: map[string]int{}, zones: map[string]*time.Location{}, menus: map[string]*menuIndex{},
		coupons: map[string]coupon{}, houses: map[string]houseAccount{}, allMarkers: map[string]bool{}}
	for _, m := range ordering.Markers {
		c.allMarkers[m] = true
	}
	var locs struct {
		Locations []ordering.Location `json:"locations"`
	}
	var menus menusFile
	var offers offersFile
	for name, v := range map[string]any{"locations.json": &locs, "menus.json": &menus, "catering.json": &c.catering, "offers.json": &offers} {
		b, err := fs.ReadFile(data, name)
		if err != nil {
			return nil, err
		}
		dec := json.NewDecoder(strings.NewReader(string(b)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return nil, fmt.Errorf("ordering data %s: %w", name, err)
		}
	}
	if err := c.buildMenus(menus); err != nil {
		return nil, err
	}
	for i, l := range locs.Locations {
		if _, dup := c.locByID[l.ID]; dup {
			return nil, fmt.Errorf("ordering data: duplicate location %s", l.ID)
		}
		mi, ok := c.menus[l.MenuID]
		if !ok {
			return nil, fmt.Errorf("ordering data: location %s sells unknown menu %s", l.ID, l.MenuID)
		}
		z, err := time.LoadLocation(l.TimeZone)
		if err != nil {
			return nil, fmt.Errorf("ordering data: location %s: %w", l.ID, err)
		}
		if len(l.Hours) != 7 {
			return nil, fmt.Errorf("ordering data: location %s needs hours for 7 days", l.ID)
		}
		for _, h := range l.Hours {
			if !h.Closed {
				if _, err := clock(h.Open); err != nil {
					return nil, fmt.Errorf("ordering data: location %s %s: %w", l.ID, h.Day, err)
				}
				if _, err := clock(h.Close); err != nil {
					return nil, fmt.Errorf("ordering data: location %s %s: %w", l.ID, h.Day, err)
				}
			}
		}
		if l.SlotMinutes <= 0 {
			l.SlotMinutes = 15
		}
		if len(l.CardProcessors) == 0 {
			l.CardProcessors = []string{DefaultCardProcessor}
		}
		if l.CustomFields == nil {
			l.CustomFields = []ordering.CustomField{}
		}
		for _, f := range l.CustomFields {
			if f.Name == "" || f.Label == "" || f.MaxLength <= 0 || f.MaxLength > MaxCustomFieldLength || utf8.RuneCountInString(f.Name) > MaxCustomFieldKeyChars {
				return nil, fmt.Errorf("ordering data: location %s has a bad custom field %q", l.ID, f.Name)
			}
		}
		for i, id := range l.CardProcessors {
			if !processorRE.MatchString(id) || slices.Contains(l.CardProcessors[:i], id) {
				return nil, fmt.Errorf("ordering data: location %s has a bad card processor %q", l.ID, id)
			}
		}
		c.zones[l.ID] = z
		c.locByID[l.ID] = i
		mi.locations = append(mi.locations, l.ID)
		c.locations = append(c.locations, l)
	}
	for _, cp := range offers.Coupons {
		c.coupons[strings.ToUpper(cp.Code)] = cp
	}
	for _, h := range offers.HouseAccounts {
		c.houses[h.ID] = h
	}
	c.giftCards = offers.GiftCards
	re, err := regexp.Compile(offers.TaxExemptionPattern)
	if err != nil {
		return nil, fmt.Errorf("ordering data: tax exemption pattern: %w", err)
	}
	if err := offers.Tips.validate(); err != nil {
		return nil, err
	}
	c.taxExempt, c.tips = re, offers.Tips
	return c, nil
}

func (c *Catalog) buildMenus(f menusFile) error {
	groups := map[string]ordering.ModifierGroup{}
	for _, g := range f.ModifierGroups {
		if err := c.checkGroup(g); err != nil {
			return err
		}
		groups[g.ID] = g
	}
	seeds := map[string]productSeed{}
	for _, p := range f.Products {
		if err := c.checkMarkers(p.ID, p.Markers); err != nil {
			return err
		}
		seeds[p.ID] = p
	}
	catOrder := map[string]int{}
	for i, cat := range f.Categories {
		catOrder[cat.ID] = i
	}
	for _, ms := range f.Menus {
		mi := &menuIndex{products: map[string]*ordering.Product{}, category: map[string]*ordering.Category{}}
		mi.menu = ordering.Menu{ID: ms.ID, Name: ms.Name}
		byCat := map[string][]ordering.Product{}
		for _, pid := range ms.Products {
			s, ok := seeds[pid]
			if !ok {
				return fmt.Errorf("ordering data: menu %s lists unknown product %s", ms.ID, pid)
			}
			p := ordering.Product{ID: s.ID, CategoryID: s.Category, Name: s.Name, Description: s.Description,
				PriceCents: scale(s.PriceCents, ms.PricePercent), Calories: s.Calories, Image: s.Image,
				Markers: s.Markers, CrossContact: s.CrossContact}
			for _, gid := range s.ModifierGroups {
				g, ok := groups[gid]
				if !ok {
					return fmt.Errorf("ordering data: product %s uses unknown group %s", pid, gid)
				}
				g = scaleGroup(g, ms.PricePercent)
				p.ModifierGroups = append(p.ModifierGroups, g)
			}
			for _, u := range s.Upsells {
				if slices.Contains(ms.Products, u) {
					p.Upsells = append(p.Upsells, u)
				}
			}
			if _, ok := catOrder[s.Category]; !ok {
				return fmt.Errorf("ordering data: product %s in unknown category %s", pid, s.Category)
			}
			byCat[s.Category] = append(byCat[s.Category], p)
		}
		for _, cat := range f.Categories {
			ps := byCat[cat.ID]
			if len(ps) == 0 {
				continue
			}
			if a := cat.Availability; a != nil {
				if err := checkWindow(cat.ID, a); err != nil {
					return err
				}
				for i := range ps {
					ps[i].Availability = a
				}
			}
			cat.Products = ps
			mi.menu.Categories = append(mi.menu.Categories, cat)
		}
		if ms.Catering {
			mi.catering = true
			cat := cateringCategory
			for _, pkg := range c.catering.Packages {
				if err := c.checkMarkers(pkg.ID, pkg.Markers); err != nil {
					return err
				}
				if _, dup := seeds[pkg.ID]; dup {
					return fmt.Errorf("ordering data: catering package %s has a product's id", pkg.ID)
				}
				cat.Products = append(cat.Products, ordering.Product{ID: pkg.ID, CategoryID: CateringCategory, Name: pkg.Name,
					Description: pkg.Description, PriceCents: scale(pkg.PriceCents, ms.PricePercent), Image: pkg.Image,
					Markers: pkg.Markers})
			}
			mi.menu.Categories = append(mi.menu.Categories, cat)
		}
		for ci := range mi.menu.Categories {
			cat := &mi.menu.Categories[ci]
			mi.category[cat.ID] = cat
			for pi := range cat.Products {
				mi.products[cat.Products[pi].ID] = &cat.Products[pi]
			}
		}
		c.menus[ms.ID] = mi
	}
	return nil
}

// checkGroup checks a group's kind, limits and markers, and those of its nested groups.
func (c *Catalog) checkGroup(g ordering.ModifierGroup) error {
	switch g.Kind {
	case ordering.KindButton, ordering.KindCheckbox, ordering.KindCounter:
	default:
		return fmt.Errorf("ordering data: group %s has unknown kind %q", g.ID, g.Kind)
	}
	if g.Min < 0 || g.Max < g.Min || g.Max == 0 {
		return fmt.Errorf("ordering data: group %s has bad limits %d..%d", g.ID, g.Min, g.Max)
	}
	for _, m := range g.Modifiers {
		if err := c.checkMarkers(m.ID, m.Markers); err != nil {
			return err
		}
		for _, n := range m.ModifierGroups {
			if err := c.checkGroup(n); err != nil {
				return err
			}
		}
	}
	return nil
}

// scaleGroup copies a group with every price, nested ones too, at a menu's price level.
func scaleGroup(g ordering.ModifierGroup, percent int64) ordering.ModifierGroup {
	g.Modifiers = slices.Clone(g.Modifiers)
	for i := range g.Modifiers {
		m := &g.Modifiers[i]
		m.PriceCents = scale(m.PriceCents, percent)
		if len(m.ModifierGroups) > 0 {
			nested := make([]ordering.ModifierGroup, len(m.ModifierGroups))
			for j, n := range m.ModifierGroups {
				nested[j] = scaleGroup(n, percent)
			}
			m.ModifierGroups = nested
		}
	}
	return g
}

func checkWindow(id string, a *ordering.Availability) error {
	from, err1 := clock(a.From)
	until, err2 := clock(a.Until)
	if err1 != nil || err2 != nil || until <= from || a.Label == "" {
		return fmt.Errorf("ordering data: %s has a bad availability window", id)
	}
	return nil
}

func (c *Catalog) checkMarkers(id string, ms []string) error {
	for _, m := range ms {
		if !c.allMarkers[m] {
			return fmt.Errorf("ordering data: %s has unknown marker %q", id, m)
		}
	}
	return nil
}

// scale applies a menu's price level, rounding to the cent.
func scale(cents, percent int64) int64 {
	if percent == 0 || percent == 100 {
		return cents
	}
	return (cents*percent + 50) / 100
}

// clock parses "HH:MM" into minutes after midnight.
func clock(s string) (int, error) {
	var h, m int
	if _, err := fmt.Sscanf(s, "%d:%d", &h, &m); err != nil || h < 0 || h > 24 || m < 0 || m > 59 {
		return 0, fmt.Errorf("bad time %q", s)
	}
	return h*60 + m, nil
}

// Distance is the great-circle distance in miles.
func Distance(lat1, lng1, lat2, lng2 float64) float64 {
	const r = 3958.8
	rad := math.Pi / 180
	dlat, dlng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dlat/2)*math.Sin(dlat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dlng/2)*math.Sin(dlng/2)
	return 2 * r * math.Asin(math.Min(1, math.Sqrt(a)))
}

// nearby sorts location indexes by distance.
func (c *Catalog) nearby(lat, lng float64, limit int) []ordering.Location {
	type d struct {
		i int
		m float64
	}
	ds := make([]d, len(c.locations))
	for i, l := range c.locations {
		ds[i] = d{i, Distance(lat, lng, l.Lat, l.Lng)}
	}
	sort.SliceStable(ds, func(a, b int) bool { return ds[a].m < ds[b].m })
	if limit <= 0 || limit > len(ds) {
		limit = len(ds)
	}
	out := make([]ordering.Location, 0, limit)
	for _, x := range ds[:limit] {
		l := c.locations[x.i]
		m := roundMiles(x.m)
		l.DistanceMiles = &m
		out = append(out, l)
	}
	return out
}
