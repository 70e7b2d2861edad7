package punchh

import (
	"crypto/hmac"
	"crypto/sha1" //nolint:gosec // Punchh's Online Ordering API signs with HMAC-SHA1; it is their rule, not our choice.
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strings"
)

// Punchh signs every request with the x-pch-digest header (docs/providers.md, "PAR
// Punchh", "Signing"): the HMAC of the request URI without the base URL (path and
// query string) followed by the body exactly as sent, keyed with the client secret,
// in lower-case hex. The Mobile API (/api2/...) takes HMAC-SHA256, the Online
// Ordering API (/api/auth/..., /oauth/...) HMAC-SHA1. A wrong digest is answered
// 412.

// DigestHeader is the header that carries the signature.
const DigestHeader = "x-pch-digest"

// Sign returns the x-pch-digest of a request to uri (path and query, no scheme or
// host) with body, the hash chosen by the API the path belongs to.
func Sign(secret, uri string, body []byte) string {
	h := hmac.New(hashFor(uri), []byte(secret))
	h.Write([]byte(uri))
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// hashFor picks SHA-256 for the Mobile API and SHA-1 for the Online Ordering API.
func hashFor(uri string) func() hash.Hash {
	if strings.HasPrefix(uri, "/api2/") {
		return sha256.New
	}
	return sha1.New
}
