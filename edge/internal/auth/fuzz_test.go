package auth

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"github.com/henhouse/platform/edge/internal/store/storetest"
)

// FuzzVerify checks that Verify never panics and accepts nothing but tokens Issue
// produced: any accepted input must carry the header and payload of an issued token.
//
//	go test -fuzz=FuzzVerify ./edge/internal/auth
func FuzzVerify(f *testing.F) {
	ctx := context.Background()
	st := storetest.Embedded(f)
	tk := newTokens(f, st, newClock()) // a frozen clock: seeds never expire
	issued := map[string]string{}      // header.payload → jti
	add := func(p Pair) {
		parts := strings.Split(p.AccessToken, ".")
		c, err := tk.Verify(ctx, p.AccessToken)
		if err != nil {
			f.Fatal(err)
		}
		issued[parts[0]+"."+parts[1]] = c.ID
		f.Add(p.AccessToken)
		f.Add("Bearer " + p.AccessToken)
		f.Add(p.AccessToken[:len(p.AccessToken)-1])
		f.Add(parts[0] + "." + parts[1] + ".")
		f.Add(parts[0] + "." + parts[1])
		f.Add(strings.ToUpper(p.AccessToken))
		f.Add(p.RefreshToken)
	}
	a := mustIssue(f, tk, "member-1")
	add(a)
	add(mustIssue(f, tk, "member-2"))
	if _, err := tk.Rotate(ctx); err != nil {
		f.Fatal(err)
	}
	add(mustIssue(f, tk, "member-3"))

	// Tokens that are well signed but refused, and forgeries.
	logout := mustIssue(f, tk, "member-4")
	forced := mustIssue(f, tk, "member-5")
	f.Add(logout.AccessToken)
	f.Add(forced.AccessToken)
	_ = tk.Logout(ctx, logout.SessionID)
	_ = tk.ForceSignOut(ctx, "member-5")
	c := baseClaims(tk, a, "member-1")
	c.Version = "0"
	f.Add(mint(f, tk, c))
	c.Version, c.Provider = "1", "other"
	f.Add(mint(f, tk, c))
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, baseClaims(tk, a, "member-1")).SignedString(jwt.UnsafeAllowNoneSignatureType)
	f.Add(none)
	k, _ := tk.ring.signer(ctx)
	pub, _ := k.pub.Bytes()
	hs := jwt.NewWithClaims(jwt.SigningMethodHS256, baseClaims(tk, a, "member-1"))
	hs.Header["kid"] = k.kid
	hsTok, _ := hs.SignedString(pub)
	f.Add(hsTok)
	for _, s := range []string{"", ".", "..", "...", "a.b.c", "eyJhbGciOiJFUzI1NiJ9.e30.", strings.Repeat("A", 5000), "\x00\xff"} {
		f.Add(s)
	}

	f.Fuzz(func(t *testing.T, raw string) {
		claims, err := tk.Verify(ctx, raw)
		if err != nil {
			if !isRejection(err) && !errors.Is(err, ErrSessionInvalidated) {
				t.Fatalf("Verify(%q) returned an unclassified error: %v", raw, err)
			}
			if claims.Subject != "" || claims.SessionID != "" || claims.ID != "" {
				t.Fatalf("Verify(%q) returned claims with an error", raw)
			}
			return
		}
		parts := strings.Split(raw, ".")
		jti, ok := issued[parts[0]+"."+parts[1]]
		if !ok || claims.ID != jti {
			t.Fatalf("Verify accepted a token Issue never produced: %q (claims %+v)", raw, claims)
		}
	})
}
