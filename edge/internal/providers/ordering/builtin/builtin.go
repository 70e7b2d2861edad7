// Package builtin is the built-in ordering provider: the chain's locations, menus,
// catering menu and offers from the embedded seed files in data/, and carts, orders,
// slot capacity, gift-card balances, e-gift card purchases and house-account spend in
// Redis.
package builtin

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// Config configures the provider.
type Config struct {
	// Store keeps carts and orders. Required.
	Store *store.Store
	// Cards charges card tokens. Required for card payments.
	Cards ordering.CardAuthorizer
	// Geocoder places delivery addresses. Required for delivery.
	Geocoder ordering.Geocoder
	// SiteURL is put before links in order mails ("https://henhouse.example"). Optional.
	// Default: empty, links are paths.
	SiteURL string
	// Outbox takes the e-gift card emails and the order mails. Optional. Default: an outbox on Store (the
	// edge passes the one it shares with the other providers).
	Outbox outbox.Sender
	// Data holds the seed files (locations.json, menus.json, catering.json, offers.json)
	// at its top. Optional. Default: the files embedded in the edge (data/).
	Data fs.FS
	// CartTTL: a cart untouched this long is gone. Default 7 days.
	CartTTL time.Duration
	// Now is the clock. Default time.Now.
	Now func() time.Time
	// SubmitLockTTL is how long a submit holds the cart and its idempotency key: a
	// submit gives up after half of it, and an edge that stops mid-submit leaves both
	// held this long before a retry can go on. Optional. Default: 30 seconds.
	SubmitLockTTL time.Duration
	// ClockSpeed is how much faster than Now the kitchen works through placed orders
	// (a demonstration or a test watches an order go from placed to completed in
	// minutes): 60 makes each minute of an order's life a second. Optional. Default: 1.
	ClockSpeed float64
}

// Provider implements ordering.Provider.
type Provider struct {
	cat *Catalog
	st  *store.Store
	cfg Config
	box outbox.Sender
	// recent is the carts this edge last read or wrote, the start of the next change.
	recent *recentCarts
}

var (
	_ ordering.Provider     = (*Provider)(nil)
	_ ordering.OrderChanges = (*Provider)(nil)
)

// New loads the catalog and seeds the gift cards that Redis does not have yet.
func New(ctx context.Context, cfg Config) (*Provider, error) {
	load := LoadCatalog
	if cfg.Data != nil {
		load = func() (*Catalog, error) { return LoadCatalogFrom(cfg.Data) }
	}
	cat, err := load()
	if err != nil {
		return nil, err
	}
	if cfg.CartTTL <= 0 {
		cfg.CartTTL = 7 * 24 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SubmitLockTTL <= 0 {
		cfg.SubmitLockTTL = DefaultSubmitLockTTL
	}
	if cfg.ClockSpeed == 0 {
		cfg.ClockSpeed = 1
	}
	if !(cfg.ClockSpeed > 0) || math.IsInf(cfg.ClockSpeed, 0) {
		return nil, fmt.Errorf("ordering: clock speed must be a number above 0, got %v", cfg.ClockSpeed)
	}
	p := &Provider{cat: cat, st: cfg.Store, cfg: cfg, box: cfg.Outbox, recent: newRecentCarts()}
	if p.box == nil {
		p.box = outbox.New(cfg.Store, outbox.Config{Now: cfg.Now})
	}
	if err := p.seedGiftCards(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

// Catalog exposes the read-only data (tests, benchmarks).
func (p *Provider) Catalog() *Catalog { return p.cat }

func (p *Provider) now() time.Time { return p.cfg.Now().UTC() }

func notFound(code, msg string) error {
	return &fault.Error{Kind: fault.NotFound, Code: code, Message: msg}
}

func (p *Provider) withStatus(l ordering.Location) ordering.Location {
	p.cat.stampNow(&l, p.now())
	return l
}

// Locations lists every location.
func (p *Provider) Locations(ctx context.Context) ([]ordering.Location, error) {
	out := make([]ordering.Location, len(p.cat.locations))
	for i, l := range p.cat.locations {
		out[i] = p.withStatus(l)
	}
	return out, nil
}

// Location by id.
func (p *Provider) Location(ctx context.Context, id string) (ordering.Location, error) {
	i, ok := p.cat.locByID[id]
	if !ok {
		return ordering.Location{}, notFound("location_not_found", "We couldn't find that location.")
	}
	return p.withStatus(p.cat.locations[i]), nil
}

// LocationByMenu returns the first location that sells menuID.
func (p *Provider) LocationByMenu(ctx context.Context, menuID string) (ordering.Location, error) {
	mi, ok := p.cat.menus[menuID]
	if !ok || len(mi.locations) == 0 {
		return ordering.Location{}, notFound("menu_not_found", "We couldn't find that menu.")
	}
	return p.Location(ctx, mi.locations[0])
}

// Nearby lists locations nearest to a point.
func (p *Provider) Nearby(ctx context.Context, lat, lng float64, limit int) ([]ordering.Location, error) {
	if math.IsNaN(lat) || math.IsNaN(lng) || lat < -90 || lat > 90 || lng < -180 || lng > 180 {
		return nil, fault.New(fault.Invalid, "invalid", "Those coordinates are not on the map.").Field("lat", "between -90 and 90").Field("lng", "between -180 and 180")
	}
	out := p.cat.nearby(lat, lng, limit)
	now := p.now()
	for i := range out {
		p.cat.stampNow(&out[i], now)
	}
	return out, nil
}

func (p *Provider) menu(menuID string) (*menuIndex, error) {
	mi, ok := p.cat.menus[menuID]
	if !ok {
		return nil, notFound("menu_not_found", "We couldn't find that menu.")
	}
	return mi, nil
}

// Menu returns a menu with its categories and products, part-day products judged
// at locationID (docs/menu.md, "Part-day products").
func (p *Provider) Menu(ctx context.Context, menuID, locationID string) (ordering.Menu, error) {
	mi, err := p.menu(menuID)
	if err != nil {
		return ordering.Menu{}, err
	}
	m := mi.menu
	m.Categories = slices.Clone(m.Categories)
	l := p.locOf(mi, locationID)
	for i := range m.Categories {
		m.Categories[i] = p.stampCategory(m.Categories[i], l)
	}
	// A category not served now comes after those that are, in their order, so the menu
	// at lunch does not open on breakfast (docs/menu.md, "Dayparts").
	slices.SortStableFunc(m.Categories, func(a, b ordering.Category) int {
		return cmp.Compare(notServed(a), notServed(b))
	})
	return m, nil
}

// Product returns one product of a menu.
func (p *Provider) Product(ctx context.Context, menuID, productID, locationID string) (ordering.Product, error) {
	mi, err := p.menu(menuID)
	if err != nil {
		return ordering.Product{}, err
	}
	pr, ok := mi.products[productID]
	if !ok {
		return ordering.Product{}, notFound("product_not_found", "That item isn't on this menu.")
	}
	return p.stamp(*pr, p.locOf(mi, locationID)), nil
}

// Category returns one category of a menu.
func (p *Provider) Category(ctx context.Context, menuID, categoryID, locationID string) (ordering.Category, error) {
	mi, err := p.menu(menuID)
	if err != nil {
		return ordering.Category{}, err
	}
	c, ok := mi.category[categoryID]
	if !ok {
		return ordering.Category{}, notFound("category_not_found", "That category isn't on this menu.")
	}
	return p.stampCategory(*c, p.locOf(mi, locationID)), nil
}

// locOf is locationID when it sells the menu, else the first location that does (nil
// when none does).
func (p *Provider) locOf(mi *menuIndex, locationID string) *ordering.Location {
	if locationID != "" && slices.Contains(mi.locations, locationID) {
		return &p.cat.locations[p.cat.locByID[locationID]]
	}
	if len(mi.locations) > 0 {
		return &p.cat.locations[p.cat.locByID[mi.locations[0]]]
	}
	return nil
}

func (p *Provider) stampCategory(c ordering.Category, l *ordering.Location) ordering.Category {
	if c.Availability == nil {
		return c
	}
	now := p.now()
	served, _ := p.cat.partDay(l, c.Availability, now)
	c.ServedNow = &served
	c.ServedLabel = p.cat.servedLabel(l, c.Name, c.Availability, now)
	c.Products = slices.Clone(c.Products)
	for i := range c.Products {
		c.Products[i] = p.stamp(c.Products[i], l)
	}
	return c
}

func notServed(c ordering.Category) int {
	if c.ServedNow != nil && !*c.ServedNow {
		return 1
	}
	return 0
}

// stamp fills AvailableNow and AvailableAt of a part-day product at location l: the
// "earliest available" badge follows the location's opening hours (partDay).
func (p *Provider) stamp(pr ordering.Product, l *ordering.Location) ordering.Product {
	if pr.Availability == nil {
		return pr
	}
	now, at := p.cat.partDay(l, pr.Availability, p.now())
	pr.AvailableNow = &now
	if !now && !at.IsZero() {
		u := at.UTC()
		pr.AvailableAt = &u
	}
	return pr
}

// availableAt says whether t falls in the daily window a (in zone z), and when not,
// when the window next opens.
func availableAt(a *ordering.Availability, z *time.Location, t time.Time) (bool, time.Time) {
	from, _ := clock(a.From)
	until, _ := clock(a.Until)
	local := t.In(z)
	mins := local.Hour()*60 + local.Minute()
	if mins >= from && mins < until {
		return true, time.Time{}
	}
	day := time.Date(local.Year(), local.Month(), local.Day(), 0, 0, 0, 0, z)
	if mins >= until {
		day = day.AddDate(0, 0, 1)
	}
	return false, day.Add(time.Duration(from) * time.Minute)
}

// SearchMenu matches words of the query against product names and descriptions and
// category names and descriptions (a search for "dessert" finds what the Desserts
// category holds), then applies marker filters.
func (p *Provider) SearchMenu(ctx context.Context, menuID string, f ordering.MenuFilter) ([]ordering.Product, error) {
	mi, err := p.menu(menuID)
	if err != nil {
		return nil, err
	}
	for _, m := range append(slices.Clone(f.Exclude), f.Require...) {
		if !p.cat.allMarkers[m] {
			// The filter is not quoted back: errors never echo the request.
			return nil, fault.New(fault.Invalid, "invalid", "That isn't one of the dietary filters.").Field("filter", "unknown marker")
		}
	}
	if len(f.Query) > 100 {
		return nil, fault.New(fault.Invalid, "invalid", "Search for at most 100 characters.").Field("q", "too long")
	}
	words := strings.Fields(strings.ToLower(f.Query))
	l := p.locOf(mi, f.LocationID)
	out := []ordering.Product{}
	for _, cat := range mi.menu.Categories {
		catText := strings.ToLower(cat.Name + " " + cat.Description)
		for _, pr := range cat.Products {
			text := strings.ToLower(pr.Name+" "+pr.Description) + " " + catText
			ok := true
			for _, w := range words {
				if !strings.Contains(text, w) {
					ok = false
					break
				}
			}
			for _, m := range f.Exclude {
				if slices.Contains(pr.Markers, m) {
					ok = false
				}
			}
			for _, m := range f.Require {
				if !slices.Contains(pr.Markers, m) {
					ok = false
				}
			}
			if ok {
				out = append(out, p.stamp(pr, l))
			}
		}
	}
	return out, nil
}

// Catering returns the catering menu; with a menuID, only the packages that menu
// sells (none when it sells no catering).
func (p *Provider) Catering(ctx context.Context, menuID string) (ordering.Catering, error) {
	cat := p.cat.catering
	if menuID == "" {
		return cat, nil
	}
	mi, err := p.menu(menuID)
	if err != nil {
		return ordering.Catering{}, err
	}
	if !mi.catering {
		cat.Packages = []ordering.CateringPackage{}
		return cat, nil
	}
	cat.Packages = slices.Clone(cat.Packages)
	for i := range cat.Packages {
		cat.Packages[i].PriceCents = mi.products[cat.Packages[i].ID].PriceCents
	}
	return cat, nil
}

// SearchCatering finds packages: every word of the query in the package's name or
// description or the name of an occasion it suits; only packages for the occasion
// when one is given; with a headcount, how many of each feed that many.
func (p *Provider) SearchCatering(ctx context.Context, s ordering.CateringSearch) ([]ordering.CateringMatch, error) {
	cat, err := p.Catering(ctx, s.MenuID)
	if err != nil {
		return nil, err
	}
	if len(s.Query) > 100 {
		return nil, fault.New(fault.Invalid, "invalid", "Search for at most 100 characters.").Field("q", "too long")
	}
	if s.Headcount != 0 && (s.Headcount < cat.MinHeadcount || s.Headcount > cat.MaxHeadcount) {
		return nil, fault.New(fault.Invalid, "invalid", "Catering is for %d to %d guests.", cat.MinHeadcount, cat.MaxHeadcount).Field("headcount", "out of range")
	}
	occasionName := map[string]string{}
	for _, o := range cat.Occasions {
		occasionName[o.ID] = o.Name
	}
	if _, ok := occasionName[s.Occasion]; s.Occasion != "" && !ok {
		return nil, fault.New(fault.Invalid, "invalid", "Choose an occasion from the list.").Field("occasion", "unknown occasion")
	}
	words := strings.Fields(strings.ToLower(s.Query))
	out := []ordering.CateringMatch{}
	for _, pkg := range cat.Packages {
		if s.Occasion != "" && !slices.Contains(pkg.Occasions, s.Occasion) {
			continue
		}
		text := strings.ToLower(pkg.Name + " " + pkg.Description + " " + pkg.Kind)
		for _, o := range pkg.Occasions {
			text += " " + strings.ToLower(occasionName[o])
		}
		ok := true
		for _, w := range words {
			ok = ok && strings.Contains(text, w)
		}
		if !ok {
			continue
		}
		m := ordering.CateringMatch{CateringPackage: pkg}
		if s.Headcount > 0 {
			m.Quantity = (s.Headcount + pkg.Serves - 1) / pkg.Serves
		}
		out = append(out, m)
	}
	return out, nil
}

// EstimateCatering suggests packages for a headcount: for each kind of food, the
// servings the guests eat (per-person rate × occasion appetite × the guests'
// appetite), covered by that kind's packages suited to the occasion, largest first,
// with the smallest left over.
func (p *Provider) EstimateCatering(ctx context.Context, in ordering.EstimateInput) (ordering.Estimate, error) {
	cat, err := p.Catering(ctx, in.MenuID)
	if err != nil {
		return ordering.Estimate{}, err
	}
	headcount, occasion := in.Headcount, in.Occasion
	if headcount < cat.MinHeadcount || headcount > cat.MaxHeadcount {
		return ordering.Estimate{}, fault.New(fault.Invalid, "invalid", "Catering is for %d to %d guests.", cat.MinHeadcount, cat.MaxHeadcount).Field("headcount", "out of range")
	}
	if in.Appetite == "" {
		in.Appetite = "regular"
	}
	eats, ok := ordering.Appetites[in.Appetite]
	if !ok {
		return ordering.Estimate{}, fault.New(fault.Invalid, "invalid", "Choose light, regular or hearty.").Field("appetite", "unknown appetite")
	}
	appetite := 100
	if occasion != "" {
		found := false
		for _, o := range cat.Occasions {
			if o.ID == occasion {
				appetite, found = o.AppetitePercent, true
			}
		}
		if !found {
			return ordering.Estimate{}, fault.New(fault.Invalid, "invalid", "Choose an occasion from the list.").Field("occasion", "unknown occasion")
		}
	}
	appetite = appetite * eats / 100
	est := ordering.Estimate{Headcount: headcount, Occasion: occasion, Appetite: in.Appetite, Lines: []ordering.EstimateLine{}}
	for _, size := range cat.ServingSizes {
		need := int(math.Ceil(float64(headcount) * size.PerPerson * float64(appetite) / 100))
		var pk []ordering.CateringPackage
		for _, pkg := range cat.Packages {
			if pkg.Kind == size.Kind && (occasion == "" || slices.Contains(pkg.Occasions, occasion)) {
				pk = append(pk, pkg)
			}
		}
		if len(pk) == 0 {
			continue
		}
		slices.SortFunc(pk, func(a, b ordering.CateringPackage) int { return b.Serves - a.Serves })
		counts := map[string]int{}
		rest := need
		for i, pkg := range pk {
			if i == len(pk)-1 {
				counts[pkg.ID] += (rest + pkg.Serves - 1) / pkg.Serves
				rest = 0
				break
			}
			n := rest / pkg.Serves
			counts[pkg.ID] += n
			rest -= n * pkg.Serves
		}
		for _, pkg := range pk {
			if n := counts[pkg.ID]; n > 0 {
				line := ordering.EstimateLine{PackageID: pkg.ID, Name: pkg.Name, Quantity: n, Servings: n * pkg.Serves, TotalCents: int64(n) * pkg.PriceCents}
				est.Lines = append(est.Lines, line)
				est.TotalCents += line.TotalCents
			}
		}
	}
	est.PerPersonCents = (est.TotalCents + int64(headcount)/2) / int64(headcount)
	return est, nil
}

// Times lists the time options of a location now.
func (p *Provider) Times(ctx context.Context, locationID string) (ordering.TimeOptions, error) {
	i, ok := p.cat.locByID[locationID]
	if !ok {
		return ordering.TimeOptions{}, notFound("location_not_found", "We couldn't find that location.")
	}
	return p.timeOptions(ctx, &p.cat.locations[i], nil)
}

// CartTimes lists the time options of the owner's cart: those its products allow.
func (p *Provider) CartTimes(ctx context.Context, owner string) (ordering.TimeOptions, error) {
	c, _, err := p.load(ctx, owner)
	if err != nil {
		return ordering.TimeOptions{}, err
	}
	l, _, err := p.cartContext(&c)
	if err != nil {
		return ordering.TimeOptions{}, err
	}
	return p.timeOptions(ctx, l, c.Products)
}

// timeOptions writes the choices (hours.go) of a location for some products, with
// each slot's capacity and every time labelled with its day.
func (p *Provider) timeOptions(ctx context.Context, l *ordering.Location, products []ordering.CartProduct) (ordering.TimeOptions, error) {
	now := p.now()
	ch := p.cat.choices(l, now, products)
	z := p.cat.zones[l.ID]
	opts := ordering.TimeOptions{ASAPAvailable: ch.asapOffered(), OpenNow: ch.openNow, NextReady: ch.nextReady.UTC(), Earliest: ch.earliest.UTC(), TimeZone: l.TimeZone, Days: []ordering.Day{}}
	if !ch.earliest.IsZero() {
		opts.EarliestLabel = ch.label(ch.earliest)
	}
	if err := ch.leadError(); err != nil {
		fe, _ := fault.As(err)
		opts.Notice = fe.Message
	}
	opts.UTCOffsetMinutes, opts.UTCOffsetUntil = ordering.ZoneOffset(z, now)
	used, err := p.slotCounts(ctx, l.ID, ch.slots)
	if err != nil {
		return ordering.TimeOptions{}, err
	}
	for k, t := range ch.slots {
		date := t.In(z).Format("2006-01-02")
		if len(opts.Days) == 0 || opts.Days[len(opts.Days)-1].Date != date {
			opts.Days = append(opts.Days, ordering.Day{Date: date, Label: ch.dayLabel(t), Today: ch.today(t)})
		}
		d := &opts.Days[len(opts.Days)-1]
		free := used[k] < int64(l.SlotCapacity)
		d.Slots = append(d.Slots, ordering.Slot{At: t.UTC(), Available: free, Label: ch.label(t)})
		opts.LaterAvailable = opts.LaterAvailable || (free && d.Today)
	}
	return opts, nil
}
