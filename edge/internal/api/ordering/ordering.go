// Package ordering serves the ordering API under /api: locations, menus, catering,
// the visitor's cart, checkout and orders. It translates HTTP to the roles of the
// ordering contract (package ordering: Locations, Menus, Carts, Checkout, Orders,
// GiftCards, GroupOrders) and nothing more; every rule lives in the provider. The contract is
// documented in docs/api.md.
package ordering

import (
	"context"
	"encoding/json"
	"log/slog"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/httpx/cartversion"
	"github.com/henhouse/platform/edge/internal/providers/geocode"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// Config configures the ordering API.
type Config struct {
	// The roles of the ordering system this API takes (docs/providers.md), each
	// serving its own routes: a route whose role is nil answers 404
	// feature_unavailable. The edge refuses to start without Locations, Menus, Carts,
	// Checkout and Orders, so only a test leaves them out. Optional: GiftCards (the
	// balance check, the designs and e-gift card purchases).
	Locations ordering.Locations
	Menus     ordering.Menus
	Carts     ordering.Carts
	Checkout  ordering.Checkout
	Orders    ordering.Orders
	GiftCards ordering.GiftCards
	// Groups runs group orders (/cart/group…, /groups/{code}…). Optional: without it
	// those routes answer 404 feature_unavailable.
	Groups ordering.GroupOrders
	// Geocoder resolves location searches by address. Required for ?q= searches.
	Geocoder ordering.Geocoder
	// Places suggests addresses as the guest types (GET /places). Optional: without
	// it suggestions answer 503 geocoder_unavailable.
	Places geocode.Geocoder
	// Tokenize turns hosted card fields into a token of a processor. Optional.
	Tokenize func(ctx context.Context, processor string, card CardInput) (CardToken, error)
	// SubmitGuard runs before checkout submit (the bot check). Optional.
	SubmitGuard fiber.Handler
	// GiftCardGuard runs before a gift card balance check, which takes a card's PIN:
	// rate limits per card and per client, and the bot check. Optional. Default: none.
	GiftCardGuard []fiber.Handler
	// GiftPurchaseGuard runs before an e-gift card purchase: a rate limit per client
	// and the bot check. Optional. Default: none.
	GiftPurchaseGuard []fiber.Handler
	// GroupGuard runs before every route of a group's link (/groups/{code}…), whose
	// code is all that admits a person to a group: rate limits per client, on requests
	// and on unknown codes, against guessing. Optional. Default: none.
	GroupGuard []fiber.Handler
	// GroupInviteGuard runs before a host's invitations are mailed: a rate limit per
	// visitor, so the link cannot be used to send mail in bulk. Optional. Default: none.
	GroupInviteGuard []fiber.Handler
	// Owner identifies whose cart a request acts on. Default: the visitor id.
	Owner func(c fiber.Ctx) string
	// HouseAccounts are the house accounts a member may charge (the one rule of it:
	// member.Service.HouseAccounts). Optional: without it no house account is charged.
	HouseAccounts func(ctx context.Context, memberID string) ([]ordering.HouseAccount, error)
	// SavedCards are a member's saved cards (the loyalty wallet), for the payment
	// options of a cart. Optional: without it none are offered.
	SavedCards func(ctx context.Context, memberID string) ([]ordering.SavedCardShown, error)
	// PublishableKey is the key a processor's card form needs in the browser, "" when
	// it needs none. Optional.
	PublishableKey func(processor string) string
	// OnOrder runs after an order is placed (points for members). Optional.
	OnOrder func(c fiber.Ctx, o ordering.Order)
	// OnCancel runs after an order is cancelled (a member's pending points and
	// rewards). Optional.
	OnCancel func(c fiber.Ctx, o ordering.Order)
	// OnAbandon runs after a cart is abandoned, with the cart as it was (a member's
	// rewards in it). Optional.
	OnAbandon func(c fiber.Ctx, cart ordering.Cart)
	// EventsInterval is how often an order's event stream reads the order again when
	// Orders cannot say when an order changes (it is no ordering.OrderChanges; the
	// built-in provider is one, and then streams read only on a change). Optional.
	// Default: 1 second.
	EventsInterval time.Duration
	// EventsKeepAlive is the longest an event stream stays silent: a comment line then
	// keeps proxies from closing it and finds a client that has gone. Optional.
	// Default: 15 seconds.
	EventsKeepAlive time.Duration
	// EventsMaxAge ends an event stream that has run this long; the browser
	// reconnects. Optional. Default: 10 minutes.
	EventsMaxAge time.Duration
	// EventsPerVisitor is how many event streams one visitor may hold open on this
	// edge (a confirmation open in a few tabs); one more is answered 429 and the page
	// asks for the order every few seconds instead. Optional. Default: 4.
	EventsPerVisitor int
	// EventsPerAddress is how many event streams one client address may hold open on
	// this edge (guests behind one office or campus address). Optional. Default: 32.
	EventsPerAddress int
	// EventsMax is how many event streams this edge holds open at once, whoever asks:
	// each holds a connection and its buffers (about 150 KB). Optional. Default: 1000.
	EventsMax int
	// Log takes what a stream's writer reports (a recovered panic). Optional.
	// Default: slog.Default().
	Log *slog.Logger
}

// CardInput is what the hosted card fields post. The expiry month and year are
// integers, as on every card the API returns (a two-digit year is in this century);
// zero means not given.
type CardInput struct {
	Number     string `json:"number"`
	ExpMonth   int    `json:"exp_month"`
	ExpYear    int    `json:"exp_year"`
	CVV        string `json:"cvv"`
	PostalCode string `json:"postal_code"`
	Name       string `json:"name"`
}

// CardToken is the tokenised card (never the number).
type CardToken struct {
	Token     string `json:"token"`
	Processor string `json:"processor"`
	Brand     string `json:"brand"`
	Last4     string `json:"last4"`
	ExpMonth  int    `json:"exp_month"`
	ExpYear   int    `json:"exp_year"`
}

type api struct {
	cfg     Config
	streams *streamGate
	watch   *watchers
}

// unavailableMessages are what a guest is told, by role, when a route's role is not
// filled.
var unavailableMessages = map[string]string{
	"Locations": "Finding a restaurant isn't available here.",
	"Menus":     "Menus aren't available here.",
	"Carts":     "Ordering online isn't available here.",
	"Checkout":  "Checkout isn't available here.",
	"Orders":    "Orders can't be looked up here.",
	"GiftCards": "Gift cards aren't available here.",
	"Groups":    "Group orders aren't available here.",
}

// unavailable is the answer of a route whose role the ordering system does not fill:
// 404 feature_unavailable, the route's feature being off rather than the request
// being wrong. role names the role ("GiftCards").
func unavailable(role string) *fault.Error {
	return fault.New(fault.NotFound, "feature_unavailable", "%s", unavailableMessages[role])
}

// Mount registers the ordering endpoints on r (the /api group).
func Mount(r fiber.Router, cfg Config) {
	if cfg.Owner == nil {
		cfg.Owner = session.VisitorID
	}
	if cfg.EventsInterval <= 0 {
		cfg.EventsInterval = time.Second
	}
	if cfg.EventsKeepAlive <= 0 {
		cfg.EventsKeepAlive = 15 * time.Second
	}
	if cfg.EventsMaxAge <= 0 {
		cfg.EventsMaxAge = 10 * time.Minute
	}
	if cfg.EventsPerVisitor <= 0 {
		cfg.EventsPerVisitor = 4
	}
	if cfg.EventsPerAddress <= 0 {
		cfg.EventsPerAddress = 32
	}
	if cfg.EventsMax <= 0 {
		cfg.EventsMax = 1000
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	a := &api{cfg: cfg, streams: newStreamGate(cfg), watch: newWatchers(cfg.Orders, cfg.EventsInterval, cfg.Log)}
	filled := map[string]bool{"Locations": cfg.Locations != nil, "Menus": cfg.Menus != nil, "Carts": cfg.Carts != nil,
		"Checkout": cfg.Checkout != nil, "Orders": cfg.Orders != nil, "GiftCards": cfg.GiftCards != nil,
		"Groups": cfg.Groups != nil}
	// route registers a route of role: its guards, then its handler, when the role is
	// filled; else one handler answering unavailable, which runs none of the guards.
	route := func(method, path, role string, hs ...any) {
		if !filled[role] {
			hs = []any{func(fiber.Ctx) error { return unavailable(role) }}
		}
		r.Add([]string{method}, path, hs[0], hs[1:]...)
	}
	menuRole := "Menus" // the menu comes with the location it is shown for
	if !filled["Locations"] {
		menuRole = "Locations"
	}
	const get, post, put, del = fiber.MethodGet, fiber.MethodPost, fiber.MethodPut, fiber.MethodDelete
	route(get, "/locations", "Locations", a.locations)
	route(get, "/locations/states", "Locations", a.states)
	route(post, "/locations/delivery", "Locations", a.delivering)
	route(get, "/locations/by-menu/:menuId", "Locations", a.locationByMenu)
	route(get, "/locations/:id", "Locations", a.location)
	route(get, "/locations/:id/times", "Locations", a.times)
	r.Get("/places", a.places) // our locations' addresses first when there are any

	route(get, "/menus/:menuId", menuRole, a.menu)
	route(get, "/menus/:menuId/search", "Menus", a.search)
	route(get, "/menus/:menuId/categories/:categoryId", "Menus", a.category)
	route(get, "/menus/:menuId/products/:productId", "Menus", a.product)

	route(get, "/nutrition", "Menus", a.nutrition)
	route(get, "/catering", "Menus", a.catering)
	route(get, "/catering/search", "Menus", a.cateringSearch)
	route(post, "/catering/estimate", "Menus", a.estimate)

	// change is a route that changes the cart: it may say which version it changes
	// (If-Match), and a stale one is answered 412 with the cart as it is now.
	change := func(method, path, role string, h fiber.Handler) { route(method, path, role, cartversion.IfMatch, h) }
	route(get, "/cart", "Carts", a.cart)
	route(get, "/cart/times", "Carts", a.cartTimes)
	change(post, "/cart", "Carts", a.createCart)
	change(del, "/cart", "Carts", a.abandon)
	route(post, "/cart/restore", "Carts", a.restore) // names the cart it brings back
	change(post, "/cart/products", "Carts", a.addProduct)
	change(post, "/cart/transfer", "Carts", a.transfer)
	change(put, "/cart/products/:lineId", "Carts", cartChange(a, a.updateProduct))
	change(del, "/cart/products/:lineId", "Carts", cartChange(a, a.removeProduct))
	for _, ch := range a.checkoutChanges() {
		change(put, ch.path, "Checkout", ch.h)
	}
	change(del, "/cart/coupon", "Checkout", cartChange(a, a.removeCoupon))
	a.mountGroups(route, change)
	var submitGuards []fiber.Handler
	if cfg.SubmitGuard != nil {
		submitGuards = append(submitGuards, cfg.SubmitGuard)
	}
	route(post, "/cart/validate", "Checkout", a.validate)
	route(get, "/cart/payment-options", "Checkout", a.paymentOptions)
	route(post, "/cart/submit", "Checkout", guarded(submitGuards, a.submit)...)

	r.Post("/payments/cards", a.tokenize)
	route(post, "/giftcards/balance", "GiftCards", guarded(cfg.GiftCardGuard, a.giftBalance)...)
	route(get, "/giftcards/designs", "GiftCards", a.giftDesigns)
	route(post, "/giftcards/purchases", "GiftCards", guarded(cfg.GiftPurchaseGuard, a.giftPurchase)...)
	route(get, "/orders/recent", "Orders", a.recentOrder) // before /orders/:id, which would take "recent" for an id
	route(get, "/orders/:id", "Orders", a.order)
	route(get, "/orders/:id/events", "Orders", a.orderEvents)
	route(post, "/orders/:id/cancel", "Orders", a.cancelOrder)
	route(post, "/orders/:id/arrived", "Orders", a.orderArrived)
	if filled["Carts"] {
		route(post, "/orders/:id/reorder", "Orders", a.reorder)
	} else {
		route(post, "/orders/:id/reorder", "Carts", a.reorder)
	}
}

func queryFloat(c fiber.Ctx, name string) (float64, bool, error) {
	s := c.Query(name)
	if s == "" {
		return 0, false, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false, fault.New(fault.Invalid, "invalid", "%s must be a number.", name).Field(name, "must be a number")
	}
	return f, true, nil
}

func queryLimit(c fiber.Ctx, def, max int) (int, error) {
	s := c.Query("limit")
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > max {
		return 0, fault.New(fault.Invalid, "invalid", "limit must be from 1 to %d.", max).Field("limit", "out of range")
	}
	return n, nil
}

// GET /locations: ?lat&lng (nearest first), ?q (address through the geocoder),
// ?state&city&address (browse), or nothing (all).
func (a *api) locations(c fiber.Ctx) error {
	ctx := c.Context()
	limit, err := queryLimit(c, 10, 100)
	if err != nil {
		return err
	}
	lat, hasLat, err := queryFloat(c, "lat")
	if err != nil {
		return err
	}
	lng, hasLng, err := queryFloat(c, "lng")
	if err != nil {
		return err
	}
	if q := strings.TrimSpace(c.Query("q")); q != "" {
		if len(q) > 200 {
			return fault.New(fault.Invalid, "invalid", "Search for at most 200 characters.").Field("q", "too long")
		}
		if a.cfg.Geocoder == nil {
			return fault.New(fault.Unavailable, "geocoder_unavailable", "Address search isn't available right now. Browse by state instead.")
		}
		lat, lng, err = a.cfg.Geocoder.Locate(ctx, q)
		if geocode.IsNotFound(err) {
			// The field is named as the request names it: the query parameter q.
			fe, _ := fault.As(err)
			return fault.New(fault.Invalid, "address_not_found", "%s", fe.Message).Field("q", "We couldn't find this place")
		}
		if err != nil {
			return err
		}
		hasLat, hasLng = true, true
	}
	if hasLat != hasLng {
		return fault.New(fault.Invalid, "invalid", "Send both lat and lng.").Field("lat", "with lng").Field("lng", "with lat")
	}
	if hasLat {
		ls, err := a.cfg.Locations.Nearby(ctx, lat, lng, limit)
		if err != nil {
			return err
		}
		return c.JSON(fiber.Map{"locations": ls, "center": fiber.Map{"lat": lat, "lng": lng}})
	}
	all, err := a.cfg.Locations.Locations(ctx)
	if err != nil {
		return err
	}
	b := ordering.Browse{State: c.Query("state"), City: c.Query("city"), Address: c.Query("address")}
	return c.JSON(fiber.Map{"locations": ordering.FilterLocations(all, b)})
}

// GET /locations/states: states and cities with location counts, for browsing.
func (a *api) states(c fiber.Ctx) error {
	all, err := a.cfg.Locations.Locations(c.Context())
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"states": ordering.GroupByState(all)})
}

// POST /locations/delivery: the locations that deliver to {address}, nearest first.
func (a *api) delivering(c fiber.Ctx) error {
	var in struct {
		Address ordering.Address `json:"address"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	found, err := a.cfg.Locations.DeliveringTo(c.Context(), in.Address)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"locations": found.Locations, "center": fiber.Map{"lat": found.Lat, "lng": found.Lng}})
}

// GET /places?q=: address suggestions as the guest types, our locations' streets and
// cities first (geocode.Suggest). q may be empty (the box was cleared) but not
// missing, as the contract says.
func (a *api) places(c fiber.Ctx) error {
	if !c.Request().URI().QueryArgs().Has("q") {
		return fault.New(fault.Invalid, "invalid", "Type an address, city or ZIP code to search.").Field("q", "required")
	}
	var stores []geocode.Store
	if a.cfg.Places != nil && a.cfg.Locations != nil && len(strings.TrimSpace(c.Query("q"))) >= geocode.MinSuggestLen {
		all, err := a.cfg.Locations.Locations(c.Context())
		if err != nil {
			return err
		}
		stores = make([]geocode.Store, len(all))
		for i, l := range all {
			stores[i] = geocode.Store{Street: l.Address.Street, City: l.Address.City, State: l.Address.State,
				ZIP: l.Address.ZIP, Lat: l.Lat, Lng: l.Lng}
		}
	}
	ps, err := geocode.Suggest(c.Context(), a.cfg.Places, stores, c.Query("q"))
	if err != nil {
		return err
	}
	// The answer depends on the query, the geocoder's data and the locations' addresses,
	// which change with a release.
	c.Set(fiber.HeaderCacheControl, site.PublicFor(5*time.Minute))
	return c.JSON(fiber.Map{"places": ps})
}

func (a *api) location(c fiber.Ctx) error {
	l, err := a.cfg.Locations.Location(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"location": l})
}

// GET /locations/by-menu/:menuId: the location the shell reloads at start-up from the
// cart's menu (docs/api.md). ?locationId
// prefers that location when it sells the menu.
func (a *api) locationByMenu(c fiber.Ctx) error {
	ctx := c.Context()
	if id := c.Query("location_id"); id != "" {
		if l, err := a.cfg.Locations.Location(ctx, id); err == nil && l.MenuID == c.Params("menuId") {
			return c.JSON(fiber.Map{"location": l})
		}
	}
	l, err := a.cfg.Locations.LocationByMenu(ctx, c.Params("menuId"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"location": l})
}

func (a *api) times(c fiber.Ctx) error {
	t, err := a.cfg.Locations.Times(c.Context(), c.Params("id"))
	if err != nil {
		return err
	}
	return c.JSON(t)
}

// GET /menus/:menuId?locationId: the menu and the location it is shown for (the one
// asked about when it sells the menu, else the first that does), in one answer, so
// the menu page needs one request (docs/menu.md).
func (a *api) menu(c fiber.Ctx) error {
	ctx := c.Context()
	mid := c.Params("menuId")
	loc, err := a.menuLocation(c, mid)
	if err != nil {
		return err
	}
	m, err := a.cfg.Menus.Menu(ctx, mid, loc.ID)
	if err != nil {
		return err
	}
	// Part-day products change state within the hour: a short shared lifetime.
	c.Set(fiber.HeaderCacheControl, site.PublicFor(time.Minute))
	return c.JSON(fiber.Map{"menu": m, "location": loc})
}

// menuLocation is ?locationId when that location sells menuId, else the first
// location selling it.
func (a *api) menuLocation(c fiber.Ctx, menuID string) (ordering.Location, error) {
	if id := c.Query("location_id"); id != "" {
		if l, err := a.cfg.Locations.Location(c.Context(), id); err == nil && l.MenuID == menuID {
			return l, nil
		}
	}
	return a.cfg.Locations.LocationByMenu(c.Context(), menuID)
}

func markers(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.ToLower(s), ",")
}

// GET /menus/:menuId/search?q=&exclude=dairy,egg&require=vegan&locationId=
func (a *api) search(c fiber.Ctx) error {
	ps, err := a.cfg.Menus.SearchMenu(c.Context(), c.Params("menuId"), ordering.MenuFilter{Query: c.Query("q"), Exclude: markers(c.Query("exclude")), Require: markers(c.Query("require")), LocationID: c.Query("location_id")})
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"products": ps})
}

func (a *api) category(c fiber.Ctx) error {
	cat, err := a.cfg.Menus.Category(c.Context(), c.Params("menuId"), c.Params("categoryId"), c.Query("location_id"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"category": cat})
}

func (a *api) product(c fiber.Ctx) error {
	ctx := c.Context()
	mid, lid := c.Params("menuId"), c.Query("location_id")
	p, err := a.cfg.Menus.Product(ctx, mid, c.Params("productId"), lid)
	if err != nil {
		return err
	}
	upsells := []ordering.Product{}
	for _, id := range p.Upsells {
		if u, err := a.cfg.Menus.Product(ctx, mid, id, lid); err == nil {
			u.ModifierGroups = nil
			upsells = append(upsells, u)
		}
	}
	return c.JSON(fiber.Map{"product": p, "upsells": upsells})
}

// GET /nutrition?menuId: the calories and allergen and diet markers of every product, or
// of one menu's (docs/menu.md, "Nutrition and allergens").
func (a *api) nutrition(c fiber.Ctx) error {
	n, err := a.cfg.Menus.Nutrition(c.Context(), c.Query("menu_id"))
	if err != nil {
		return err
	}
	// The same for everyone and changed only with the menus: shared caches may keep it.
	c.Set(fiber.HeaderCacheControl, site.PublicFor(10*time.Minute))
	return c.JSON(fiber.Map{"nutrition": n})
}

// GET /catering?menuId: the catering menu, or what one menu sells of it.
func (a *api) catering(c fiber.Ctx) error {
	cat, err := a.cfg.Menus.Catering(c.Context(), c.Query("menu_id"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"catering": cat})
}

// GET /catering/search?q=&occasion=&headcount=&menuId=
func (a *api) cateringSearch(c fiber.Ctx) error {
	s := ordering.CateringSearch{Query: c.Query("q"), Occasion: c.Query("occasion"), MenuID: c.Query("menu_id")}
	if h := c.Query("headcount"); h != "" {
		n, err := strconv.Atoi(h)
		if err != nil || n < 1 {
			return fault.New(fault.Invalid, "invalid", "Enter the number of guests as a whole number.").Field("headcount", "a whole number")
		}
		s.Headcount = n
	}
	ps, err := a.cfg.Menus.SearchCatering(c.Context(), s)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"packages": ps})
}

func (a *api) estimate(c fiber.Ctx) error {
	var in ordering.EstimateInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	est, err := a.cfg.Menus.EstimateCatering(c.Context(), in)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"estimate": est})
}

func (a *api) owner(c fiber.Ctx) (string, error) {
	o := a.cfg.Owner(c)
	if o == "" {
		return "", session.ErrNoVisitor
	}
	return o, nil
}

func cartJSON(c fiber.Ctx, cart ordering.Cart, err error) error {
	if err != nil {
		return err
	}
	session.SetCartHint(c, true) // page views tell the shell there is a cart to fetch
	cartHeaders(c, cart)
	return c.JSON(cartAnswer{Cart: &cart})
}

// cartHeaders: the cart answer's ETag and no caching (cartversion.Headers).
func cartHeaders(c fiber.Ctx, cart ordering.Cart) { cartversion.Headers(c, cart) }

// cartAnswer is {"cart": …}: encoded without the map and interface a fiber.Map costs
// on the cart API's every answer.
type cartAnswer struct {
	Cart *ordering.Cart `json:"cart"`
}

// GET /cart: the visitor's cart, {cart:null} when there is none.
func (a *api) cart(c fiber.Ctx) error {
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, err := a.cfg.Carts.Cart(c.Context(), o)
	if fault.Is(err, fault.NotFound) {
		session.SetCartHint(c, false)
		c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
		return c.JSON(fiber.Map{"cart": nil})
	}
	return cartJSON(c, cart, err)
}

// GET /cart/times: the time options of the visitor's cart, those the notice of its
// products allows (docs/api.md, "GET /api/cart/times").
func (a *api) cartTimes(c fiber.Ctx) error {
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	t, err := a.cfg.Carts.CartTimes(c.Context(), o)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.JSON(t)
}

func (a *api) createCart(c fiber.Ctx) error {
	var in struct {
		MenuID     string `json:"menu_id"`
		LocationID string `json:"location_id"`
		Replace    bool   `json:"replace"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.MenuID == "" {
		return fault.New(fault.Invalid, "invalid", "Choose a menu.").Field("menu_id", "required")
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, err := a.cfg.Carts.StartCart(c.Context(), o, in.MenuID, in.LocationID, in.Replace)
	if err != nil {
		return err
	}
	session.SetCartHint(c, true)
	cartHeaders(c, cart)
	return c.Status(fiber.StatusCreated).JSON(cartAnswer{Cart: &cart})
}

// DELETE /cart: abandons the cart; it is deleted, not emptied.
func (a *api) abandon(c fiber.Ctx) error {
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, err := a.cfg.Carts.AbandonCart(c.Context(), o)
	if err != nil {
		return err
	}
	if a.cfg.OnAbandon != nil {
		a.cfg.OnAbandon(c, cart)
	}
	session.SetCartHint(c, false)
	return c.SendStatus(fiber.StatusNoContent)
}

// POST /cart/restore {cartId}: brings back the cart abandoned moments ago (the
// guest's Undo); the rule is the provider's RestoreCart.
func (a *api) restore(c fiber.Ctx) error {
	var in struct {
		CartID string `json:"cart_id"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.CartID == "" {
		return fault.New(fault.Invalid, "invalid", "Say which cart to bring back.").Field("cart_id", "required")
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, err := a.cfg.Carts.RestoreCart(c.Context(), o, in.CartID)
	if err != nil {
		return err
	}
	session.SetCartHint(c, true)
	cartHeaders(c, cart)
	return c.JSON(cartAnswer{Cart: &cart})
}

func (a *api) addProduct(c fiber.Ctx) error {
	var in ordering.LineInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := explicitQuantity(c.Body()); err != nil {
		return err
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, err := a.cfg.Carts.AddProduct(c.Context(), o, in)
	if err != nil {
		return err
	}
	session.SetCartHint(c, true)
	cartHeaders(c, cart)
	return c.Status(fiber.StatusCreated).JSON(cartAnswer{Cart: &cart})
}

// explicitQuantity refuses a quantity given as less than 1: an omitted quantity is 1,
// but {"quantity":0} is a mistake to report, not to round up.
func explicitQuantity(body []byte) error {
	var q struct {
		Quantity *json.Number `json:"quantity"`
	}
	if json.Unmarshal(body, &q) != nil || q.Quantity == nil {
		return nil
	}
	if n, err := q.Quantity.Int64(); err != nil || n < 1 {
		return fault.New(fault.Invalid, "invalid", "Choose a quantity from 1 to 99.").Field("quantity", "from 1 to 99")
	}
	return nil
}

// POST /cart/transfer: moves the cart to another menu, answering the lines that
// menu cannot take.
func (a *api) transfer(c fiber.Ctx) error {
	var in struct {
		MenuID     string `json:"menu_id"`
		LocationID string `json:"location_id"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.MenuID == "" {
		return fault.New(fault.Invalid, "invalid", "Choose a menu.").Field("menu_id", "required")
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	cart, dropped, err := a.cfg.Carts.TransferCart(c.Context(), o, in.MenuID, in.LocationID)
	if err != nil {
		return err
	}
	cartHeaders(c, cart)
	return c.JSON(fiber.Map{"cart": cart, "not_transferred": dropped})
}

type handoffInput struct {
	Mode          string            `json:"mode"`
	Address       *ordering.Address `json:"address"`
	DeliveryNotes string            `json:"delivery_notes"`
	Vehicle       *ordering.Vehicle `json:"vehicle"`
}

// cartChange is a handler that decodes a body of type T (none for struct{}), then
// changes the owner's cart with fn and answers {cart}.
func cartChange[T any](a *api, fn func(c fiber.Ctx, owner string, in T) (ordering.Cart, error)) fiber.Handler {
	return func(c fiber.Ctx) error {
		var in T
		if _, none := any(in).(struct{}); !none {
			if err := httpx.Decode(c, &in); err != nil {
				return err
			}
		}
		o, err := a.owner(c)
		if err != nil {
			return err
		}
		cart, err := fn(c, o, in)
		return cartJSON(c, cart, err)
	}
}

type (
	codeInput struct {
		Code string `json:"code"`
	}
	tipInput struct {
		Percent     int   `json:"percent"`
		AmountCents int64 `json:"amount_cents"`
	}
	taxInput struct {
		ID string `json:"id"`
	}
	utensilsInput struct {
		Utensils *bool `json:"utensils"`
	}
	fieldsInput struct {
		Fields map[string]string `json:"fields"`
	}
)

func (a *api) updateProduct(c fiber.Ctx, o string, in ordering.LineInput) (ordering.Cart, error) {
	if err := explicitQuantity(c.Body()); err != nil {
		return ordering.Cart{}, err
	}
	return a.cfg.Carts.UpdateProduct(c.Context(), o, c.Params("lineId"), in)
}

func (a *api) removeProduct(c fiber.Ctx, o string, _ struct{}) (ordering.Cart, error) {
	return a.cfg.Carts.RemoveProduct(c.Context(), o, c.Params("lineId"))
}

func (a *api) removeCoupon(c fiber.Ctx, o string, _ struct{}) (ordering.Cart, error) {
	return a.cfg.Checkout.RemoveCoupon(c.Context(), o)
}

// checkoutChanges are the PUT endpoints that set one part of how the cart is handed
// off and paid for.
func (a *api) checkoutChanges() []struct {
	path string
	h    fiber.Handler
} {
	co := a.cfg.Checkout
	return []struct {
		path string
		h    fiber.Handler
	}{
		{"/cart/handoff", cartChange(a, func(c fiber.Ctx, o string, in handoffInput) (ordering.Cart, error) {
			return co.SetHandoff(c.Context(), o, ordering.Handoff{Mode: in.Mode, Address: in.Address, DeliveryNotes: in.DeliveryNotes, Vehicle: in.Vehicle})
		})},
		{"/cart/time", cartChange(a, func(c fiber.Ctx, o string, in ordering.TimeWanted) (ordering.Cart, error) {
			return co.SetTime(c.Context(), o, in)
		})},
		{"/cart/coupon", cartChange(a, func(c fiber.Ctx, o string, in codeInput) (ordering.Cart, error) {
			return co.ApplyCoupon(c.Context(), o, in.Code)
		})},
		{"/cart/tip", cartChange(a, func(c fiber.Ctx, o string, in tipInput) (ordering.Cart, error) {
			return co.SetTip(c.Context(), o, ordering.Tip{Percent: in.Percent, AmountCents: in.AmountCents})
		})},
		{"/cart/tax-exemption", cartChange(a, func(c fiber.Ctx, o string, in taxInput) (ordering.Cart, error) {
			return co.SetTaxExemption(c.Context(), o, in.ID)
		})},
		{"/cart/utensils", cartChange(a, func(c fiber.Ctx, o string, in utensilsInput) (ordering.Cart, error) {
			if in.Utensils == nil {
				return ordering.Cart{}, fault.New(fault.Invalid, "invalid", "Say whether you want utensils.").Field("utensils", "true or false")
			}
			return co.SetUtensils(c.Context(), o, *in.Utensils)
		})},
		{"/cart/custom-fields", cartChange(a, func(c fiber.Ctx, o string, in fieldsInput) (ordering.Cart, error) {
			return co.SetCustomFields(c.Context(), o, in.Fields)
		})},
	}
}

// POST /cart/submit with an Idempotency-Key header.
func (a *api) submit(c fiber.Ctx) error {
	var in ordering.SubmitInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	in.IdempotencyKey = c.Get("Idempotency-Key")
	if m, ok := session.MemberOf(c); ok {
		in.MemberID = m.ID
	}
	if err := a.houseAccounts(c, &in); err != nil {
		return err
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	order, err := a.cfg.Checkout.Submit(c.Context(), o, in)
	if err != nil {
		return err
	}
	session.SetCartHint(c, false)  // the order took the cart
	session.SetOrdersHint(c, true) // /order now starts with this order
	if a.cfg.OnOrder != nil {
		a.cfg.OnOrder(c, order)
	}
	replayed(c, order.Replayed)
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"order": order})
}

// POST /cart/validate: the visitor's cart checked for checkout now, as submit would,
// without placing it (it is priced again, hence POST).
func (a *api) validate(c fiber.Ctx) error {
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	v, err := a.cfg.Checkout.Validate(c.Context(), o)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.JSON(v)
}

// GET /cart/payment-options: how the visitor's cart can be paid for. The provider
// answers for the cart and its location; the member's saved cards (those a processor of
// the location can charge, not expired), saved gift cards and house accounts are
// added here, and gift cards are offered only when the ordering system sells them.
// gift_card_cents is the amount the guest applied from a gift card: pay in store is
// judged on what is left of the total after it.
func (a *api) paymentOptions(c fiber.Ctx) error {
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	var gift int64
	if s := c.Query("gift_card_cents"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 {
			return fault.New(fault.Invalid, "invalid", "gift_card_cents must be a whole number of cents, 0 or more.").Field("gift_card_cents", "must be 0 or more")
		}
		gift = n
	}
	ctx := c.Context()
	opts, err := a.cfg.Checkout.PaymentOptions(ctx, o, gift)
	if err != nil {
		return err
	}
	for i := range opts.Card.Processors {
		if a.cfg.PublishableKey != nil {
			opts.Card.Processors[i].PublishableKey = a.cfg.PublishableKey(opts.Card.Processors[i].ID)
		}
	}
	if a.cfg.GiftCards == nil {
		opts.GiftCard = ordering.GiftCardOption{Saved: []ordering.SavedGiftCard{},
			Reason: &ordering.PaymentRefusal{Code: "giftcards_unavailable", Message: unavailableMessages["GiftCards"]}}
	}
	m, member := session.MemberOf(c)
	switch {
	case !member:
		opts.HouseAccounts.Reason = &ordering.PaymentRefusal{Code: "sign_in_required", Message: "Sign in to charge a house account."}
	case a.cfg.HouseAccounts == nil:
		opts.HouseAccounts.Reason = &ordering.PaymentRefusal{Code: "house_accounts_unavailable", Message: "House accounts aren't available here."}
	default:
		list, err := a.cfg.HouseAccounts(ctx, m.ID)
		if err != nil {
			return err
		}
		opts.HouseAccounts.Accounts = append(opts.HouseAccounts.Accounts, list...)
		opts.HouseAccounts.Available = len(list) > 0
		if len(list) == 0 {
			opts.HouseAccounts.Reason = &ordering.PaymentRefusal{Code: "no_house_accounts", Message: "Your email isn't on any house account."}
		}
	}
	if member && opts.Card.Available && a.cfg.SavedCards != nil {
		cards, err := a.cfg.SavedCards(ctx, m.ID)
		if err != nil {
			return err
		}
		for _, sc := range cards {
			if slices.ContainsFunc(opts.Card.Processors, func(p ordering.CardProcessor) bool { return p.ID == sc.Processor }) {
				opts.Card.Saved = append(opts.Card.Saved, sc)
			}
		}
	}
	if member && opts.GiftCard.Available {
		saved, err := a.cfg.GiftCards.SavedGiftCards(ctx, m.ID)
		if err != nil {
			return err
		}
		opts.GiftCard.Saved = append(opts.GiftCard.Saved, saved...)
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.JSON(opts)
}

// houseAccounts tells the provider which house accounts the member placing the order
// may charge, when the order is paid by one.
func (a *api) houseAccounts(c fiber.Ctx, in *ordering.SubmitInput) error {
	if in.MemberID == "" || a.cfg.HouseAccounts == nil || !slices.ContainsFunc(in.Payments, func(p ordering.PaymentInput) bool { return p.Kind == ordering.PayHouse }) {
		return nil
	}
	list, err := a.cfg.HouseAccounts(c.Context(), in.MemberID)
	if err != nil {
		return err
	}
	for _, h := range list {
		in.HouseAccountIDs = append(in.HouseAccountIDs, h.ID)
	}
	return nil
}

// POST /payments/cards: the built-in hosted card fields. The number and CVV go to the
// processor and only a token comes back.
func (a *api) tokenize(c fiber.Ctx) error {
	var in struct {
		Processor string `json:"processor"`
		CardInput
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if a.cfg.Tokenize == nil {
		return fault.New(fault.Unavailable, "cards_unavailable", "Card payments aren't available right now.")
	}
	if in.Processor == "" {
		in.Processor = "hosted"
	}
	tok, err := a.cfg.Tokenize(c.Context(), in.Processor, in.CardInput)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.NoStore)
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"card": tok})
}

// guarded is a route's handler after its guards, as Fiber's route methods take them.
func guarded(guards []fiber.Handler, h fiber.Handler) []any {
	out := make([]any, 0, len(guards)+1)
	for _, g := range guards {
		out = append(out, g)
	}
	return append(out, h)
}

// POST /giftcards/balance: the balance, and a token that stands for the card for an
// hour so that checkout need not keep the PIN.
func (a *api) giftBalance(c fiber.Ctx) error {
	var in struct {
		Number string `json:"number"`
		PIN    string `json:"pin"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	b, err := a.cfg.GiftCards.GiftCardBalance(c.Context(), in.Number, in.PIN)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.NoStore) // the token pays with the card
	return c.JSON(fiber.Map{"gift_card": b})
}

// GET /giftcards/designs: the e-gift card designs and the limits of a purchase, which
// the buy page states.
func (a *api) giftDesigns(c fiber.Ctx) error {
	c.Set(fiber.HeaderCacheControl, site.PublicFor(5*time.Minute))
	return c.JSON(fiber.Map{
		"designs": ordering.GiftCardDesigns, "min_cents": ordering.GiftCardMinCents, "max_cents": ordering.GiftCardMaxCents,
		"message_max": ordering.GiftMessageMax, "send_ahead_days": ordering.GiftSendAheadDays,
	})
}

// POST /giftcards/purchases with an Idempotency-Key header: buys an e-gift card by
// card (docs/giftcards.md). A repeated key answers the first purchase.
func (a *api) giftPurchase(c fiber.Ctx) error {
	var in ordering.GiftCardPurchaseInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	in.IdempotencyKey = c.Get("Idempotency-Key")
	if m, ok := session.MemberOf(c); ok {
		in.MemberID = m.ID
	}
	o, err := a.owner(c)
	if err != nil {
		return err
	}
	p, err := a.cfg.GiftCards.PurchaseGiftCard(c.Context(), o, in)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	replayed(c, p.Replayed)
	return c.Status(fiber.StatusCreated).JSON(fiber.Map{"purchase": p})
}

// replayed marks the answer to a request repeated with its Idempotency-Key: the first
// request's answer, sent again (docs/api.md, "Idempotency").
func replayed(c fiber.Ctx, yes bool) {
	if yes {
		c.Set("Idempotent-Replayed", "true")
	}
}

// viewer is who asks for an order: this visitor, and the member when signed in.
func (a *api) viewer(c fiber.Ctx) ordering.Viewer {
	v := ordering.Viewer{Owner: a.cfg.Owner(c)}
	if m, ok := session.MemberOf(c); ok {
		v.MemberID = m.ID
	}
	return v
}

func orderJSON(c fiber.Ctx, o ordering.Order, err error) error {
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.JSON(fiber.Map{"order": o})
}

// GET /orders/:id: the confirmation data of /order/confirm/{oid}, for the visitor who
// placed the order or the member it belongs to. Anyone else, even with the link, is
// told there is no such order, as for an id that does not exist.
func (a *api) order(c fiber.Ctx) error {
	o, err := a.cfg.Orders.Order(c.Context(), c.Params("id"), a.viewer(c))
	return orderJSON(c, o, err)
}

// GET /orders/recent: the visitor's most recent order, or {order:null}. The answer
// also sets the orders hint (session.OrdersHintCookie) for a visitor from before it.
func (a *api) recentOrder(c fiber.Ctx) error {
	o, err := a.cfg.Orders.RecentOrder(c.Context(), a.cfg.Owner(c))
	if fault.Is(err, fault.NotFound) {
		session.SetOrdersHint(c, false)
		c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
		return c.JSON(fiber.Map{"order": nil})
	}
	if err == nil {
		session.SetOrdersHint(c, true)
	}
	return orderJSON(c, o, err)
}

// POST /orders/:id/cancel: cancels an order the kitchen has not started.
func (a *api) cancelOrder(c fiber.Ctx) error {
	o, err := a.cfg.Orders.CancelOrder(c.Context(), c.Params("id"), a.viewer(c))
	if err == nil && a.cfg.OnCancel != nil {
		a.cfg.OnCancel(c, o)
	}
	return orderJSON(c, o, err)
}

// POST /orders/:id/arrived: a curbside guest is outside.
func (a *api) orderArrived(c fiber.Ctx) error {
	o, err := a.cfg.Orders.OrderArrived(c.Context(), c.Params("id"), a.viewer(c))
	return orderJSON(c, o, err)
}

// POST /orders/:id/reorder {location_id?, replace?}: a cart from the lines of a
// placed order of this visitor or member, at its location or location_id, with the
// lines that location cannot take now reported as /cart/transfer reports them. An
// order the viewer may not see is not found, as in GET /orders/:id; the cart rules
// (an open cart holding items, what the menu sells) are the provider's Reorder.
func (a *api) reorder(c fiber.Ctx) error {
	var in struct {
		LocationID string `json:"location_id"`
		Replace    bool   `json:"replace"`
	}
	if len(strings.TrimSpace(string(c.Body()))) > 0 { // the body is optional
		if err := httpx.Decode(c, &in); err != nil {
			return err
		}
	}
	owner, err := a.owner(c)
	if err != nil {
		return err
	}
	o, err := a.cfg.Orders.Order(c.Context(), c.Params("id"), a.viewer(c))
	if err != nil {
		return err
	}
	cart, dropped, err := a.cfg.Carts.Reorder(c.Context(), owner, o, in.LocationID, in.Replace)
	if err != nil {
		return err
	}
	session.SetCartHint(c, true)
	c.Set(fiber.HeaderCacheControl, site.PrivateNoStore)
	return c.Status(fiber.StatusCreated).JSON(reorderAnswer{Cart: &cart, NotTransferred: dropped})
}

// reorderAnswer is the cart a reorder started and the order's lines it could not take.
type reorderAnswer struct {
	Cart           *ordering.Cart            `json:"cart"`
	NotTransferred []ordering.NotTransferred `json:"not_transferred"`
}

func sameTime(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Equal(*b)
}
