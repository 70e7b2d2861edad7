package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// Saved addresses, cards, gift cards and favorite locations, and house accounts.

func (a *api) addresses(c fiber.Ctx) error {
	list, err := a.cfg.Addresses.Addresses(c.Context(), memberID(c))
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
	if _, err := a.cfg.Addresses.AddAddress(c.Context(), memberID(c), in); err != nil {
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
	if _, err := a.cfg.Addresses.UpdateAddress(c.Context(), memberID(c), c.Params("id"), in); err != nil {
		return err
	}
	return a.addresses(c)
}

func (a *api) removeAddress(c fiber.Ctx) error {
	if err := a.cfg.Addresses.RemoveAddress(c.Context(), memberID(c), c.Params("id")); err != nil {
		return err
	}
	return a.addresses(c)
}

func (a *api) cards(c fiber.Ctx) error {
	list, err := a.cfg.Wallet.Cards(c.Context(), memberID(c))
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
	return c.JSON(fiber.Map{"gift_cards": list})
}

func (a *api) giftCards(c fiber.Ctx) error {
	list, err := a.cfg.GiftCards.SavedGiftCards(c.Context(), memberID(c))
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
	list, err := a.cfg.GiftCards.SaveGiftCard(c.Context(), memberID(c), in.Token, in.Nickname)
	if err == nil {
		c.Status(fiber.StatusCreated)
	}
	return giftCardsJSON(c, list, err)
}

func (a *api) removeGiftCard(c fiber.Ctx) error {
	list, err := a.cfg.GiftCards.RemoveSavedGiftCard(c.Context(), memberID(c), c.Params("id"))
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
	return c.JSON(fiber.Map{"house_accounts": list})
}

func (a *api) removeCard(c fiber.Ctx) error {
	if err := a.cfg.Wallet.RemoveCard(c.Context(), memberID(c), c.Params("id")); err != nil {
		return err
	}
	return a.cards(c)
}

func (a *api) favoritesJSON(c fiber.Ctx, list []ordering.Location, err error) error {
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"favorites": list})
}

func (a *api) favorites(c fiber.Ctx) error {
	list, err := a.m.FavoriteLocations(c.Context(), memberID(c))
	return a.favoritesJSON(c, list, err)
}

// PUT /user/favorites/{locationId}: a location that sells online only
// (member.Service.FavoriteLocation, the rule sign-up and the profile follow too).
func (a *api) addFavorite(c fiber.Ctx) error {
	list, err := a.m.AddFavorite(c.Context(), memberID(c), c.Params("locationId"))
	return a.favoritesJSON(c, list, err)
}

func (a *api) removeFavorite(c fiber.Ctx) error {
	list, err := a.m.RemoveFavorite(c.Context(), memberID(c), c.Params("locationId"))
	return a.favoritesJSON(c, list, err)
}
