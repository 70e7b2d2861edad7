// Package routes is the edge's route table: the only place the site's URLs are
// written. The edge matches every page request against it, and sends it to the shell
// in the bootstrap so client-side navigation uses the very same patterns (compiled to
// regular expressions both Go and JavaScript understand).
//
// Pattern syntax: literal text, "{name}" for one path segment, "{name?}" for an
// optional segment ("/menu/{mid?}/category/{cid?}"), and parameters inside a segment
// ("/{brand}-{city}-jobs"). A route may constrain a parameter with a regular
// expression; the brand parameter is pinned to the configured brand slug.
package routes

import "github.com/henhouse/platform/edge/internal/site"

// Layout is the page frame the shell renders around a screen (docs/routes.md, "Layouts").
type Layout string

const (
	// LayoutDefault is the full site: header, navigation, cart drawer, footer,
	// site overlay and popups.
	LayoutDefault Layout = "default"
	// LayoutMinimal is loader and page content only, plus the page heading.
	LayoutMinimal Layout = "minimal"
	// LayoutApp is the native app's webview: no header, footer, drawer or overlay.
	LayoutApp Layout = "app"
)

// Heading names the rule for the visually hidden page heading (docs/routes.md,
// "Headings").
type Heading string

const (
	HeadingPath     Heading = "path"     // "Page " + path segments, "Page home" on /
	HeadingMenu     Heading = "menu"     // "Menu page: {location name}"
	HeadingCategory Heading = "category" // "Category page: {category name}"
	HeadingProduct  Heading = "product"  // "Product page: {product name}"
)

// AppSignInPath is the sign-in screen's webview variant (docs/webview.md, "Signing in
// inside the app"); /account/signin?webview=1 is sent there.
const AppSignInPath = "/app/signin"

// Module names, as the npm workspaces are called.
const (
	ModLocations = "mf-locations"
	ModMenu      = "mf-menu"
	ModCheckout  = "mf-checkout"
	ModAccount   = "mf-account"
	ModContent   = "mf-content"
	// ModShell marks screens the shell renders itself (error pages).
	ModShell = "shell"
)

// Route is one row of the table.
type Route struct {
	// ID is stable and unique; tests, analytics and the shell refer to it.
	ID string `json:"id"`
	// Pattern in the syntax above.
	Pattern string `json:"pattern"`
	// Module owns the screen; empty for redirects.
	Module string `json:"module,omitempty"`
	// Screen is what the module exposes ("./Menu" is loaded as "<module>/Menu").
	Screen string `json:"screen,omitempty"`
	// Layout the shell renders.
	Layout Layout `json:"layout"`
	// Heading rule for the visually hidden page heading.
	Heading Heading `json:"heading"`
	// Title, when set, is the document title before " | <brand>": for pages whose path
	// alone would make a poor one ("Contact Us", not "Page contact"). The edge writes it
	// into the document and the shell sets it on client-side navigation, from this table.
	Title string `json:"title,omitempty"`
	// Redirect, when set, answers 302 to this path instead of a page.
	Redirect string `json:"redirect,omitempty"`
	// Webview, when set, is the path of the page's variant for the native app's webview
	// (an /app route). A request with ?webview=1 answers 302 to it (the rest of the
	// query kept), and the shell sends a client-side navigation there when the document
	// is in webview mode, so a webview never leaves the app layout (docs/webview.md).
	Webview string `json:"webview,omitempty"`
	// Popups marks a content page, the only kind a welcome or site popup may cover
	// (docs/shell.md, "Popups"): a popup waits until the visitor is reading, never
	// stands in front of a task (finding a location, ordering, paying, a form).
	Popups bool `json:"popups,omitempty"`
	// Content marks the catch-all: the page exists only if the content provider has it.
	Content bool `json:"content,omitempty"`
	// Locations marks the location browse pages: the page exists only if the ordering
	// provider has a location in its state, city and at its address (those given).
	Locations bool `json:"locations,omitempty"`
	// Data, when set, is the API path (below the API base, /api) the route's screen reads
	// before it can show anything, with "{name}" for a parameter of the match: the edge
	// preloads it with the page (Match.DataPath), so the answer is on its way while the
	// scripts load instead of after the screen has started. Only for reads that depend on
	// the path alone, or with DataLocation, on the path and the guest's chosen location.
	Data string `json:"-"`
	// DataLocation marks a menu screen's read: the screen adds "?location_id={id}" for the
	// guest's chosen location when that location sells the page's menu, and otherwise
	// the location of a cart on this menu, or nothing (mf-menu/src/menu/useMenuLocation.ts).
	// The edge knows the choice from the location hint cookie (session.LocationHint), and
	// preloads only when it can tell which of those the screen will ask for.
	DataLocation bool `json:"-"`
	// DataUnless names a query parameter that makes the screen read something else: a
	// page whose address gives it a value preloads nothing. Data may then carry a query
	// of its own, the one the screen sends without that parameter.
	DataUnless string `json:"-"`
	// Members marks a member's own page (the account): a visitor the edge knows is
	// signed out (no session, none refused or ended by this request) is answered 302 to
	// the sign-in page, coming back here (?return=, the path and query), which is what
	// the screen itself does for a guest once its scripts have run.
	Members bool `json:"-"`
	// TestOnly marks a page for testing the site, left out of the table (so the 404
	// page) where the edge does not serve test pages (TEST_CHECKOUT).
	TestOnly bool `json:"-"`
	// Constraints give a parameter a regular expression instead of "one segment".
	Constraints map[string]string `json:"-"`
}

// WithoutTestPages is the table less its TestOnly routes.
func WithoutTestPages(table []Route) []Route {
	out := make([]Route, 0, len(table))
	for _, r := range table {
		if !r.TestOnly {
			out = append(out, r)
		}
	}
	return out
}

// Table returns the site's routes for a brand slug, in match order (docs/routes.md,
// "Table", with the two extra paths the product navigates to).
func Table(brandSlug string) []Route {
	return []Route{
		{ID: "home", Pattern: "/", Module: ModContent, Screen: "ContentPage", Layout: LayoutDefault, Heading: HeadingPath, Popups: true, Data: "/content/pages/"},
		{ID: "not-found", Pattern: "/404", Module: ModShell, Screen: "NotFound", Layout: LayoutDefault, Heading: HeadingPath, Title: "Page not found"},

		{ID: "account", Pattern: "/account", Module: ModAccount, Screen: "Dashboard", Layout: LayoutDefault, Heading: HeadingPath, Title: "Your Account", Members: true},
		{ID: "account-confirmed", Pattern: "/account/confirmed", Module: ModAccount, Screen: "Confirmed", Layout: LayoutDefault, Heading: HeadingPath, Title: "Account Confirmed"},
		{ID: "account-forgot", Pattern: "/account/forgot", Module: ModAccount, Screen: "Forgot", Layout: LayoutDefault, Heading: HeadingPath, Title: "Reset Your Password"},
		{ID: "account-settings", Pattern: "/account/settings", Module: ModAccount, Screen: "Settings", Layout: LayoutDefault, Heading: HeadingPath, Title: "Account Settings", Members: true},
		{ID: "account-signin", Pattern: "/account/signin", Module: ModAccount, Screen: "SignIn", Layout: LayoutDefault, Heading: HeadingPath, Title: "Sign In", Webview: AppSignInPath},
		{ID: "account-signup", Pattern: "/account/signup", Module: ModAccount, Screen: "SignUp", Layout: LayoutDefault, Heading: HeadingPath, Title: "Create an Account"},

		{ID: "contact", Pattern: "/contact", Module: ModContent, Screen: "Contact", Layout: LayoutDefault, Heading: HeadingPath, Title: "Contact Us"},
		{ID: "jobs", Pattern: "/{brand}-{city}-jobs", Module: ModContent, Screen: "Jobs", Layout: LayoutDefault, Heading: HeadingPath, Title: "Careers",
			Constraints: map[string]string{"brand": quoteMeta(brandSlug), "city": `[a-z0-9]+(?:-[a-z0-9]+)*`}, Data: "/careers/cities/{city}/jobs"},

		// The search's first read, around the map's first centre (mf-locations/src/map/
		// constants.ts: INITIAL_CENTER, NEARBY_LIMIT), unless the address bar asks for a
		// search (formattedAddress). A browser that already shares the guest's position
		// searches near it instead, and leaves this preload unused (docs/locations.md).
		{ID: "locations", Pattern: "/locations", Module: ModLocations, Screen: "Search", Layout: LayoutDefault, Heading: HeadingPath, Title: "Find a Location",
			Data: "/locations?lat=39&lng=-85&limit=10", DataUnless: "formattedAddress"},
		{ID: "locations-all", Pattern: "/locations/all", Module: ModLocations, Screen: "All", Layout: LayoutDefault, Heading: HeadingPath, Title: "All Locations"},
		{ID: "locations-browse", Pattern: "/locations/{state}/{city?}/{address?}", Module: ModLocations, Screen: "Browse", Layout: LayoutDefault, Heading: HeadingPath, Title: "Locations", Locations: true},

		{ID: "order", Pattern: "/order", Module: ModCheckout, Screen: "Order", Layout: LayoutDefault, Heading: HeadingPath, Title: "Your Order"},
		{ID: "checkout", Pattern: "/order/checkout", Module: ModCheckout, Screen: "Checkout", Layout: LayoutMinimal, Heading: HeadingPath, Title: "Checkout"},
		{ID: "order-confirm", Pattern: "/order/confirm/{oid?}", Module: ModCheckout, Screen: "Confirmation", Layout: LayoutDefault, Heading: HeadingPath, Title: "Order Confirmation"},
		// Not a page of its own: the site overlay's "Order Now" navigates here.
		{ID: "checkout-alias", Pattern: "/checkout/order", Redirect: "/order/checkout", Layout: LayoutDefault, Heading: HeadingPath},

		// E-gift cards (docs/giftcards.md): buying one and checking a balance. The
		// marketing page /gift-cards stays a content page, linking to both.
		{ID: "giftcards-buy", Pattern: "/gift-cards/buy", Module: ModCheckout, Screen: "GiftCardsBuy", Layout: LayoutDefault, Heading: HeadingPath, Title: "Buy an e-gift card",
			Data: "/giftcards/designs"},
		{ID: "giftcards-balance", Pattern: "/gift-cards/balance", Module: ModCheckout, Screen: "GiftCardsBalance", Layout: LayoutDefault, Heading: HeadingPath, Title: "Check a gift card balance"},

		// /menu with no id (docs/routes.md, "Decisions for paths the spec leaves open"):
		// the screen sends the guest to the selected location's menu, or to /locations
		// when none is selected.
		{ID: "menu-index", Pattern: "/menu", Module: ModMenu, Screen: "MenuIndex", Layout: LayoutDefault, Heading: HeadingPath, Title: "Menu"},
		{ID: "menu-category", Pattern: "/menu/{mid?}/category/{cid?}", Module: ModMenu, Screen: "Category", Layout: LayoutDefault, Heading: HeadingCategory, Title: "Menu",
			Data: "/menus/{mid}/categories/{cid}", DataLocation: true},
		{ID: "menu-product", Pattern: "/menu/{mid?}/product/{pid?}", Module: ModMenu, Screen: "Product", Layout: LayoutDefault, Heading: HeadingProduct, Title: "Menu",
			Data: "/menus/{mid}/products/{pid}", DataLocation: true},
		{ID: "menu", Pattern: "/menu/{mid}", Module: ModMenu, Screen: "Menu", Layout: LayoutDefault, Heading: HeadingMenu, Title: "Menu",
			Data: "/menus/{mid}", DataLocation: true},

		// Group orders (docs/group-orders.md): the link a host shares opens the group's
		// menu, where a guest joins under a name and adds their own part; the native app
		// opens /app/group/{code}.
		{ID: "group", Pattern: "/group/{code}", Module: ModMenu, Screen: "Group", Layout: LayoutDefault, Heading: HeadingPath, Title: "Group Order"},

		{ID: "app-group", Pattern: "/app/group/{code}", Module: ModMenu, Screen: "Group", Layout: LayoutApp, Heading: HeadingPath, Title: "Group Order"},
		{ID: "app-checkout", Pattern: "/app/checkout", Module: ModCheckout, Screen: "Checkout", Layout: LayoutApp, Heading: HeadingPath, Title: "Checkout"},
		{ID: "app-code", Pattern: site.AppCodePath, Module: ModAccount, Screen: "AppCode", Layout: LayoutApp, Heading: HeadingPath, Title: "Signing In"},
		{ID: "app-signin", Pattern: AppSignInPath, Module: ModAccount, Screen: "SignIn", Layout: LayoutApp, Heading: HeadingPath, Title: "Sign In"},
		{ID: "app-subscribe", Pattern: "/app/subscribe", Module: ModAccount, Screen: "Subscribe", Layout: LayoutApp, Heading: HeadingPath, Title: "Subscribe",
			Data: "/subscriptions/plans"},
		{ID: "app-testcheckout", Pattern: "/app/testcheckout", Module: ModCheckout, Screen: "TestCheckout", Layout: LayoutApp, Heading: HeadingPath, Title: "Test Checkout", TestOnly: true},

		{ID: "sitemap", Pattern: "/sitemap", Module: ModContent, Screen: "Sitemap", Layout: LayoutDefault, Heading: HeadingPath, Title: "Sitemap"},
		{ID: "typography", Pattern: "/typography", Module: ModContent, Screen: "Typography", Layout: LayoutDefault, Heading: HeadingPath, Title: "Typography"},

		// Catch-all: a content-managed page at any other path; 404 when the content
		// provider has no page there.
		{ID: "content", Pattern: "/{slug*}", Module: ModContent, Screen: "ContentPage", Layout: LayoutDefault, Heading: HeadingPath, Popups: true, Content: true,
			Data: "/content/pages/{slug}"},
	}
}
