package account

import (
	"strings"

	"github.com/gofiber/fiber/v3"
	"github.com/henhouse/platform/edge/internal/auth"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Sign-up, sign-in (password and code, passwordless), password reset, account
// confirmation, token refresh and sign-out.

func (a *api) signedIn(c fiber.Ctx, m loyalty.Member, status int, ret string) error {
	pair, out, err := a.m.SignIn(c.Context(), m)
	if err != nil {
		return err
	}
	if a.cfg.JoinCart != nil {
		// The guest's cart joins the member's one cart; a failure leaves it with the
		// visitor, never lost, and does not undo the sign-in.
		if out.NotTransferred, err = a.cfg.JoinCart(c, m.ID); err != nil {
			out.NotTransferred = nil
		}
	}
	a.t.SetCookies(c, pair)
	out.Return = ret
	noStore(c)
	return c.Status(status).JSON(out)
}

func (a *api) signUp(c fiber.Ctx) error {
	var in loyalty.SignUpInput
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	m, err := a.m.SignUp(c.Context(), in)
	if err != nil {
		return err
	}
	return a.signedIn(c, m, fiber.StatusCreated, "")
}

func (a *api) signIn(c fiber.Ctx) error {
	var in struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	fields := map[string]string{}
	if strings.TrimSpace(in.Email) == "" {
		fields["email"] = "Enter your email address."
	}
	if in.Password == "" {
		fields["password"] = "Enter your password."
	}
	if len(fields) > 0 {
		return fault.Fields("Check the highlighted fields.", fields)
	}
	ch, err := a.cfg.SignIn.SignIn(c.Context(), in.Email, in.Password)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"challenge": ch})
}

func (a *api) passwordless(c fiber.Ctx) error {
	var in struct {
		Identifier string `json:"identifier"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Identifier) == "" {
		return fault.Fields("Enter your email, phone number or member number.", map[string]string{"identifier": "Enter your email, phone number or member number."})
	}
	ch, err := a.cfg.SignIn.StartPasswordless(c.Context(), in.Identifier)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"challenge": ch})
}

func (a *api) code(c fiber.Ctx) error {
	var in struct {
		ChallengeID string `json:"challenge_id"`
		Code        string `json:"code"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if strings.TrimSpace(in.Code) == "" {
		return fault.Fields("Enter the code we sent you.", map[string]string{"code": "Enter the code we sent you."})
	}
	m, err := a.cfg.SignIn.VerifyCode(c.Context(), in.ChallengeID, strings.TrimSpace(in.Code))
	if err != nil {
		return err
	}
	return a.signedIn(c, m, fiber.StatusOK, "")
}

func (a *api) resend(c fiber.Ctx) error {
	var in struct {
		ChallengeID string `json:"challenge_id"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	ch, err := a.cfg.SignIn.ResendCode(c.Context(), in.ChallengeID)
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"challenge": ch})
}

func (a *api) forgot(c fiber.Ctx) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if err := a.cfg.Accounts.ForgotPassword(c.Context(), in.Email); err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(fiber.Map{"sent": true})
}

func (a *api) reset(c fiber.Ctx) error {
	var in struct {
		Email    string `json:"email"`
		Code     string `json:"code"`
		Password string `json:"password"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	asking, _ := auth.ClaimsOf(c)
	signedOut, err := a.m.ResetPassword(c.Context(), in.Email, strings.TrimSpace(in.Code), in.Password, asking)
	if err != nil {
		return err
	}
	if signedOut {
		a.t.ClearCookies(c)
	}
	return c.JSON(fiber.Map{"reset": true})
}

func (a *api) confirm(c fiber.Ctx) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.Decode(c, &in); err != nil {
		return err
	}
	if _, err := a.cfg.Accounts.ConfirmAccount(c.Context(), strings.TrimSpace(in.Code)); err != nil {
		return err
	}
	return c.JSON(fiber.Map{"confirmed": true})
}

func (a *api) refresh(c fiber.Ctx) error {
	cfg := a.t.Config()
	pair, err := a.t.Refresh(c.Context(), c.Cookies(cfg.RefreshCookieName))
	if err != nil {
		a.t.ClearCookies(c)
		return fault.New(fault.Unauthorized, "unauthorized", "Please sign in to continue.")
	}
	a.t.SetCookies(c, pair)
	noStore(c)
	return c.JSON(fiber.Map{"token": a.m.Token()})
}

// POST /auth/logout: ends the server-side session and clears the cookies. It answers
// 204 for guests too, so a client can always call it.
func (a *api) logout(c fiber.Ctx) error {
	if cl, ok := auth.ClaimsOf(c); ok && cl.SessionID != "" {
		if err := a.t.Logout(c.Context(), cl.SessionID); err != nil {
			return err
		}
	}
	a.t.ClearCookies(c)
	return c.SendStatus(fiber.StatusNoContent)
}
