package ordering

import "time"

// E-gift cards (docs/giftcards.md): a guest buys a card by card payment for someone
// else, who gets its number and PIN by email on the send date.

// E-gift card limits. The buy page states them; the provider checks them again.
const (
	// GiftCardMinCents and GiftCardMaxCents bound the amount of an e-gift card, which
	// is whole dollars.
	GiftCardMinCents = 1000
	GiftCardMaxCents = 50000
	// GiftMessageMax is the longest personal message, in characters.
	GiftMessageMax = 250
	// GiftSendAheadDays is how far ahead a send date may be.
	GiftSendAheadDays = 90
	// GiftZone is the time zone of a send date when the buyer's browser does not name
	// one: the chain's home.
	GiftZone = "America/New_York"
)

// GiftCardDesign is the picture an e-gift card is sent with.
type GiftCardDesign struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// GiftCardDesigns are the designs a buyer chooses from.
var GiftCardDesigns = []GiftCardDesign{
	{ID: "classic", Name: "Classic Henhouse"},
	{ID: "birthday", Name: "Happy Birthday"},
	{ID: "thanks", Name: "Thank You"},
	{ID: "holiday", Name: "Happy Holidays"},
}

// GiftCardPurchaseInput buys an e-gift card.
type GiftCardPurchaseInput struct {
	AmountCents    int64  `json:"amount_cents"`
	Design         string `json:"design"`
	RecipientName  string `json:"recipient_name"`
	RecipientEmail string `json:"recipient_email"`
	SenderName     string `json:"sender_name"`
	Message        string `json:"message"`
	// SendOn is the day the recipient gets the card, YYYY-MM-DD in TimeZone.
	SendOn string `json:"send_on"`
	// TimeZone is the buyer's IANA time zone; "" is GiftZone.
	TimeZone   string `json:"time_zone"`
	BuyerEmail string `json:"buyer_email"`
	// Payment is a card token of the hosted fields. A gift card cannot pay for a gift
	// card.
	Payment GiftCardPurchasePayment `json:"payment"`
	// IdempotencyKey makes a retried purchase return the first one's answer.
	IdempotencyKey string `json:"-"`
	// MemberID is the signed-in buyer, whose wallet keeps the card; "" for a guest.
	MemberID string `json:"-"`
}

// GiftCardPurchasePayment is how an e-gift card is paid for.
type GiftCardPurchasePayment struct {
	// Kind is "card", the only kind taken.
	Kind      string `json:"kind"`
	Processor string `json:"processor"`
	Token     string `json:"token"`
}

// Gift card purchase statuses: scheduled until the recipient's email goes out on the
// send date, then sent.
const (
	GiftScheduled = "scheduled"
	GiftSent      = "sent"
)

// GiftCardPurchase is a bought e-gift card as the buyer sees it: never its number or
// PIN, which only the recipient's email holds.
type GiftCardPurchase struct {
	// ID is the order reference ("GC-…").
	ID             string    `json:"id"`
	Status         string    `json:"status"`
	AmountCents    int64     `json:"amount_cents"`
	Design         string    `json:"design"`
	RecipientName  string    `json:"recipient_name"`
	RecipientEmail string    `json:"recipient_email"`
	SenderName     string    `json:"sender_name"`
	Message        string    `json:"message,omitempty"`
	SendOn         string    `json:"send_on"`
	TimeZone       string    `json:"time_zone"`
	BuyerEmail     string    `json:"buyer_email"`
	PaymentLabel   string    `json:"payment_label"`
	CreatedAt      time.Time `json:"created_at"`
	// Last4 of the card's number, once it is issued (on the send date).
	Last4 string `json:"last4,omitempty"`
	// SentAt is when the recipient's email went out.
	SentAt *time.Time `json:"sent_at,omitempty"`
	// Replayed: PurchaseGiftCard answered a repeat of an earlier request with its
	// purchase (Idempotent-Replayed); never stored.
	Replayed bool `json:"-"`
}
