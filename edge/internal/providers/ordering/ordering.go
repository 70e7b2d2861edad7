// Package ordering is the contract between the edge and an ordering provider: the
// chain's locations, menus, carts, checkout and orders. The built-in provider
// (package builtin) implements it on Redis; an adapter for a hosted ordering platform
// implements the same interface. Handlers depend on this package only.
//
// Money is always integer cents. Times are RFC 3339 in UTC on the wire; each location
// has its own time zone for hours and slots. Errors a guest can act on are *fault.Error.
package ordering

import (
	"context"
	"time"
)

// Allergen and diet markers a product may carry and a menu search may filter by.
var Markers = []string{"cashew", "dairy", "egg", "fish", "gluten", "milk", "nuts", "peanut", "sesame", "shellfish", "soy", "vegan", "walnuts", "wheat"}

// Handoff modes: how the guest gets the order.
const (
	HandoffPickup   = "pickup"
	HandoffCurbside = "curbside"
	HandoffDelivery = "delivery"
)

// Time modes: as soon as possible, later today, or a chosen day and time ahead.
const (
	TimeASAP    = "asap"
	TimeLater   = "later"
	TimeAdvance = "advance"
)

// Payment kinds accepted at checkout.
const (
	PayCard     = "card"
	PayGiftCard = "giftcard"
	PayHouse    = "house"
	PayInStore  = "instore"
)

// Order statuses. An order moves placed → preparing → ready → completed on its own
// as the kitchen works through it; cancelled is final.
const (
	OrderPlaced    = "placed"
	OrderPreparing = "preparing"
	OrderReady     = "ready"
	OrderCompleted = "completed"
	OrderCancelled = "cancelled"
)

// Address is a street address.
type Address struct {
	Street string `json:"street"`
	Unit   string `json:"unit,omitempty"`
	City   string `json:"city"`
	State  string `json:"state"`
	ZIP    string `json:"zip"`
}

// Hours of one weekday in the location's time zone. Close at or before Open means
// the location closes after midnight.
type Hours struct {
	Day    string `json:"day"` // sun … sat
	Closed bool   `json:"closed,omitempty"`
	Open   string `json:"open,omitempty"`  // "10:30"
	Close  string `json:"close,omitempty"` // "22:00", or "02:00" for late nights
}

// Services a location offers.
type Services struct {
	Pickup               bool    `json:"pickup"`
	Curbside             bool    `json:"curbside"`
	Delivery             bool    `json:"delivery"`
	DeliveryRadiusMiles  float64 `json:"delivery_radius_miles"`
	DeliveryMinimumCents int64   `json:"delivery_minimum_cents"`
	DeliveryFeeCents     int64   `json:"delivery_fee_cents"`
	// TransferCart: a cart from another menu is moved to this location's menu when the
	// guest picks this location.
	TransferCart bool `json:"transfercart"`
}

// Location is a restaurant.
type Location struct {
	ID                 string   `json:"id"`
	Slug               string   `json:"slug"`
	Name               string   `json:"name"`
	MenuID             string   `json:"menu_id"`
	Address            Address  `json:"address"`
	Lat                float64  `json:"lat"`
	Lng                float64  `json:"lng"`
	Phone              string   `json:"phone"`
	TimeZone           string   `json:"time_zone"`
	Hours              []Hours  `json:"hours"`
	Services           Services `json:"services"`
	TaxRateBps         int64    `json:"tax_rate_bps"` // 725 = 7.25 %
	PrepMinutes        int      `json:"prep_minutes"`
	SlotMinutes        int      `json:"slot_minutes"`
	SlotCapacity       int      `json:"slot_capacity"`
	AdvanceDays        int      `json:"advance_days"`
	PayInStoreMaxCents int64    `json:"pay_in_store_max_cents"`
	// CardProcessors are the card processors the location takes payments through
	// ("hosted", "second"); the first is the one its checkout offers by default.
	CardProcessors []string `json:"card_processors"`
	// CustomFields are what the location asks for at checkout besides the contact
	// details (a table number, a company name); none by default.
	CustomFields []CustomField `json:"custom_fields"`
	// Filled per request.
	OpenNow       bool     `json:"open_now"`
	DistanceMiles *float64 `json:"distance_miles,omitempty"`
	// UTCOffsetMinutes is the location's offset from UTC when the answer was made (-300
	// for EST), and UTCOffsetUntil when that offset next changes (a daylight-saving
	// switch; nil when it does not within a year). Filled per request with OpenNow
	// (StampClock): a page works out the location's local time from them, without
	// loading the browser's time-zone data (docs/api.md, "Locations").
	UTCOffsetMinutes *int       `json:"utc_offset_minutes,omitempty"`
	UTCOffsetUntil   *time.Time `json:"utc_offset_until,omitempty"`
}

// StampClock fills UTCOffsetMinutes and UTCOffsetUntil for now, in the location's
// zone z.
func (l *Location) StampClock(z *time.Location, now time.Time) {
	l.UTCOffsetMinutes, l.UTCOffsetUntil = ZoneOffset(z, now)
}

// ZoneOffset is zone z's offset from UTC at now, in minutes, and the moment it next
// changes (nil when it does not within a year).
func ZoneOffset(z *time.Location, now time.Time) (*int, *time.Time) {
	local := now.In(z)
	_, secs := local.Zone()
	mins := secs / 60
	if _, end := local.ZoneBounds(); !end.IsZero() && end.Before(now.AddDate(1, 0, 0)) {
		u := end.UTC()
		return &mins, &u
	}
	return &mins, nil
}

// CustomField is a field a location asks for at checkout.
type CustomField struct {
	// Name is the key in Cart.CustomFields.
	Name     string `json:"name"`
	Label    string `json:"label"`
	Required bool   `json:"required"`
	// MaxLength of the value in characters, at most MaxCustomFieldLength.
	MaxLength int    `json:"max_length"`
	Hint      string `json:"hint,omitempty"`
}

// DeliverySearch is the answer to "who delivers to this address".
type DeliverySearch struct {
	// Locations deliver there, nearest first, each with DistanceMiles.
	Locations []Location
	// Lat and Lng are where the address was placed.
	Lat, Lng float64
}

// Modifier is one choice in a modifier group.
type Modifier struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	PriceCents  int64    `json:"price_cents"`
	Calories    int      `json:"calories"`
	Default     bool     `json:"default,omitempty"`
	Markers     []string `json:"markers,omitempty"`
	MaxQuantity int      `json:"max_quantity,omitempty"` // counter select: per-modifier cap
	// ModifierGroups are nested options that apply only while this modifier is chosen
	// (a combo's drink has its ice). Their choices name this modifier as their parent.
	ModifierGroups []ModifierGroup `json:"modifier_groups,omitempty"`
}

// Modifier group kinds: how many choices a group takes.
const (
	KindButton   = "button"   // button group: pick one
	KindCheckbox = "checkbox" // checkbox select
	KindCounter  = "counter"  // counter select: quantities
)

// ModifierGroup is a set of choices with selection limits.
type ModifierGroup struct {
	ID        string     `json:"id"`
	Name      string     `json:"name"`
	Kind      string     `json:"kind"`
	Min       int        `json:"min"`
	Max       int        `json:"max"`
	Modifiers []Modifier `json:"modifiers"`
}

// Product is a menu item.
type Product struct {
	ID             string          `json:"id"`
	CategoryID     string          `json:"category_id"`
	Name           string          `json:"name"`
	Description    string          `json:"description"`
	PriceCents     int64           `json:"price_cents"`
	Calories       int             `json:"calories"`
	Image          string          `json:"image"` // "" → the client shows the placeholder
	Markers        []string        `json:"markers"`
	ModifierGroups []ModifierGroup `json:"modifier_groups,omitempty"`
	Upsells        []string        `json:"upsells,omitempty"`
	// CrossContact notes what the product may meet in the kitchen that its markers do
	// not list ("Fried in the same oil as our catfish and shrimp").
	CrossContact []string `json:"cross_contact,omitempty"`
	// Availability is the daily window of a product sold only part of the day
	// (breakfast); nil when it is sold whenever the location is open.
	Availability *Availability `json:"availability,omitempty"`
	// AvailableNow and AvailableAt are filled per request for a product with an
	// Availability, at the location asked about: whether it can be ordered now, and
	// when not, the next time it can.
	AvailableNow *bool      `json:"available_now,omitempty"`
	AvailableAt  *time.Time `json:"available_at,omitempty"`
}

// Availability is a daily window in the location's time zone, "HH:MM" to "HH:MM".
type Availability struct {
	From  string `json:"from"`
	Until string `json:"until"`
	// Label names the window for guests ("Breakfast, 6:00 AM to 10:30 AM").
	Label string `json:"label"`
}

// Category groups products.
type Category struct {
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Products    []Product `json:"products"`
	// Availability applies to every product of the category (breakfast).
	Availability *Availability `json:"availability,omitempty"`
	// ServedNow and ServedLabel, for a category with a daily window, say per request
	// whether it is served now at the menu's location and when it is served there
	// ("Breakfast · served 6:00–10:30 AM", the window as the location's hours cut it).
	// A menu lists the categories not served now after those that are.
	ServedNow   *bool  `json:"served_now,omitempty"`
	ServedLabel string `json:"served_label,omitempty"`
}

// Menu is what one or more locations sell.
type Menu struct {
	ID         string     `json:"id"`
	Name       string     `json:"name"`
	Categories []Category `json:"categories"`
}

// MenuFilter narrows a menu search.
type MenuFilter struct {
	Query string
	// Exclude drops products carrying any of these markers (allergens).
	Exclude []string
	// Require keeps products carrying all of these markers (diets, e.g. vegan).
	Require []string
	// LocationID is where availability is judged; empty: the first location selling the menu.
	LocationID string
}

// ChosenModifier is a modifier picked for a cart line.
type ChosenModifier struct {
	ID      string `json:"id"`
	GroupID string `json:"group_id"`
	// ParentID is the chosen modifier a nested option belongs to; "" at the top.
	ParentID   string `json:"parent_id,omitempty"`
	Name       string `json:"name"`
	Quantity   int    `json:"quantity"`
	PriceCents int64  `json:"price_cents"` // per unit
}

// LineInput adds or changes a cart line.
type LineInput struct {
	ProductID           string          `json:"product_id"`
	Quantity            int             `json:"quantity"`
	Modifiers           []ModifierInput `json:"modifiers"`
	SpecialInstructions string          `json:"special_instructions"`
}

// ModifierInput picks a modifier; Quantity defaults to 1.
type ModifierInput struct {
	ID       string `json:"id"`
	Quantity int    `json:"quantity"`
	// ParentID picks a nested option of that chosen modifier.
	ParentID string `json:"parent_id"`
}

// CartProduct is a line in a cart.
type CartProduct struct {
	ID                  string           `json:"id"`
	ProductID           string           `json:"product_id"`
	Name                string           `json:"name"`
	Quantity            int              `json:"quantity"`
	Modifiers           []ChosenModifier `json:"modifiers"`
	SpecialInstructions string           `json:"special_instructions,omitempty"`
	UnitPriceCents      int64            `json:"unit_price_cents"`
	TotalCents          int64            `json:"total_cents"`
	Calories            int              `json:"calories"`
	// Markers are the allergen and diet markers of the line as configured: the
	// product's own plus those of every chosen modifier. A diet marker (vegan) holds
	// only when the product and every chosen modifier carry it.
	Markers []string `json:"markers"`
	// CrossContact repeats the product's cross-contact notes.
	CrossContact []string `json:"cross_contact,omitempty"`
	// Catering marks a catering package, which needs LeadHours of notice.
	Catering bool `json:"catering,omitempty"`
	// Data repeats the name under data.name, where the shell and the cart drawer read
	// a product's name.
	Data struct {
		Name string `json:"name"`
	} `json:"data"`
	// Reward marks a line that a free-item reward put in the cart, at $0: it goes
	// with the reward (removing the reward removes it) and stays one of its product.
	Reward LineReward `json:"reward,omitzero"`
	// Participant is the id of the person of a group order whose line this is
	// (CartGroup.Participants, OrderGroup.Participants); "" outside group orders.
	Participant string `json:"participant,omitempty"`
}

// LineReward is the reward a free-item line stands for.
type LineReward struct {
	// ID is the redemption id, as in Cart.Rewards.
	ID string `json:"id"`
	// Label says what the line is, as the bag, the confirmation and the kitchen show
	// it: "Free Buttermilk Biscuit — Reward".
	Label string `json:"label"`
}

// Vehicle for curbside pickup.
type Vehicle struct {
	Make  string `json:"make"`
	Model string `json:"model"`
	Color string `json:"color"`
}

// Handoff is how the guest gets the order.
type Handoff struct {
	Mode    string   `json:"mode"`
	Address *Address `json:"address,omitempty"` // delivery
	// DeliveryNotes for the driver.
	DeliveryNotes string   `json:"delivery_notes,omitempty"`
	Vehicle       *Vehicle `json:"vehicle,omitempty"` // curbside
	// Lat/Lng and distance of the delivery address, filled by the provider.
	Lat           float64 `json:"lat,omitempty"`
	Lng           float64 `json:"lng,omitempty"`
	DistanceMiles float64 `json:"distance_miles,omitempty"`
}

// TimeWanted is when the guest wants the order.
type TimeWanted struct {
	Mode string     `json:"mode"`
	At   *time.Time `json:"at,omitempty"` // later / advance
}

// Discount is a coupon, offer or reward applied to the cart.
type Discount struct {
	Kind        string `json:"kind"` // coupon | reward | offer
	Code        string `json:"code"`
	Label       string `json:"label"`
	AmountCents int64  `json:"amount_cents"`
}

// Tip is either a percentage of the subtotal or an amount.
type Tip struct {
	Percent     int   `json:"percent,omitempty"`
	AmountCents int64 `json:"amount_cents,omitempty"`
}

// TipOptions is the tip rule as it applies to one cart, computed on the edge from the
// tip rule's data (docs/checkout.md, "Tips"): the browser offers exactly these and
// keeps none of the rule's numbers.
type TipOptions struct {
	// Percents are the preset percentages, in the order offered, each with what it
	// comes to on this cart's subtotal.
	Percents []TipPercent `json:"percents"`
	// DefaultPercent is the tip a new cart starts with; 0 is none.
	DefaultPercent int `json:"default_percent"`
	// MaxCents is the largest tip amount taken.
	MaxCents int64 `json:"max_cents"`
	// CustomAllowed: the guest may type an amount instead of a percentage.
	CustomAllowed bool `json:"custom_allowed"`
	// Required: this cart's order is not placed without a tip (a delivery tip goes to
	// the driver), so "no tip" is not a choice.
	Required bool `json:"required"`
}

// TipPercent is one preset tip percentage and its amount on the cart.
type TipPercent struct {
	Percent     int   `json:"percent"`
	AmountCents int64 `json:"amount_cents"`
}

// Totals of a cart or order, in cents.
type Totals struct {
	SubtotalCents int64 `json:"subtotal_cents"`
	DiscountCents int64 `json:"discount_cents"`
	FeesCents     int64 `json:"fees_cents"`
	TaxCents      int64 `json:"tax_cents"`
	TipCents      int64 `json:"tip_cents"`
	TotalCents    int64 `json:"total_cents"`
}

// Fee is a named charge (delivery fee).
type Fee struct {
	Code        string `json:"code"`
	Label       string `json:"label"`
	AmountCents int64  `json:"amount_cents"`
}

// Cart is a guest's order in progress.
type Cart struct {
	ID string `json:"id"`
	// Version goes up by one with every saved change (ETag "<version>", If-Match).
	Version      int64             `json:"version"`
	MenuID       string            `json:"menu_id"`
	LocationID   string            `json:"location_id"`
	Products     []CartProduct     `json:"products"`
	Handoff      Handoff           `json:"handoff"`
	Time         TimeWanted        `json:"time"`
	Coupon       string            `json:"coupon,omitempty"`
	Discounts    []Discount        `json:"discounts"`
	Fees         []Fee             `json:"fees"`
	Tip          Tip               `json:"tip"`
	TaxExemptID  string            `json:"tax_exempt_id,omitempty"`
	Utensils     bool              `json:"utensils"`
	CustomFields map[string]string `json:"custom_fields,omitempty"`
	Totals       Totals            `json:"totals"`
	ItemCount    int               `json:"item_count"`
	CreatedAt    time.Time         `json:"created_at"`
	UpdatedAt    time.Time         `json:"updated_at"`
	ExpiresAt    time.Time         `json:"expires_at"`
	Rewards      []AppliedReward   `json:"rewards,omitempty"`
	MemberID     string            `json:"member_id,omitempty"`
	// Warnings are what the guest should know about the cart as it is (a coupon that
	// no longer applies, a time too soon for the notice a product needs); they do not
	// stop the order.
	Warnings []CartIssue `json:"warnings,omitempty"`
	// Blocking lists what stops the order being placed as it is (the delivery
	// minimum): submit refuses with the same code and message, so the cart and the
	// refusal always agree.
	Blocking []CartIssue `json:"blocking,omitempty"`
	// TipOptions is what the tip part offers for this cart, priced with it.
	TipOptions TipOptions `json:"tip_options"`
	// Group is set while the cart is a group order (group.go).
	Group *CartGroup `json:"group,omitempty"`
}

// CartIssue is something about a cart a client can switch on: Code is stable (for a
// blocker, the error code submit answers for it), Field names the part of the checkout
// that fixes it when one does ("time", "handoff", "tip", "coupon", "custom_fields",
// "products"), and Message says it in the guest's words.
type CartIssue struct {
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// Blocker is a CartIssue that stops the order being placed.
type Blocker = CartIssue

// CartValidation is a cart checked for checkout now, without placing it: Blockers
// stop checkout (submit refuses with the first one's code), Warnings do not.
type CartValidation struct {
	Cart     Cart        `json:"cart"`
	Totals   Totals      `json:"totals"`
	Warnings []CartIssue `json:"warnings"`
	Blockers []CartIssue `json:"blockers"`
}

// PaymentOptions are the ways a cart can be paid for, for the guest or member asking:
// the checkout shows exactly these. The provider fills what the cart and its location
// decide (processors, pay in store); the edge adds what the member and the edge's
// configuration decide (saved cards, house accounts, gift cards, publishable keys).
type PaymentOptions struct {
	TotalCents int64 `json:"total_cents"`
	// RestCents is what is left to pay after the gift card amount asked about: what
	// pay in store was judged on.
	RestCents     int64               `json:"rest_cents"`
	Card          CardOption          `json:"card"`
	GiftCard      GiftCardOption      `json:"gift_card"`
	HouseAccounts HouseAccountsOption `json:"house_accounts"`
	PayInStore    PayInStoreOption    `json:"pay_in_store"`
}

// PaymentRefusal says why a payment kind is not offered for this cart.
type PaymentRefusal struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// CardOption: the processors the cart's location takes cards through, its default
// first, and the member's saved cards that one of them can charge.
type CardOption struct {
	Available  bool             `json:"available"`
	Processors []CardProcessor  `json:"processors"`
	Saved      []SavedCardShown `json:"saved"`
	Reason     *PaymentRefusal  `json:"reason,omitempty"`
}

// CardProcessor is a processor the card form tokenizes for; PublishableKey is set
// when its form needs one in the browser (Stripe's Card Element).
type CardProcessor struct {
	ID             string `json:"id"`
	PublishableKey string `json:"publishable_key,omitempty"`
}

// SavedCardShown is a member's saved card as the checkout offers it.
type SavedCardShown struct {
	ID        string `json:"id"`
	Token     string `json:"token"`
	Processor string `json:"processor"`
	Label     string `json:"label"`
	ExpMonth  int    `json:"exp_month"`
	ExpYear   int    `json:"exp_year"`
	Nickname  string `json:"nickname,omitempty"`
	Default   bool   `json:"default"`
}

// GiftCardOption: whether a gift card can pay part of the order, the most a gift card
// may pay for this cart (MaxCents; a card's balance bounds it too), and the member's
// saved gift cards with their balances.
type GiftCardOption struct {
	Available bool            `json:"available"`
	MaxCents  int64           `json:"max_cents"`
	Saved     []SavedGiftCard `json:"saved"`
	Reason    *PaymentRefusal `json:"reason,omitempty"`
}

// HouseAccountsOption: the house accounts the member may charge, each with the credit
// left on it.
type HouseAccountsOption struct {
	Available bool            `json:"available"`
	Accounts  []HouseAccount  `json:"accounts"`
	Reason    *PaymentRefusal `json:"reason,omitempty"`
}

// PayInStoreOption: whether the order can be paid at the counter, up to MaxCents.
type PayInStoreOption struct {
	Available bool            `json:"available"`
	MaxCents  int64           `json:"max_cents"`
	Reason    *PaymentRefusal `json:"reason,omitempty"`
}

// AppliedReward is a loyalty reward redeemed into the cart; the loyalty provider owns
// its value, the cart only prices it.
type AppliedReward struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	AmountCents int64  `json:"amount_cents"`
	// ProductID, for a free-item reward: the cart gets a line of that product (with
	// its default choices) at $0 instead of a discount.
	ProductID string `json:"product_id,omitempty"`
}

// NotTransferred reports a cart line that the target menu cannot take.
type NotTransferred struct {
	LineID string `json:"line_id"`
	Name   string `json:"name"`
	Reason string `json:"reason"`
}

// Slot is an orderable time.
type Slot struct {
	At        time.Time `json:"at"`
	Available bool      `json:"available"`
	// Label is the time as a guest reads it at the location: "11:30 AM" today, "Mon
	// 11:30 AM" on another day.
	Label string `json:"label"`
}

// Day of slots.
type Day struct {
	Date string `json:"date"` // YYYY-MM-DD in the location's zone
	// Label is "Today" or "Mon, Nov 30"; Today says the day is the location's today,
	// the only day "Later" offers.
	Label string `json:"label"`
	Today bool   `json:"today"`
	Slots []Slot `json:"slots"`
}

// TimeOptions is what the time selector shows: ASAP, and the slots of each day.
type TimeOptions struct {
	ASAPAvailable bool      `json:"asap_available"`
	OpenNow       bool      `json:"open_now"`
	NextReady     time.Time `json:"next_ready"`
	// Earliest is NextReady moved BumpEarliestMinutes later, or the first time the
	// notice of the cart's products allows; EarliestLabel writes it as a Slot's label.
	Earliest      time.Time `json:"earliest"`
	EarliestLabel string    `json:"earliest_label"`
	// LaterAvailable: there are times left today ("Later"); when false the selector
	// offers advance ordering instead.
	LaterAvailable bool `json:"later_available"`
	// Notice says why times are missing for a cart's products ("Tender Tray (small)
	// needs 24 hours' notice: the earliest time is Thu 12:00 PM."); "" when none.
	Notice   string `json:"notice,omitempty"`
	TimeZone string `json:"time_zone"`
	Days     []Day  `json:"days"`
	// The zone's offset from UTC now and when it changes, as on a Location.
	UTCOffsetMinutes *int       `json:"utc_offset_minutes,omitempty"`
	UTCOffsetUntil   *time.Time `json:"utc_offset_until,omitempty"`
}

// Customer is who the order is for.
type Customer struct {
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

// PaymentInput is one payment of a possibly split payment.
type PaymentInput struct {
	Kind string `json:"kind"`
	// AmountCents; 0 on exactly one payment means "the rest".
	AmountCents int64 `json:"amount_cents"`
	// Card: a token from the hosted fields of Processor.
	Processor string `json:"processor,omitempty"`
	// Token of a card (with Processor), or of a gift card (from a balance check or a
	// saved gift card) instead of its number and PIN.
	Token string `json:"token,omitempty"`
	// Gift card.
	Number string `json:"number,omitempty"`
	PIN    string `json:"pin,omitempty"`
	// House account.
	AccountID string `json:"account_id,omitempty"`
	PONumber  string `json:"po_number,omitempty"`
}

// SubmitInput places the order.
type SubmitInput struct {
	IdempotencyKey string `json:"-"`
	// MemberID is the signed-in member placing the order, if any: the order is theirs
	// to read and act on from any device.
	MemberID string `json:"-"`
	// HouseAccountIDs are the house accounts MemberID may charge, as the caller found
	// them (member.Service.HouseAccounts): a house payment of any other is refused.
	HouseAccountIDs []string       `json:"-"`
	Customer        Customer       `json:"customer"`
	Payments        []PaymentInput `json:"payments"`
}

// PaymentRecord is a settled payment on an order (no card numbers).
type PaymentRecord struct {
	Kind        string `json:"kind"`
	AmountCents int64  `json:"amount_cents"`
	Label       string `json:"label"` // "Visa •••• 4242", "Gift card •••• 7890"
	Reference   string `json:"reference,omitempty"`
	// Outcome is what became of the payment as the order stands (Describe): paid,
	// due (pay in store, when the order is collected), given_back (taken, then given
	// back when the order was cancelled) or not_charged (a cancelled order's pay in
	// store: there is nothing to pay). OutcomeLabel words it for the guest.
	Outcome      string `json:"outcome"`
	OutcomeLabel string `json:"outcome_label"`
}

// StatusTimes are when an order reaches each status: the time it did, or the time it
// is expected to.
type StatusTimes struct {
	Placed    time.Time `json:"placed"`
	Preparing time.Time `json:"preparing"`
	Ready     time.Time `json:"ready"`
	Completed time.Time `json:"completed"`
}

// StatusLabels are StatusTimes as a guest reads them.
type StatusLabels struct {
	Placed    string `json:"placed"`
	Preparing string `json:"preparing"`
	Ready     string `json:"ready"`
	Completed string `json:"completed"`
}

// Order is a placed order.
type Order struct {
	ID string `json:"id"`
	// Number is the short number a guest and the counter say ("214"): one per location
	// and day of the ready time, counted from 101 (docs/checkout.md, "Order numbers").
	// "" on orders placed before numbers existed.
	Number       string            `json:"number,omitempty"`
	Status       string            `json:"status"` // OrderPlaced … OrderCancelled
	LocationID   string            `json:"location_id"`
	Location     Location          `json:"location"`
	MenuID       string            `json:"menu_id"`
	Products     []CartProduct     `json:"products"`
	Handoff      Handoff           `json:"handoff"`
	Time         TimeWanted        `json:"time"`
	ReadyAt      time.Time         `json:"ready_at"`
	Discounts    []Discount        `json:"discounts"`
	Fees         []Fee             `json:"fees"`
	Totals       Totals            `json:"totals"`
	Payments     []PaymentRecord   `json:"payments"`
	Customer     Customer          `json:"customer"`
	Utensils     bool              `json:"utensils"`
	TaxExempt    bool              `json:"tax_exempt"`
	PlacedAt     time.Time         `json:"placed_at"`
	MemberID     string            `json:"member_id,omitempty"`
	CustomFields map[string]string `json:"custom_fields,omitempty"`
	StatusTimes  StatusTimes       `json:"status_times"`
	// StatusLabels write StatusTimes as a guest reads them at the location: "11:10 AM"
	// today, "Mon 11:10 AM" on another day.
	StatusLabels StatusLabels `json:"status_labels"`
	// KitchenStarts says when the kitchen starts on an order wanted for a chosen time
	// ("Mon 11:10 AM", "at 4:40 PM" today) while it is placed; "" for ASAP ("soon").
	KitchenStarts string `json:"kitchen_starts,omitempty"`
	// ArrivedAt is when a curbside guest said they were outside.
	ArrivedAt   *time.Time `json:"arrived_at,omitempty"`
	CancelledAt *time.Time `json:"cancelled_at,omitempty"`
	// Group names the people of a group order, whose lines carry their ids.
	Group *OrderGroup `json:"group,omitempty"`
	// Cancellable: the guest can still cancel online (only while placed).
	Cancellable bool `json:"cancellable"`
	// StatusMessage is the sentence the confirmation shows for the status, and what
	// became of the payments once cancelled (Describe).
	StatusMessage string `json:"status_message"`
	// Replayed: Submit answered a repeat of an earlier request with its order
	// (Idempotent-Replayed); never stored.
	Replayed bool `json:"-"`
}

// Viewer is who asks for an order: the visitor (the owner Submit was given) and the
// signed-in member, if any. An order is theirs when they placed it, or when it was
// placed by that member; to anyone else it does not exist.
type Viewer struct {
	Owner    string
	MemberID string
}

// GiftCardBalance answers a balance check. Token stands for the card (no PIN needed)
// for a while, so checkout can pay with it without keeping the PIN.
type GiftCardBalance struct {
	Last4        string `json:"last4"`
	BalanceCents int64  `json:"balance_cents"`
	Token        string `json:"token"`
}

// SavedGiftCard is a gift card a member keeps for later: a token that does not
// expire, with the card's live balance.
type SavedGiftCard struct {
	ID           string `json:"id"`
	Token        string `json:"token"`
	Last4        string `json:"last4"`
	BalanceCents int64  `json:"balance_cents"`
	Nickname     string `json:"nickname,omitempty"`
}

// HouseAccount is a company account a guest may charge, as offered to one email.
type HouseAccount struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	RequiresPO bool   `json:"requires_po"`
	// AvailableCents is the credit limit less what has been charged.
	AvailableCents int64 `json:"available_cents"`
}

// CateringPackage is an item of the catering menu.
type CateringPackage struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	PriceCents  int64    `json:"price_cents"`
	Serves      int      `json:"serves"`
	Unit        string   `json:"unit"`
	Kind        string   `json:"kind"`
	Markers     []string `json:"markers"`
	Occasions   []string `json:"occasions"`
	// Image of the package; "" → the client shows the placeholder.
	Image string `json:"image"`
}

// Occasion is a catering occasion.
type Occasion struct {
	ID              string `json:"id"`
	Name            string `json:"name"`
	Description     string `json:"description"`
	AppetitePercent int    `json:"appetite_percent"`
}

// ServingSize is how many servings of a kind each guest eats.
type ServingSize struct {
	Kind      string  `json:"kind"`
	Label     string  `json:"label"`
	PerPerson float64 `json:"per_person"`
}

// Catering is the catering menu.
type Catering struct {
	Occasions    []Occasion        `json:"occasions"`
	Packages     []CateringPackage `json:"packages"`
	ServingSizes []ServingSize     `json:"serving_sizes"`
	MinHeadcount int               `json:"min_headcount"`
	MaxHeadcount int               `json:"max_headcount"`
	LeadHours    int               `json:"lead_hours"`
}

// EstimateLine is a suggested quantity of a package.
type EstimateLine struct {
	PackageID  string `json:"package_id"`
	Name       string `json:"name"`
	Quantity   int    `json:"quantity"`
	Servings   int    `json:"servings"`
	TotalCents int64  `json:"total_cents"`
}

// Appetites scale a catering estimate: how much each guest eats, in percent of a
// regular serving.
var Appetites = map[string]int{"light": 80, "regular": 100, "hearty": 125}

// EstimateInput asks how much catering food a group needs.
type EstimateInput struct {
	Headcount int    `json:"headcount"`
	Occasion  string `json:"occasion"`
	// Appetite is light, regular or hearty; "" is regular.
	Appetite string `json:"appetite"`
	// MenuID limits the suggestion to packages that menu sells; "" any package.
	MenuID string `json:"menu_id"`
}

// CateringSearch narrows the catering packages.
type CateringSearch struct {
	Query     string
	Occasion  string
	Headcount int
	MenuID    string
}

// CateringMatch is a package found by a catering search, with how many of it feed
// the headcount searched for (0 when none was given).
type CateringMatch struct {
	CateringPackage
	Quantity int `json:"quantity"`
}

// Estimate answers "how much for N people".
type Estimate struct {
	Headcount      int            `json:"headcount"`
	Occasion       string         `json:"occasion"`
	Appetite       string         `json:"appetite"`
	Lines          []EstimateLine `json:"lines"`
	TotalCents     int64          `json:"total_cents"`
	PerPersonCents int64          `json:"per_person_cents"`
}

// Nutrition is the nutrition and allergen table: Markers are its columns, every marker in
// their order; each product of Categories says which it carries.
type Nutrition struct {
	Markers    []string            `json:"markers"`
	Categories []NutritionCategory `json:"categories"`
}

// NutritionCategory is one category of the nutrition table.
type NutritionCategory struct {
	ID       string         `json:"id"`
	Name     string         `json:"name"`
	Products []NutritionRow `json:"products"`
}

// NutritionRow is one product of the nutrition table, its calories and markers as the menu
// lists them; MenuID is a menu selling it, for a link to its product page.
type NutritionRow struct {
	ID           string   `json:"id"`
	MenuID       string   `json:"menu_id"`
	Name         string   `json:"name"`
	Calories     int      `json:"calories"`
	Markers      []string `json:"markers"`
	CrossContact []string `json:"cross_contact,omitempty"`
}

// Provider roles. An ordering system is split by what it does, so that each consumer
// takes only the roles it uses, a test fake implements one role, and an adapter for
// another ordering system may implement a subset (docs/providers.md). Each role has
// at most 12 methods (TestRolesAreSmall). Owner is the visitor the cart belongs to
// (the edge's visitor id); one open cart per owner.

// Locations is where the chain sells: its restaurants, their opening times and
// who they deliver to.
type Locations interface {
	Locations(ctx context.Context) ([]Location, error)
	Location(ctx context.Context, id string) (Location, error)
	// LocationByMenu returns a location selling menuID, which the shell reloads at
	// start-up from the cart's menu.
	LocationByMenu(ctx context.Context, menuID string) (Location, error)
	// Nearby returns locations nearest first with their distance.
	Nearby(ctx context.Context, lat, lng float64, limit int) ([]Location, error)
	// DeliveringTo checks a delivery address (CheckAddress), places it
	// (LocateAddress) and returns the locations whose delivery radius reaches it,
	// nearest first with their distance: the ones a delivery handoff to that address
	// would accept. None is a Rule fault "outside_delivery_area" on address.street.
	DeliveringTo(ctx context.Context, a Address) (DeliverySearch, error)
	Times(ctx context.Context, locationID string) (TimeOptions, error)
}

// Menus is what a location sells: menus, products, nutrition and catering.
type Menus interface {
	// Menu, Product, Category and SearchMenu judge the availability of part-day
	// products at locationID, or at the first location selling the menu when it is "".
	Menu(ctx context.Context, menuID, locationID string) (Menu, error)
	Product(ctx context.Context, menuID, productID, locationID string) (Product, error)
	Category(ctx context.Context, menuID, categoryID, locationID string) (Category, error)
	SearchMenu(ctx context.Context, menuID string, f MenuFilter) ([]Product, error)
	// Nutrition is the calories and the allergen and diet markers of every product sold
	// at our restaurants, or of menuID's products when it is not "", by category
	// (docs/menu.md, "Nutrition and allergens").
	Nutrition(ctx context.Context, menuID string) (Nutrition, error)
	// Catering is the catering menu; with a menuID, only the packages that menu sells.
	Catering(ctx context.Context, menuID string) (Catering, error)
	SearchCatering(ctx context.Context, s CateringSearch) ([]CateringMatch, error)
	EstimateCatering(ctx context.Context, in EstimateInput) (Estimate, error)
}

// Carts keeps one open cart per owner (the edge's visitor id) and its lines.
type Carts interface {
	Cart(ctx context.Context, owner string) (Cart, error) // fault NotFound when none
	// CreateCart starts a cart for menuID at locationID, the location the guest chose
	// (400 location_required without one). It replaces the owner's open cart.
	CreateCart(ctx context.Context, owner, menuID, locationID string) (Cart, error)
	// StartCart is CreateCart for a guest's request: an open cart holding items is
	// replaced only when replace is set, else it is refused (409 cart_open).
	StartCart(ctx context.Context, owner, menuID, locationID string, replace bool) (Cart, error)
	// AbandonCart deletes the owner's cart and answers it as it was (an empty Cart when
	// there was none), so that the rewards in it can be given back. While the cart is
	// being submitted it is refused (409 order_in_progress).
	AbandonCart(ctx context.Context, owner string) (Cart, error)
	// RestoreCart brings back the owner's cart cartID abandoned moments ago (the
	// guest's Undo), when no other cart holds items: 410 restore_expired once it can
	// no longer come back, 409 restore_cart_open over another cart. Rewards stay
	// given back.
	RestoreCart(ctx context.Context, owner, cartID string) (Cart, error)
	// MoveCart hands the cart of one owner to another (the native app's cart to its
	// webview), replacing any cart the new owner had. NotFound when from has none.
	MoveCart(ctx context.Context, from, to string) (Cart, error)
	AddProduct(ctx context.Context, owner string, in LineInput) (Cart, error)
	UpdateProduct(ctx context.Context, owner, lineID string, in LineInput) (Cart, error)
	RemoveProduct(ctx context.Context, owner, lineID string) (Cart, error)
	// TransferCart moves the cart to menuID (at locationID when given), reporting the
	// lines the target menu cannot take.
	TransferCart(ctx context.Context, owner, menuID, locationID string) (Cart, []NotTransferred, error)
	// Reorder starts the owner's cart from the lines of a placed order, at locationID
	// (the order's location when ""), under StartCart's rule: an open cart holding
	// items is replaced only when replace is set. The lines the location's menu
	// cannot take now are reported, not added.
	Reorder(ctx context.Context, owner string, o Order, locationID string, replace bool) (Cart, []NotTransferred, error)
	// CartTimes are the time options of the owner's cart: its location's, less the
	// times too soon for the notice its products need.
	CartTimes(ctx context.Context, owner string) (TimeOptions, error)
}

// Checkout sets how a cart is handed off and paid for, and turns it into an order.
type Checkout interface {
	SetHandoff(ctx context.Context, owner string, h Handoff) (Cart, error)
	SetTime(ctx context.Context, owner string, t TimeWanted) (Cart, error)
	ApplyCoupon(ctx context.Context, owner, code string) (Cart, error)
	RemoveCoupon(ctx context.Context, owner string) (Cart, error)
	SetTip(ctx context.Context, owner string, t Tip) (Cart, error)
	SetTaxExemption(ctx context.Context, owner, id string) (Cart, error)
	SetUtensils(ctx context.Context, owner string, utensils bool) (Cart, error)
	SetCustomFields(ctx context.Context, owner string, fields map[string]string) (Cart, error)
	// Validate checks the owner's cart for checkout now, as Submit would, without
	// placing it; NotFound "cart_not_found" when there is none.
	Validate(ctx context.Context, owner string) (CartValidation, error)
	// PaymentOptions are the ways the owner's cart can be paid for as far as the cart
	// and its location decide (card processors, the most a gift card may pay, pay in
	// store for what is left after giftCardCents); NotFound when there is no cart.
	PaymentOptions(ctx context.Context, owner string, giftCardCents int64) (PaymentOptions, error)
	Submit(ctx context.Context, owner string, in SubmitInput) (Order, error)
}

// CartRewards puts a loyalty redemption into a cart and takes it out again; the
// redemption itself is the loyalty provider's (services/rewards joins the two).
type CartRewards interface {
	ApplyReward(ctx context.Context, owner string, r AppliedReward) (Cart, error)
	RemoveReward(ctx context.Context, owner, rewardID string) (Cart, error)
}

// Orders are placed orders as their guest or member sees them.
type Orders interface {
	// Order, CancelOrder and OrderArrived act for v only: an order v may not see is
	// NotFound "order_not_found", exactly like an unknown id.
	Order(ctx context.Context, id string, v Viewer) (Order, error)
	// RecentOrder is the owner's most recent order; NotFound when there is none.
	RecentOrder(ctx context.Context, owner string) (Order, error)
	// CancelOrder cancels an order that the kitchen has not started (status placed),
	// giving back every payment and the time slot; Conflict "order_not_cancellable"
	// afterwards.
	CancelOrder(ctx context.Context, id string, v Viewer) (Order, error)
	// OrderArrived records that a curbside guest is outside (the first time counts):
	// Rule "not_curbside" for other handoffs, Conflict "order_closed" once the order
	// is completed or cancelled.
	OrderArrived(ctx context.Context, id string, v Viewer) (Order, error)
}

// OrderChanges is an Orders provider that says when an order changes, so an order's
// event stream reads it only then rather than on a timer. Optional: streams of a
// provider without it read the order every Config.EventsInterval.
type OrderChanges interface {
	// FollowOrder calls changed whenever order id's stored state changes (cancelled, a
	// guest outside), on any process, and once when the provider may have missed
	// changes (its feed connected again), until stop is called. changed must not
	// block.
	FollowOrder(id string, changed func()) (stop func())
	// NextChange is how long until order o, as just read, changes by the clock alone
	// (a status the kitchen's clock moves on); false when no such change is coming.
	NextChange(o Order) (time.Duration, bool)
}

// GiftCards checks, saves and sells the chain's gift cards.
type GiftCards interface {
	// GiftCardBalance checks a gift card and issues a token that stands for it.
	GiftCardBalance(ctx context.Context, number, pin string) (GiftCardBalance, error)
	// SavedGiftCards lists a member's saved gift cards with their balances.
	SavedGiftCards(ctx context.Context, memberID string) ([]SavedGiftCard, error)
	// SaveGiftCard keeps a gift card token for a member for good; the answer is the
	// whole list.
	SaveGiftCard(ctx context.Context, memberID, token, nickname string) ([]SavedGiftCard, error)
	// RemoveSavedGiftCard forgets a saved gift card; the answer is the whole list.
	RemoveSavedGiftCard(ctx context.Context, memberID, id string) ([]SavedGiftCard, error)
	// PurchaseGiftCard sells an e-gift card for a card payment (docs/giftcards.md):
	// every field checked, the card charged, the buyer's receipt sent, and the card
	// issued and emailed to the recipient now when the send date is today, else by
	// DeliverDueGiftCards on that day. owner is the visitor buying; a repeated
	// idempotency key answers the first purchase.
	PurchaseGiftCard(ctx context.Context, owner string, in GiftCardPurchaseInput) (GiftCardPurchase, error)
	// DeliverDueGiftCards issues and emails the e-gift cards whose send date has come;
	// it answers how many went out.
	DeliverDueGiftCards(ctx context.Context) (int, error)
}

// HouseAccounts are company accounts a member may charge an order to.
type HouseAccounts interface {
	// HouseAccounts are the house accounts whose allowed email domains include
	// email's, with the credit left on each.
	HouseAccounts(ctx context.Context, email string) ([]HouseAccount, error)
}

// Provider is an ordering system that fills every role, as the built-in one does.
type Provider interface {
	Locations
	Menus
	Carts
	Checkout
	CartRewards
	Orders
	GiftCards
	HouseAccounts
}

// CardAuthorizer charges card tokens; the edge adapts its payment processors to it.
type CardAuthorizer interface {
	// Authorize holds amountCents on a token of processor and returns a reference and
	// a label such as "Visa •••• 4242".
	Authorize(ctx context.Context, processor, token string, amountCents int64, idempotencyKey string) (reference, label string, err error)
	// Void releases an authorization when the rest of the order fails or the order is
	// cancelled.
	Void(ctx context.Context, processor, reference string) error
	// Capture takes the money an authorization holds, once the kitchen has taken the
	// order on (it can no longer be cancelled); capturing twice is not an error.
	Capture(ctx context.Context, processor, reference string) error
	// Authorized returns the reference of the authorization an idempotency key made
	// and that is not voided, or "" when there is none. It never authorizes.
	Authorized(ctx context.Context, processor, idempotencyKey string) (reference string, err error)
}

// Geocoder turns a delivery address into coordinates.
type Geocoder interface {
	Locate(ctx context.Context, query string) (lat, lng float64, err error)
}
