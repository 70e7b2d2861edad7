package auth

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/gofiber/fiber/v3"
)

// renewWait bounds how long a request waits for another request's renewal of the same
// refresh token.
const renewWait = 2 * time.Second

// Renew returns middleware that runs before New: when a request has no access token
// (the browser dropped the cookie when it expired) but has the refresh cookie, it
// rotates the refresh token, sets fresh cookies and lets New see the new access token,
// so a member stays signed in for the refresh token's life. The refresh cookie must
// reach the paths Renew guards (Config.RefreshCookiePath "/").
//
// Several requests often arrive at once with the same refresh token (a page and its
// API calls, or tabs restored together). Rotating it once per request would look like
// token theft and invalidate the session, so one request rotates it and the others,
// on any edge, take the same new pair from Redis for a short while.
func Renew(t *Tokens) fiber.Handler {
	return func(c fiber.Ctx) error {
		if tokenFromHeader(c.Get(fiber.HeaderAuthorization)) != "" || c.Cookies(t.cfg.CookieName) != "" {
			return c.Next()
		}
		rt := c.Cookies(t.cfg.RefreshCookieName)
		if rt == "" {
			return c.Next()
		}
		pair, err := t.renewOnce(c.Context(), rt)
		switch {
		case err == nil:
			t.SetCookies(c, pair)
			c.Request().Header.SetCookie(t.cfg.CookieName, pair.AccessToken)
		case errors.Is(err, ErrSessionInvalidated):
			t.ClearCookies(c)
			c.Locals(forcedKey{}, true)
		case isRejection(err):
			t.ClearCookies(c)
			c.Locals(loggedOutKey{}, true)
		default:
			// Storage errors: keep the cookies and carry on as a guest (RequireMember
			// answers with the error); the next request tries again.
			c.Locals(storeErrKey{}, err)
		}
		return c.Next()
	}
}

// renewOnce rotates rt, or waits for the request that is already rotating it.
func (t *Tokens) renewOnce(ctx context.Context, rt string) (Pair, error) {
	h := hashToken(rt)
	resultKey, lockKey := t.st.Key("auth", "renewed", h), t.st.Key("auth", "renewing", h)
	deadline := time.Now().Add(renewWait)
	renewed := func() (Pair, bool) {
		raw, err := t.client.Get(ctx, resultKey).Bytes()
		if err != nil {
			return Pair{}, false
		}
		var p Pair
		return p, json.Unmarshal(raw, &p) == nil
	}
	for {
		if p, ok := renewed(); ok {
			return p, nil
		}
		won, err := t.client.SetNX(ctx, lockKey, "1", 10*time.Second).Result()
		if err != nil {
			return Pair{}, err
		}
		if won {
			// The request before may have stored its pair and released the lock between
			// our look and our lock; rotating rt again would look like theft.
			if p, ok := renewed(); ok {
				t.client.Del(ctx, lockKey)
				return p, nil
			}
			p, err := t.Refresh(ctx, rt)
			if err == nil {
				if raw, merr := json.Marshal(p); merr == nil {
					t.client.Set(ctx, resultKey, raw, 30*time.Second)
				}
			}
			t.client.Del(ctx, lockKey)
			return p, err
		}
		if time.Now().After(deadline) {
			return Pair{}, errors.New("auth: renewal of this refresh token is taking too long")
		}
		select {
		case <-ctx.Done():
			return Pair{}, ctx.Err()
		case <-time.After(25 * time.Millisecond):
		}
	}
}
