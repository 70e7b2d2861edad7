package account

import (
	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The member's profile, settings and password.

func (a *api) user(c fiber.Ctx) error {
	m, err := a.l.Member(c.Context(), memberID(c))
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"user": m})
}

func (a *api) updateProfile(c fiber.Ctx) error {
	var in loyalty.ProfileUpdate
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if in.FavoriteLocationID != nil && *in.FavoriteLocationID != "" {
		if _, err := a.cfg.Ordering.Location(c.Context(), *in.FavoriteLocationID); err != nil {
			return fault.New(fault.Invalid, "invalid", "Choose a location from the list.").Field("favoriteLocationId", "Choose a location from the list.")
		}
	}
	m, err := a.l.UpdateProfile(c.Context(), memberID(c), in)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}

func (a *api) updateSettings(c fiber.Ctx) error {
	var in struct {
		EmailOffers       bool `json:"emailOffers"`
		SMSOffers         bool `json:"smsOffers"`
		PaperlessReceipts bool `json:"paperlessReceipts"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	m, err := a.l.UpdateSettings(c.Context(), memberID(c), loyalty.Settings{EmailOffers: in.EmailOffers, SMSOffers: in.SMSOffers, PaperlessReceipts: in.PaperlessReceipts})
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}

func (a *api) changePassword(c fiber.Ctx) error {
	var in struct {
		Current  string `json:"current"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := a.l.ChangePassword(c.Context(), memberID(c), in.Current, in.Password); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"changed": true})
}

func (a *api) resendConfirmation(c fiber.Ctx) error {
	if err := a.l.ResendConfirmation(c.Context(), memberID(c)); err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"sent": true})
}
