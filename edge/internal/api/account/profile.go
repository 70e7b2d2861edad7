package account

import (
	"encoding/json"

	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// The member's profile, settings and password.

func (a *api) user(c fiber.Ctx) error {
	m, err := a.cfg.Members.Member(c.Context(), memberID(c))
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
	m, err := a.m.UpdateProfile(c.Context(), memberID(c), in)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"user": m})
}

// changeSettings is PATCH /user/settings: it changes the settings the body names and
// keeps the others. PUT /user/settings (setSettings) must name all three.
func (a *api) changeSettings(c fiber.Ctx) error { return a.updateSettings(c, false) }
func (a *api) setSettings(c fiber.Ctx) error    { return a.updateSettings(c, true) }

func (a *api) updateSettings(c fiber.Ctx, all bool) error {
	var in struct {
		EmailOffers       json.RawMessage `json:"email_offers"`
		SMSOffers         json.RawMessage `json:"sms_offers"`
		PaperlessReceipts json.RawMessage `json:"paperless_receipts"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	var u loyalty.SettingsUpdate
	bad := map[string]string{}
	for _, f := range []struct {
		name string
		raw  json.RawMessage
		to   **bool
	}{{"email_offers", in.EmailOffers, &u.EmailOffers}, {"sms_offers", in.SMSOffers, &u.SMSOffers}, {"paperless_receipts", in.PaperlessReceipts, &u.PaperlessReceipts}} {
		switch v := string(f.raw); v {
		case "true", "false":
			b := v == "true"
			*f.to = &b
		case "":
			if all {
				bad[f.name] = "Send this setting: true or false (or use PATCH to change only some)."
			}
		default: // null, text, numbers: a setting is on or off
			bad[f.name] = "Must be true or false."
		}
	}
	if err := fault.Fields("Check the settings sent.", bad); err != nil {
		return err
	}
	m, err := a.cfg.Members.UpdateSettings(c.Context(), memberID(c), u)
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
	pair, err := a.m.ChangePassword(c.Context(), memberID(c), in.Current, in.Password)
	if err != nil {
		return err
	}
	a.t.SetCookies(c, pair)
	noStore(c)
	return c.JSON(fiber.Map{"changed": true})
}

func (a *api) resendConfirmation(c fiber.Ctx) error {
	if err := a.cfg.Accounts.ResendConfirmation(c.Context(), memberID(c)); err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"sent": true})
}
