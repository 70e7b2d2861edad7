// Package loyalty is the contract between the edge and a loyalty provider: member
// accounts and sign-in (password plus a sign-in code, passwordless by program
// identifier, single sign-on), profile, saved addresses, cards and locations, order
// history, points, rewards, reward offers, offers, challenges, badges and
// subscriptions. The built-in provider (package builtin) implements it on Redis; an
// adapter for a hosted loyalty platform implements the same interface. Handlers depend
// on this package only.
//
// Points are whole numbers. Money is integer cents. Times are UTC. Errors a guest can
// act on are *fault.Error; form errors carry per-field messages keyed by the JSON
// names of the input types (firstName, email, …).
package loyalty

import (
	"context"
	"time"

	"github.com/henhouse/platform/edge/internal/site"
	"github.com/henhouse/platform/edge/internal/store/outbox"
)

// ProviderID identifies the built-in loyalty provider in the tokens' provider claim.
const ProviderID = site.LoyaltyProviderID

// Tiers (by lifetime points).
const (
	TierMember = "Member"
	TierGold   = "Gold"
)

// Sign-in code channels.
const (
	ChannelEmail = "email"
	ChannelSMS   = "sms"
)

// Redemption statuses.
const (
	RedemptionActive    = "active"    // ready to apply to a cart
	RedemptionUsed      = "used"      // on a placed order
	RedemptionCancelled = "cancelled" // cancelled by the member; points refunded
	RedemptionExpired   = "expired"   // not used in time; points refunded
)

// Order statuses in a member's history. Points are credited when an order
// completes, not when it is placed: a placed order is pending until then, and one
// cancelled before completing earns nothing and gives back the rewards it used.
const (
	OrderPending   = "pending"
	OrderCredited  = "credited"
	OrderCancelled = "cancelled"
)

// Redemption kinds.
const (
	KindReward = "reward" // bought with points from the catalogue
	KindOffer  = "offer"  // a member reward offer (birthday, welcome)
	KindPerk   = "perk"   // a subscription perk (free drink a day)
)

// Subscription statuses.
const (
	SubscriptionActive    = "active"
	SubscriptionCancelled = "cancelled" // perks last until EndsAt
	SubscriptionPastDue   = "past_due"  // a renewal could not be charged
)

// SignUpInput is the sign-up form.
type SignUpInput struct {
	FirstName          string `json:"first_name"`
	LastName           string `json:"last_name"`
	Email              string `json:"email"`
	Phone              string `json:"phone"`
	Password           string `json:"password"`
	FavoriteLocationID string `json:"favorite_location_id"`
	// Birthday is optional, "YYYY-MM-DD".
	Birthday       string `json:"birthday"`
	MarketingOptIn bool   `json:"marketing_opt_in"`
}

// Settings are a member's communication preferences.
type Settings struct {
	EmailOffers       bool `json:"email_offers"`
	SMSOffers         bool `json:"sms_offers"`
	PaperlessReceipts bool `json:"paperless_receipts"`
}

// Member is a loyalty account.
type Member struct {
	ID string `json:"id"`
	// Number is the member number on the member card ("HH" and 10 digits).
	Number             string `json:"member_number"`
	FirstName          string `json:"first_name"`
	LastName           string `json:"last_name"`
	Email              string `json:"email"`
	Phone              string `json:"phone"` // 10 digits
	Birthday           string `json:"birthday,omitempty"`
	FavoriteLocationID string `json:"favorite_location_id,omitempty"`
	// Confirmed: the email address as it is now was confirmed (reached its inbox). A
	// changed address is unconfirmed until confirmed again.
	Confirmed        bool      `json:"confirmed"`
	Points           int64     `json:"points"`
	LifetimePoints   int64     `json:"lifetime_points"`
	Tier             string    `json:"tier"`
	NextTier         string    `json:"next_tier,omitempty"`
	PointsToNextTier int64     `json:"points_to_next_tier,omitempty"`
	Settings         Settings  `json:"settings"`
	OrderCount       int64     `json:"order_count"`
	CreatedAt        time.Time `json:"created_at"`
}

// ProfileUpdate changes a member's details; nil fields are left alone.
type ProfileUpdate struct {
	FirstName *string `json:"first_name,omitempty"`
	LastName  *string `json:"last_name,omitempty"`
	// Email: a new address must be confirmed again.
	Email *string `json:"email,omitempty"`
	Phone *string `json:"phone,omitempty"`
	// Birthday can be set once; changing it afterwards is refused.
	Birthday           *string `json:"birthday,omitempty"`
	FavoriteLocationID *string `json:"favorite_location_id,omitempty"`
}

// SettingsUpdate changes a member's communication preferences; nil fields are left
// alone, so a change to one never resets another.
type SettingsUpdate struct {
	EmailOffers       *bool `json:"email_offers,omitempty"`
	SMSOffers         *bool `json:"sms_offers,omitempty"`
	PaperlessReceipts *bool `json:"paperless_receipts,omitempty"`
}

// Challenge is a sign-in code step in progress: a one-time code was sent to
// Destination (masked) and must be given to VerifyCode before ExpiresAt.
type Challenge struct {
	ID          string    `json:"id"`
	Channel     string    `json:"channel"`     // email | sms
	Destination string    `json:"destination"` // "j•••@example.com", "(•••) •••-0123"
	ExpiresAt   time.Time `json:"expires_at"`
	// ResendAfter is the earliest time ResendCode sends another code.
	ResendAfter time.Time `json:"resend_after"`
}

// Message is a notification the provider would send (confirmation, sign-in code,
// password reset). The built-in provider keeps them in the outbox instead of mailing.
type Message = outbox.Message

// AddressInput adds or replaces a saved address.
type AddressInput struct {
	Label        string `json:"label"`
	Street       string `json:"street"`
	Unit         string `json:"unit"`
	City         string `json:"city"`
	State        string `json:"state"`
	ZIP          string `json:"zip"`
	Instructions string `json:"instructions"`
	Default      bool   `json:"default"`
}

// SavedAddress is a member's delivery address.
type SavedAddress struct {
	ID           string    `json:"id"`
	Label        string    `json:"label"`
	Street       string    `json:"street"`
	Unit         string    `json:"unit,omitempty"`
	City         string    `json:"city"`
	State        string    `json:"state"`
	ZIP          string    `json:"zip"`
	Instructions string    `json:"instructions,omitempty"`
	Default      bool      `json:"default"`
	CreatedAt    time.Time `json:"created_at"`
}

// CardInput saves a card token from the payment processor's hosted fields. Card
// numbers are never accepted.
type CardInput struct {
	Token     string `json:"token"`
	Processor string `json:"processor"`
	Brand     string `json:"brand"` // amex | discover | mastercard | visa
	Last4     string `json:"last4"`
	ExpMonth  int    `json:"exp_month"`
	ExpYear   int    `json:"exp_year"`
	Nickname  string `json:"nickname"`
	Default   bool   `json:"default"`
}

// SavedCard is a stored payment token.
type SavedCard struct {
	ID        string    `json:"id"`
	Token     string    `json:"token"`
	Processor string    `json:"processor,omitempty"`
	Brand     string    `json:"brand"`
	Last4     string    `json:"last4"`
	ExpMonth  int       `json:"exp_month"`
	ExpYear   int       `json:"exp_year"`
	Nickname  string    `json:"nickname,omitempty"`
	Label     string    `json:"label"` // "Visa •••• 4242"
	Default   bool      `json:"default"`
	Expired   bool      `json:"expired"`
	CreatedAt time.Time `json:"created_at"`
}

// OrderItem is a line of a placed order.
type OrderItem struct {
	ProductID string `json:"product_id,omitempty"`
	Name      string `json:"name"`
	Quantity  int    `json:"quantity"`
	// Category is the menu category id (chicken, sandwiches, …). When empty the
	// provider guesses it from the name.
	Category string `json:"category,omitempty"`
}

// OrderRecord is a placed order reported for points.
type OrderRecord struct {
	OrderID      string    `json:"order_id"`
	LocationID   string    `json:"location_id"`
	LocationName string    `json:"location_name"`
	PlacedAt     time.Time `json:"placed_at"`
	// SubtotalCents is the food total before discounts, tax, fees and tip.
	SubtotalCents int64 `json:"subtotal_cents"`
	// DiscountCents (coupons, offers and rewards) is taken off the subtotal before
	// points are counted.
	DiscountCents int64       `json:"discount_cents,omitempty"`
	TotalCents    int64       `json:"total_cents"`
	Items         []OrderItem `json:"items"`
	// RedemptionIDs are the redemptions applied to the order; they become used.
	RedemptionIDs []string `json:"redemption_ids,omitempty"`
}

// Order is an order in a member's history.
type Order struct {
	OrderRecord
	// Status is pending, credited or cancelled.
	Status string `json:"status"`
	// Points credited; 0 until the order is credited.
	Points int64 `json:"points"`
	// PendingPoints is what a pending order will earn before any bonus.
	PendingPoints int64     `json:"pending_points,omitempty"`
	AccruedAt     time.Time `json:"accrued_at,omitzero"`
	// CancelledAt is set once a pending order was cancelled.
	CancelledAt *time.Time `json:"cancelled_at,omitempty"`
}

// Accrual is what an order earned.
type Accrual struct {
	OrderID string `json:"order_id"`
	// Points credited in total (base + bonus).
	Points      int64  `json:"points"`
	BasePoints  int64  `json:"base_points"`
	BonusPoints int64  `json:"bonus_points"`
	Balance     int64  `json:"balance"`
	Lifetime    int64  `json:"lifetime_points"`
	Tier        string `json:"tier"`
	// Duplicate: the order was already credited; nothing changed.
	Duplicate           bool     `json:"duplicate,omitempty"`
	OffersApplied       []string `json:"offers_applied,omitempty"`
	RedemptionsUsed     []string `json:"redemptions_used,omitempty"`
	ChallengesCompleted []string `json:"challenges_completed,omitempty"`
	BadgesEarned        []string `json:"badges_earned,omitempty"`
}

// Activity is an entry of the points ledger.
type Activity struct {
	At      time.Time `json:"at"`
	Points  int64     `json:"points"` // + earned, − spent
	Balance int64     `json:"balance"`
	Reason  string    `json:"reason"`
	Ref     string    `json:"ref,omitempty"`
}

// Reward is an item of the rewards catalogue.
type Reward struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	Points      int64  `json:"points"`
	AmountCents int64  `json:"amount_cents"`
	ProductID   string `json:"product_id,omitempty"`
	Category    string `json:"category,omitempty"`
	// Available: the member has enough points and no active redemption of it.
	Available    bool   `json:"available"`
	PointsNeeded int64  `json:"points_needed,omitempty"`
	RedemptionID string `json:"redemption_id,omitempty"` // the active redemption, if any
}

// Redemption is a reward taken by a member, ready to apply to a cart until ExpiresAt.
type Redemption struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"` // reward | offer | perk
	RewardID    string `json:"reward_id"`
	Name        string `json:"name"`
	Points      int64  `json:"points"`
	AmountCents int64  `json:"amount_cents"`
	ProductID   string `json:"product_id,omitempty"`
	// FreeItem: the redemption is its product itself (a free biscuit), which the
	// order gets at $0, rather than an amount off (a perk's "$10 off a family meal").
	FreeItem  bool       `json:"free_item,omitempty"`
	Status    string     `json:"status"`
	CreatedAt time.Time  `json:"created_at"`
	ExpiresAt time.Time  `json:"expires_at"`
	ClosedAt  *time.Time `json:"closed_at,omitempty"`
	OrderID   string     `json:"order_id,omitempty"`
}

// RewardOffer is a reward offered to one member (birthday, welcome), free to redeem
// once while it lasts.
type RewardOffer struct {
	ID           string    `json:"id"`
	Name         string    `json:"name"`
	Description  string    `json:"description"`
	AmountCents  int64     `json:"amount_cents"`
	ProductID    string    `json:"product_id,omitempty"`
	ExpiresAt    time.Time `json:"expires_at"`
	Redeemed     bool      `json:"redeemed"`
	RedemptionID string    `json:"redemption_id,omitempty"`
}

// Offer is a programme-wide offer (double points on Tuesdays).
type Offer struct {
	ID          string     `json:"id"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	Kind        string     `json:"kind"` // multiplier | bonus
	Multiplier  int64      `json:"multiplier,omitempty"`
	BonusPoints int64      `json:"bonus_points,omitempty"`
	Weekday     string     `json:"weekday,omitempty"`  // sun … sat
	Category    string     `json:"category,omitempty"` // bonus when the order has this category
	StartsAt    *time.Time `json:"starts_at,omitempty"`
	EndsAt      *time.Time `json:"ends_at,omitempty"`
	ActiveNow   bool       `json:"active_now"`
}

// ChallengeProgress is a challenge with the member's progress in the current period.
type ChallengeProgress struct {
	ID          string     `json:"id"`
	Title       string     `json:"title"`
	Description string     `json:"description"`
	Progress    int64      `json:"progress"`
	Goal        int64      `json:"goal"`
	Unit        string     `json:"unit,omitempty"` // orders | cents
	BonusPoints int64      `json:"bonus_points"`
	Period      string     `json:"period"` // month | once
	EndsAt      *time.Time `json:"ends_at,omitempty"`
	Completed   bool       `json:"completed"`
	CompletedAt *time.Time `json:"completed_at,omitempty"`
}

// Badge is an achievement.
type Badge struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description"`
	Earned      bool       `json:"earned"`
	EarnedAt    *time.Time `json:"earned_at,omitempty"`
}

// Plan is a subscription plan.
type Plan struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	PriceCents  int64  `json:"price_cents"`
	Interval    string `json:"interval"` // month
	// Perk is what the plan gives each PerkPeriod (day | week).
	PerkName        string `json:"perk_name"`
	PerkAmountCents int64  `json:"perk_amount_cents"`
	PerkProductID   string `json:"perk_product_id,omitempty"`
	PerkPeriod      string `json:"perk_period"`
}

// Subscription is a member's subscription to a plan.
type Subscription struct {
	ID           string     `json:"id"`
	PlanID       string     `json:"plan_id"`
	Name         string     `json:"name"`
	PriceCents   int64      `json:"price_cents"`
	Interval     string     `json:"interval"`
	Status       string     `json:"status"`
	PaymentLabel string     `json:"payment_label"`
	StartedAt    time.Time  `json:"started_at"`
	PeriodStart  time.Time  `json:"period_start"`
	RenewsAt     *time.Time `json:"renews_at,omitempty"` // next charge; nil once cancelled
	EndsAt       *time.Time `json:"ends_at,omitempty"`   // perks stop; set when cancelled
	CancelledAt  *time.Time `json:"cancelled_at,omitempty"`
	// PerksActive: perks can be claimed now.
	PerksActive bool `json:"perks_active"`
}

// Provider roles. A loyalty programme is split by what it does, so that each consumer
// takes only the roles it uses, a test fake implements one role, and an adapter for
// another programme may implement a subset: the edge hides the features of a role
// nothing provides (docs/providers.md). Each role has at most 12 methods
// (TestRolesAreSmall).

// Accounts opens member accounts and looks after their passwords.
type Accounts interface {
	SignUp(ctx context.Context, in SignUpInput) (Member, error)
	// ConfirmAccount confirms the email address from the confirmation link's code.
	ConfirmAccount(ctx context.Context, code string) (Member, error)
	ResendConfirmation(ctx context.Context, memberID string) error
	// ForgotPassword sends a reset code when the account exists; it answers the same
	// either way.
	ForgotPassword(ctx context.Context, email string) error
	// ResetPassword sets a new password from the emailed reset code and returns the
	// member's id, so that the caller can end the member's sessions.
	ResetPassword(ctx context.Context, email, code, newPassword string) (memberID string, err error)
	ChangePassword(ctx context.Context, memberID, current, next string) error
}

// SignIn signs members in: password plus code, passwordless codes, and the single
// sign-on codes the native app and partners exchange.
type SignIn interface {
	// SignIn checks the password and starts the sign-in code step; it never signs in
	// on its own.
	SignIn(ctx context.Context, email, password string) (Challenge, error)
	// StartPasswordless sends a sign-in code for an email, phone or member number.
	StartPasswordless(ctx context.Context, identifier string) (Challenge, error)
	// VerifyCode completes a sign-in code step.
	VerifyCode(ctx context.Context, challengeID, code string) (Member, error)
	ResendCode(ctx context.Context, challengeID string) (Challenge, error)
	// CreateAuthCode issues a single-use single sign-on code for redirectURI.
	CreateAuthCode(ctx context.Context, memberID, redirectURI string) (string, error)
	// ExchangeAuthCode redeems a single sign-on code; redirectURI must match.
	ExchangeAuthCode(ctx context.Context, code, redirectURI string) (Member, error)
}

// Members are the member's own record: name, contact details and preferences.
type Members interface {
	// ID is the provider name carried in tokens.
	ID() string
	Member(ctx context.Context, id string) (Member, error)
	UpdateProfile(ctx context.Context, id string, u ProfileUpdate) (Member, error)
	// UpdateSettings changes the preferences u names and leaves the others as they are.
	UpdateSettings(ctx context.Context, id string, u SettingsUpdate) (Member, error)
}

// Addresses are a member's saved delivery addresses.
type Addresses interface {
	Addresses(ctx context.Context, memberID string) ([]SavedAddress, error)
	AddAddress(ctx context.Context, memberID string, in AddressInput) (SavedAddress, error)
	UpdateAddress(ctx context.Context, memberID, addressID string, in AddressInput) (SavedAddress, error)
	RemoveAddress(ctx context.Context, memberID, addressID string) error
}

// Wallet is a member's saved payment cards (tokens, never numbers).
type Wallet interface {
	Cards(ctx context.Context, memberID string) ([]SavedCard, error)
	AddCard(ctx context.Context, memberID string, in CardInput) (SavedCard, error)
	RemoveCard(ctx context.Context, memberID, cardID string) error
}

// Favorites are a member's favourite locations, by id.
type Favorites interface {
	FavoriteLocations(ctx context.Context, memberID string) ([]string, error)
	AddFavoriteLocation(ctx context.Context, memberID, locationID string) ([]string, error)
	RemoveFavoriteLocation(ctx context.Context, memberID, locationID string) ([]string, error)
}

// Points follows a member's orders through the programme: held when placed,
// credited when completed, closed without credit when cancelled.
type Points interface {
	// HoldOrder records a placed order as pending, once per order id: the id is
	// claimed for the member and the order's redemptions become used. Nothing is
	// credited until AccrueOrder.
	HoldOrder(ctx context.Context, memberID string, o OrderRecord) (Order, error)
	// AccrueOrder credits a completed order once per order id: points, offers,
	// challenges and badges. An order cancelled before is refused.
	AccrueOrder(ctx context.Context, memberID string, o OrderRecord) (Accrual, error)
	// CancelOrder closes a pending order without credit and gives back the
	// redemptions it used, once per order id. A credited order is refused.
	CancelOrder(ctx context.Context, memberID, orderID string) (Order, error)
	// PendingOrders lists the member's orders held and not yet credited or cancelled.
	PendingOrders(ctx context.Context, memberID string) ([]Order, error)
	// Orders lists at most limit of the member's orders, newest first
	// (CompareOrders), starting after the cursor when after is set: a page of the
	// history.
	Orders(ctx context.Context, memberID string, after *OrderCursor, limit int) ([]Order, error)
	// Activity lists points earned and spent, newest first.
	Activity(ctx context.Context, memberID string, limit int) ([]Activity, error)
	// AdjustPoints adds (or with a negative delta removes) points: goodwill, support.
	AdjustPoints(ctx context.Context, memberID string, delta int64, reason string) (Member, error)
}

// Rewards is the reward catalogue and a member's redemptions of it.
type Rewards interface {
	// Rewards lists the catalogue; memberID may be empty for guests.
	Rewards(ctx context.Context, memberID string) ([]Reward, error)
	RedeemReward(ctx context.Context, memberID, rewardID string) (Redemption, error)
	Redemption(ctx context.Context, memberID, redemptionID string) (Redemption, error)
	// Redemptions lists the member's redemptions, newest first.
	Redemptions(ctx context.Context, memberID string) ([]Redemption, error)
	CancelRedemption(ctx context.Context, memberID, redemptionID string) (Redemption, error)
}

// Offers are the programme's offers, and the ones a member may redeem.
type Offers interface {
	RewardOffers(ctx context.Context, memberID string) ([]RewardOffer, error)
	RedeemOffer(ctx context.Context, memberID, offerID string) (Redemption, error)
	Offers(ctx context.Context) ([]Offer, error)
}

// Challenges are goals a member works toward (order three times this month).
type Challenges interface {
	Challenges(ctx context.Context, memberID string) ([]ChallengeProgress, error)
}

// Badges are what a member has earned.
type Badges interface {
	Badges(ctx context.Context, memberID string) ([]Badge, error)
}

// Subscriptions are paid plans with a perk each period.
type Subscriptions interface {
	Plans(ctx context.Context) ([]Plan, error)
	Subscribe(ctx context.Context, memberID, planID, paymentToken string) (Subscription, error)
	CancelSubscription(ctx context.Context, memberID, subscriptionID string) (Subscription, error)
	Subscriptions(ctx context.Context, memberID string) ([]Subscription, error)
	// ClaimPerk takes the subscription's perk for the current period as a redemption.
	ClaimPerk(ctx context.Context, memberID, subscriptionID string) (Redemption, error)
}

// Provider is a loyalty programme that fills every role, as the built-in one does.
type Provider interface {
	Accounts
	SignIn
	Members
	Addresses
	Wallet
	Favorites
	Points
	Rewards
	Offers
	Challenges
	Badges
	Subscriptions
}

// OutboxReader is implemented by providers that keep the messages they would send
// (the built-in provider); a developer page lists them.
type OutboxReader = outbox.Reader

// AuthorizeRequest asks a provider's hosted sign-in page for single sign-on: the
// client, where the guest returns with the code, and the client's opaque state.
type AuthorizeRequest struct {
	ClientID    string
	RedirectURI string // canonical same-origin path once checked
	State       string
}

// HostedSignIn is implemented by providers whose single sign-on page the edge serves
// (the built-in provider). The edge does the HTTP; the provider keeps the rules: which
// clients and return addresses are allowed, the single-use form token, and the steps.
type HostedSignIn interface {
	// ProgramName is the loyalty programme's name the page shows.
	ProgramName() string
	// CheckAuthorizeRequest checks a request and returns it in canonical form, or a
	// message for the guest. scheme and host are the page's own: an absolute return
	// address is accepted on that origin only.
	CheckAuthorizeRequest(r AuthorizeRequest, scheme, host string) (AuthorizeRequest, string)
	// NewAuthorizeForm issues a single-use form token bound to r, valid for ttl.
	NewAuthorizeForm(ctx context.Context, r AuthorizeRequest, ttl time.Duration) (string, error)
	// TakeAuthorizeForm spends a form token; false when unknown, spent or made for
	// another request.
	TakeAuthorizeForm(ctx context.Context, token string, r AuthorizeRequest) (bool, error)
	// AuthorizeCodeStep reports whether a sign-in code follows the password.
	AuthorizeCodeStep() bool
	// AuthorizePassword checks an email and password and returns the member id.
	// Without the code step this completes the sign-in.
	AuthorizePassword(ctx context.Context, email, password string) (string, error)
	// StartAuthorizeCode sends the member a sign-in code to their email.
	StartAuthorizeCode(ctx context.Context, memberID string) (Challenge, error)
	// ChallengeDestination is the masked address a challenge's code went to.
	ChallengeDestination(ctx context.Context, challengeID string) string
	// VerifyCode completes a sign-in code step.
	VerifyCode(ctx context.Context, challengeID, code string) (Member, error)
	// CreateAuthCode issues the single sign-on code the page redirects with.
	CreateAuthCode(ctx context.Context, memberID, redirectURI string) (string, error)
}
