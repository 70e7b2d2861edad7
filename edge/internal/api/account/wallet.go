package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Saved addresses, cards, gift cards and favourite locations, and house accounts.

func (a *api) addresses(c fiber.Ctx) error {
	list, err := a.l.Addresses(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"addresses": list})
}

func (a *api) addAddress(c fiber.Ctx) error {
	var in loyalty.AddressInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.AddAddress(c.Context(), memberID(c), in); err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return a.addresses(c)
}

func (a *api) updateAddress(c fiber.Ctx) error {
	var in loyalty.AddressInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.l.UpdateAddress(c.Context(), memberID(c), c.Params("id"), in); err != nil {
		return err
	}
	return a.addresses(c)
}

func (a *api) removeAddress(c fiber.Ctx) error {
	if err := a.l.RemoveAddress(c.Context(), memberID(c), c.Params("id")); err != nil {
		return err
	}
	return a.addresses(c)
}

func (a *api) cards(c fiber.Ctx) error {
	list, err := a.l.Cards(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"cards": list})
}

// POST /user/cards: saves a card token; its brand, last 4 digits and expiry are those
// the processor recorded for the token (member.Service.SaveCard), not the request's.
func (a *api) addCard(c fiber.Ctx) error {
	var in loyalty.CardInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.m.SaveCard(c.Context(), memberID(c), in); err != nil {
		return err
	}
	c.Status(fiber.StatusCreated)
	return a.cards(c)
}

func giftCardsJSON(c fiber.Ctx, list []ordering.SavedGiftCard, err error) error {
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"giftCards": list})
}

func (a *api) giftCards(c fiber.Ctx) error {
	list, err := a.cfg.Ordering.SavedGiftCards(c.Context(), memberID(c))
	return giftCardsJSON(c, list, err)
}

// POST /user/giftcards {token, nickname?}: keeps a gift card from a balance check on
// the account; its token stops expiring.
func (a *api) saveGiftCard(c fiber.Ctx) error {
	var in struct {
		Token    string `json:"token"`
		Nickname string `json:"nickname"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.Token == "" {
		return fault.New(fault.Invalid, "invalid", "Check your gift card's balance first.").Field("token", "required")
	}
	list, err := a.cfg.Ordering.SaveGiftCard(c.Context(), memberID(c), in.Token, in.Nickname)
	if err == nil {
		c.Status(fiber.StatusCreated)
	}
	return giftCardsJSON(c, list, err)
}

func (a *api) removeGiftCard(c fiber.Ctx) error {
	list, err := a.cfg.Ordering.RemoveSavedGiftCard(c.Context(), memberID(c), c.Params("id"))
	return giftCardsJSON(c, list, err)
}

// GET /user/house-accounts: the house accounts the member may charge (a confirmed
// email address of the account's domain: member.Service.HouseAccounts).
func (a *api) houseAccounts(c fiber.Ctx) error {
	list, err := a.m.HouseAccounts(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"houseAccounts": list})
}

func (a *api) removeCard(c fiber.Ctx) error {
	if err := a.l.RemoveCard(c.Context(), memberID(c), c.Params("id")); err != nil {
		return err
	}
	return a.cards(c)
}

func (a *api) favorites(c fiber.Ctx) error {
	ids, err := a.l.FavoriteLocations(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	return a.favoritesJSON(c, ids)
}

// favoritesJSON answers the favourite locations in full, skipping any the ordering
// provider no longer has.
func (a *api) favoritesJSON(c fiber.Ctx, ids []string) error {
	out := make([]ordering.Location, 0, len(ids))
	for _, id := range ids {
		l, err := a.cfg.Ordering.Location(c.Context(), id)
		if err == nil {
			out = append(out, l)
		} else if !fault.Is(err, fault.NotFound) {
			return err
		}
	}
	noStore(c)
	return c.JSON(fiber.Map{"favorites": out})
}

func (a *api) addFavorite(c fiber.Ctx) error {
	id := c.Params("locationId")
	if _, err := a.cfg.Ordering.Location(c.Context(), id); err != nil {
		return err
	}
	ids, err := a.l.AddFavoriteLocation(c.Context(), memberID(c), id)
	if err != nil {
		return err
	}
	return a.favoritesJSON(c, ids)
}

func (a *api) removeFavorite(c fiber.Ctx) error {
	ids, err := a.l.RemoveFavoriteLocation(c.Context(), memberID(c), c.Params("locationId"))
	if err != nil {
		return err
	}
	return a.favoritesJSON(c, ids)
}
