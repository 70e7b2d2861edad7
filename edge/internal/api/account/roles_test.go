package account_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/henhouse/platform/edge/internal/api/account"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// addressBook is a loyalty.Addresses and nothing more: the account API takes each
// role on its own, so another program's address book serves the saved addresses.
type addressBook struct {
	byMember map[string][]loyalty.SavedAddress
}

var _ loyalty.Addresses = (*addressBook)(nil)

func (b *addressBook) Addresses(_ context.Context, memberID string) ([]loyalty.SavedAddress, error) {
	return append([]loyalty.SavedAddress{}, b.byMember[memberID]...), nil
}

func (b *addressBook) AddAddress(_ context.Context, memberID string, in loyalty.AddressInput) (loyalty.SavedAddress, error) {
	a := loyalty.SavedAddress{ID: "ab" + strconv.Itoa(len(b.byMember[memberID])+1), Label: in.Label, Street: in.Street, City: in.City, State: in.State, ZIP: in.ZIP}
	b.byMember[memberID] = append(b.byMember[memberID], a)
	return a, nil
}

func (b *addressBook) UpdateAddress(context.Context, string, string, loyalty.AddressInput) (loyalty.SavedAddress, error) {
	return loyalty.SavedAddress{}, fault.New(fault.Rule, "read_only", "This address book can't be changed here.")
}

func (b *addressBook) RemoveAddress(_ context.Context, memberID, id string) error {
	list := b.byMember[memberID][:0]
	for _, a := range b.byMember[memberID] {
		if a.ID != id {
			list = append(list, a)
		}
	}
	b.byMember[memberID] = list
	return nil
}

func TestAddressesFromARoleOfTheirOwn(t *testing.T) {
	book := &addressBook{byMember: map[string][]loyalty.SavedAddress{}}
	e := newEnv(t, func(c *account.Config) { c.Addresses = book })
	b := e.browser(t)
	id := b.member()
	a := b.do("POST", "/api/user/addresses", `{"label":"Home","street":"12 Oak Ave","city":"Columbus","state":"OH","zip":"43215"}`).want(t, 201)
	list, _ := a.field("addresses").([]any)
	if len(list) != 1 || list[0].(map[string]any)["id"] != "ab1" || len(book.byMember[id]) != 1 {
		t.Fatalf("added %s; the book has %v", a.raw, book.byMember)
	}
	// The book's own refusal reaches the member as it is.
	if a := b.do("PUT", "/api/user/addresses/ab1", `{"label":"Home","street":"14 Oak Ave","city":"Columbus","state":"OH","zip":"43215"}`).want(t, 422); a.errorCode() != "read_only" {
		t.Fatalf("update %s", a.raw)
	}
	if a := b.do("DELETE", "/api/user/addresses/ab1", "").want(t, 200); len(a.field("addresses").([]any)) != 0 {
		t.Fatalf("removed %s", a.raw)
	}
	// The built-in program never saw them.
	if got, _ := e.l.Addresses(ctx, id); len(got) != 0 {
		t.Fatalf("built-in addresses %v", got)
	}
}

// pinboard is a loyalty.Favorites and nothing more.
type pinboard struct {
	ids []string
}

var _ loyalty.Favorites = (*pinboard)(nil)

func (p *pinboard) FavoriteLocations(context.Context, string) ([]string, error) { return p.ids, nil }

func (p *pinboard) AddFavoriteLocation(_ context.Context, _, id string) ([]string, error) {
	p.ids = append(p.ids, id)
	return p.ids, nil
}

func (p *pinboard) RemoveFavoriteLocation(context.Context, string, string) ([]string, error) {
	p.ids = nil
	return p.ids, nil
}

// The favorites role gets only locations that pass the one favorite location rule,
// and answers them in full from the ordering system.
func TestFavoritesFromARoleOfTheirOwn(t *testing.T) {
	board := &pinboard{ids: []string{"closed-for-good"}}
	e := newEnv(t, func(c *account.Config) { c.Favorites = board })
	b := e.browser(t)
	b.member()
	// A favorite the ordering system no longer has is left out.
	if a := b.do("GET", "/api/user/favorites", "").want(t, 200); len(a.field("favorites").([]any)) != 0 {
		t.Fatalf("favorites %s", a.raw)
	}
	b.do("PUT", "/api/user/favorites/nowhere", "").want(t, 400)
	a := b.do("PUT", "/api/user/favorites/oh-dayton", "").want(t, 200)
	favs, _ := a.field("favorites").([]any)
	if len(favs) != 1 || favs[0].(map[string]any)["id"] != "oh-dayton" || favs[0].(map[string]any)["menu_id"] != "m-standard" || len(board.ids) != 2 {
		t.Fatalf("added %s; the board has %v", a.raw, board.ids)
	}
}

// A program without a role: its routes answer 404 feature_unavailable, for guests
// and members alike, and the members area lists nothing of it.
func TestMissingRolesTurnTheirRoutesOff(t *testing.T) {
	e := newEnv(t, func(c *account.Config) {
		c.Addresses, c.Wallet, c.Favorites, c.Subscriptions, c.GiftCards, c.Rewards = nil, nil, nil, nil, nil, nil
		c.Member.Badges, c.Member.Challenges, c.Member.Houses = nil, nil, nil
	})
	b := e.browser(t)
	routes := [][2]string{
		{"GET", "/api/user/addresses"}, {"POST", "/api/user/addresses"}, {"PUT", "/api/user/addresses/a1"}, {"DELETE", "/api/user/addresses/a1"},
		{"GET", "/api/user/cards"}, {"POST", "/api/user/cards"}, {"DELETE", "/api/user/cards/c1"},
		{"GET", "/api/user/giftcards"}, {"POST", "/api/user/giftcards"}, {"DELETE", "/api/user/giftcards/g1"},
		{"GET", "/api/user/house-accounts"},
		{"GET", "/api/user/favorites"}, {"PUT", "/api/user/favorites/oh-dayton"}, {"DELETE", "/api/user/favorites/oh-dayton"},
		{"POST", "/api/rewards/free-biscuit/redeem"}, {"POST", "/api/rewards/offers/o1/redeem"}, {"DELETE", "/api/rewards/redemptions/r1"},
		{"GET", "/api/subscriptions/plans"}, {"GET", "/api/subscriptions"}, {"POST", "/api/subscriptions"},
		{"DELETE", "/api/subscriptions/s1"}, {"POST", "/api/subscriptions/s1/perk"},
	}
	check := func(who string) {
		for _, r := range routes {
			if a := b.do(r[0], r[1], ""); a.status != 404 || a.errorCode() != "feature_unavailable" {
				t.Errorf("%s %s %s: %d %s", who, r[0], r[1], a.status, a.raw)
			}
		}
	}
	check("guest")
	b.member()
	check("member")
	a := b.do("GET", "/api/rewards", "").want(t, 200)
	for _, list := range []string{"badges", "challenges", "subscriptions"} {
		if l, ok := a.field(list).([]any); !ok || len(l) != 0 {
			t.Errorf("%s: %s", list, a.raw)
		}
	}
	if l, _ := a.field("rewards").([]any); len(l) == 0 {
		t.Errorf("the rewards role is still there: %s", a.raw)
	}
}
