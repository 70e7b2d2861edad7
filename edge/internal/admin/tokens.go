// Package admin is the edge's operations API: publishing module versions, canaries,
// promotion, rollback, their status and the audit log (docs/operations.md, "Shipping
// a module version"). Every call needs an ops token (OPS_TOKEN) as
// "Authorization: Bearer <token>", or the session cookie of the ops console the same
// app serves (console.go); without OPS_TOKEN the API is not served at all.
package admin

import (
	"crypto/sha256"
	"crypto/subtle"
	"fmt"
	"strings"

	"github.com/gofiber/fiber/v3"
)

// Token is one ops token and the name the audit log gives whoever uses it.
type Token struct {
	Name   string
	secret [32]byte
}

// Tokens are the accepted ops tokens.
type Tokens []Token

// ParseTokens reads OPS_TOKEN: one token, or comma-separated name:token pairs
// ("alice:…,deploy-bot:…") so the audit log says whose token acted. A bare token is
// named "ops". Tokens shorter than 16 characters are refused.
func ParseTokens(s string) (Tokens, error) {
	var out Tokens
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, secret, ok := strings.Cut(part, ":")
		if !ok {
			name, secret = "ops", part
		}
		if len(secret) < 16 || strings.ContainsAny(name, " \t") || name == "" {
			return nil, fmt.Errorf("OPS_TOKEN must be a token of at least 16 characters, or comma-separated name:token pairs")
		}
		out = append(out, Token{Name: name, secret: sha256.Sum256([]byte(secret))})
	}
	return out, nil
}

// ClientToken is the token a command-line client sends, from an OPS_TOKEN value as
// ParseTokens reads it: the first entry's token.
func ClientToken(s string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(s), ",")
	if _, secret, ok := strings.Cut(first, ":"); ok {
		return strings.TrimSpace(secret)
	}
	return strings.TrimSpace(first)
}

// Match returns the name of the token a request's Authorization header carries.
// Each comparison takes the same time whatever the bytes (hashes of equal length,
// compared in constant time), and every token is compared.
func (ts Tokens) Match(authorization string) (string, bool) {
	scheme, given, ok := strings.Cut(authorization, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || len(ts) == 0 {
		return "", false
	}
	sum := sha256.Sum256([]byte(strings.TrimSpace(given)))
	name, found := "", 0
	for _, t := range ts {
		if subtle.ConstantTimeCompare(sum[:], t.secret[:]) == 1 {
			name, found = t.Name, 1
		}
	}
	return name, found == 1
}

// FromRequest is Match on the request's Authorization header.
func (ts Tokens) FromRequest(c fiber.Ctx) (string, bool) {
	return ts.Match(c.Get(fiber.HeaderAuthorization))
}
