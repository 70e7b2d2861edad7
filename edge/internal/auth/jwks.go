package auth

import (
	"context"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/site"
)

// JWKSPath is where the edge publishes its public keys.
const JWKSPath = "/.well-known/jwks.json"

// JWKSMaxAge is how long clients may cache the key set. A key is published as "next"
// at least one rotation before it signs, so a cached set always knows the signer as
// long as rotations are further apart than this.
const JWKSMaxAge = 5 * time.Minute

// JWK is a public P-256 key (RFC 7517, 7518).
type JWK struct {
	Kty string `json:"kty"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
}

// JWKSet is the body of /.well-known/jwks.json.
type JWKSet struct {
	Keys []JWK `json:"keys"`
}

// JWKS returns the public keys that verify tokens: the active key, the next key and
// retired keys whose tokens may not have expired yet. Private parts never leave.
func (t *Tokens) JWKS(ctx context.Context) JWKSet {
	keys := t.ring.published(ctx)
	set := JWKSet{Keys: make([]JWK, 0, len(keys))}
	for _, k := range keys {
		set.Keys = append(set.Keys, JWK{Kty: "EC", Crv: "P-256", X: k.x, Y: k.y, Kid: k.kid, Use: "sig", Alg: "ES256"})
	}
	return set
}

// JWKSHandler serves JWKS for GET /.well-known/jwks.json, cacheable for JWKSMaxAge.
func (t *Tokens) JWKSHandler() fiber.Handler {
	return func(c fiber.Ctx) error {
		c.Set(fiber.HeaderCacheControl, site.PublicFor(JWKSMaxAge))
		c.Set(fiber.HeaderAccessControlAllowOrigin, "*")
		return c.JSON(t.JWKS(c.Context()), "application/jwk-set+json")
	}
}
