package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/henhouse/platform/edge/internal/store"
	"github.com/henhouse/platform/edge/internal/store/storetest"
)

const testIssuer = "https://henhouse.example/loyalty"

// clock is a settable clock for the token service.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock() *clock { return &clock{now: time.Now().Truncate(time.Second)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newTokens(t testing.TB, st *store.Store, clk *clock) *Tokens {
	t.Helper()
	tk, err := NewTokens(context.Background(), Config{Store: st, Issuer: testIssuer, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

// baseClaims are claims as Issue writes them, for a session that exists.
func baseClaims(tk *Tokens, p Pair, member string) Claims {
	now := tk.cfg.Now()
	return Claims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer: testIssuer, Subject: member, Audience: jwt.ClaimStrings{"henhouse-web"},
			ExpiresAt: jwt.NewNumericDate(now.Add(time.Hour)), NotBefore: jwt.NewNumericDate(now),
			IssuedAt: jwt.NewNumericDate(now), ID: "jti-test",
		},
		SessionID: p.SessionID, Provider: "henhouse-loyalty", Version: "1",
	}
}

// mint signs claims with the active key of the ring (as Issue would, but with any claims).
func mint(t testing.TB, tk *Tokens, claims jwt.Claims) string {
	t.Helper()
	k, err := tk.ring.signer(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodES256, claims)
	tok.Header["kid"] = k.kid
	s, err := tok.SignedString(k.priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func mustIssue(t testing.TB, tk *Tokens, member string) Pair {
	t.Helper()
	p, err := tk.Issue(context.Background(), member)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestIssueVerify(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		clk := newClock()
		tk := newTokens(t, st, clk)
		p := mustIssue(t, tk, "member-1")
		if p.AccessToken == "" || p.RefreshToken == "" || p.SessionID == "" {
			t.Fatalf("incomplete pair %+v", p)
		}
		if !p.AccessExpiresAt.Equal(clk.Now().Add(time.Hour)) || !p.RefreshExpiresAt.Equal(clk.Now().Add(30*24*time.Hour)) {
			t.Fatalf("expiries %v %v", p.AccessExpiresAt, p.RefreshExpiresAt)
		}
		c, err := tk.Verify(context.Background(), p.AccessToken)
		if err != nil {
			t.Fatal(err)
		}
		if c.Subject != "member-1" || c.Provider != "henhouse-loyalty" || c.Version != "1" || c.SessionID != p.SessionID ||
			c.Issuer != testIssuer || len(c.Audience) != 1 || c.Audience[0] != "henhouse-web" || c.ID == "" ||
			c.IssuedAt == nil || c.NotBefore == nil || c.ExpiresAt == nil {
			t.Fatalf("claims %+v", c)
		}

		// The header names the active key; the payload has exactly provider and version
		// plus the registered ones, and the version is a string.
		parts := strings.Split(p.AccessToken, ".")
		var hdr map[string]any
		decodeSegment(t, parts[0], &hdr)
		if hdr["alg"] != "ES256" || hdr["kid"] != tk.ring.activeKID() {
			t.Fatalf("header %v", hdr)
		}
		var payload map[string]any
		decodeSegment(t, parts[1], &payload)
		for _, k := range []string{"iss", "aud", "sub", "iat", "nbf", "exp", "jti", "sid", "provider", "version"} {
			if _, ok := payload[k]; !ok {
				t.Errorf("claim %s missing from %v", k, payload)
			}
		}
		if _, ok := payload["version"].(string); !ok {
			t.Errorf("version is %T, want string", payload["version"])
		}

		// A second token of the same session has its own jti.
		p2 := mustIssue(t, tk, "member-1")
		c2, err := tk.Verify(context.Background(), p2.AccessToken)
		if err != nil || c2.ID == c.ID || c2.SessionID == c.SessionID {
			t.Fatalf("second session: %+v %v", c2, err)
		}
		if _, err := tk.Issue(context.Background(), ""); err == nil {
			t.Fatal("Issue with an empty member id must fail")
		}
	})
}

func decodeSegment(t *testing.T, seg string, v any) {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyRejections(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		tk := newTokens(t, st, clk)
		p := mustIssue(t, tk, "member-1")
		activeKey, _ := tk.ring.signer(ctx)
		now := clk.Now()

		with := func(f func(c *Claims)) string {
			c := baseClaims(tk, p, "member-1")
			f(&c)
			return mint(t, tk, c)
		}
		signWith := func(method jwt.SigningMethod, key any, kid string) string {
			tok := jwt.NewWithClaims(method, baseClaims(tk, p, "member-1"))
			if kid != "" {
				tok.Header["kid"] = kid
			}
			s, err := tok.SignedString(key)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		otherKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		ox, oy, _ := coordinates(&otherKey.PublicKey)
		p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
		pubRaw, _ := activeKey.pub.Bytes()
		pubDER, _ := x509.MarshalPKIXPublicKey(activeKey.pub)
		pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pubDER})

		// Sanity: the helpers produce an accepted token.
		if _, err := tk.Verify(ctx, with(func(*Claims) {})); err != nil {
			t.Fatalf("baseline minted token rejected: %v", err)
		}

		tampered := func() string {
			parts := strings.Split(p.AccessToken, ".")
			var payload map[string]any
			decodeSegment(t, parts[1], &payload)
			payload["sub"] = "member-2"
			b, _ := json.Marshal(payload)
			parts[1] = base64.RawURLEncoding.EncodeToString(b)
			return strings.Join(parts, ".")
		}()
		badSig := func() string {
			parts := strings.Split(p.AccessToken, ".")
			sig, _ := base64.RawURLEncoding.DecodeString(parts[2])
			sig[10] ^= 1
			parts[2] = base64.RawURLEncoding.EncodeToString(sig)
			return strings.Join(parts, ".")
		}()
		noneTok := signWith(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, activeKey.kid)

		other := mustIssue(t, tk, "member-2")

		cases := []struct {
			name string
			raw  string
			want error
		}{
			{"empty", "", ErrInvalid},
			{"garbage", "not-a-token", ErrInvalid},
			{"two segments", "a.b", ErrInvalid},
			{"four segments", p.AccessToken + ".x", ErrInvalid},
			{"alg none", noneTok, ErrInvalid},
			{"alg none, signature stripped", strings.TrimSuffix(noneTok, ".") + ".", ErrInvalid},
			{"HS256 with raw public key", signWith(jwt.SigningMethodHS256, pubRaw, activeKey.kid), ErrInvalid},
			{"HS256 with PEM public key", signWith(jwt.SigningMethodHS256, pubPEM, activeKey.kid), ErrInvalid},
			{"HS256 with DER public key", signWith(jwt.SigningMethodHS256, pubDER, activeKey.kid), ErrInvalid},
			{"ES384", signWith(jwt.SigningMethodES384, p384, activeKey.kid), ErrInvalid},
			{"wrong key, real kid", signWith(jwt.SigningMethodES256, otherKey, activeKey.kid), ErrInvalid},
			{"unknown kid", signWith(jwt.SigningMethodES256, otherKey, thumbprint(ox, oy)), ErrInvalid},
			{"no kid", signWith(jwt.SigningMethodES256, activeKey.priv, ""), ErrInvalid},
			{"bad signature", badSig, ErrInvalid},
			{"tampered payload", tampered, ErrInvalid},
			{"expired", with(func(c *Claims) {
				c.IssuedAt = jwt.NewNumericDate(now.Add(-2 * time.Hour))
				c.NotBefore = c.IssuedAt
				c.ExpiresAt = jwt.NewNumericDate(now.Add(-time.Minute))
			}), ErrInvalid},
			{"no exp", with(func(c *Claims) { c.ExpiresAt = nil }), ErrInvalid},
			{"not yet valid", with(func(c *Claims) { c.NotBefore = jwt.NewNumericDate(now.Add(5 * time.Minute)) }), ErrInvalid},
			{"issued in the future", with(func(c *Claims) { c.IssuedAt = jwt.NewNumericDate(now.Add(5 * time.Minute)) }), ErrInvalid},
			{"wrong issuer", with(func(c *Claims) { c.Issuer = "https://evil.example/loyalty" }), ErrInvalid},
			{"no issuer", with(func(c *Claims) { c.Issuer = "" }), ErrInvalid},
			{"wrong audience", with(func(c *Claims) { c.Audience = jwt.ClaimStrings{"henhouse-admin"} }), ErrInvalid},
			{"no audience", with(func(c *Claims) { c.Audience = nil }), ErrInvalid},
			{"no subject", with(func(c *Claims) { c.Subject = "" }), ErrInvalid},
			{"no jti", with(func(c *Claims) { c.ID = "" }), ErrInvalid},
			{"no sid", with(func(c *Claims) { c.SessionID = "" }), ErrInvalid},
			{"session of another member", with(func(c *Claims) { c.SessionID = other.SessionID }), ErrInvalid},
			{"unknown session", with(func(c *Claims) { c.SessionID = randomString(16) }), ErrSessionEnded},
			{"wrong provider", with(func(c *Claims) { c.Provider = "other-loyalty" }), ErrWrongProvider},
			{"no provider", with(func(c *Claims) { c.Provider = "" }), ErrWrongProvider},
			{"missing version", with(func(c *Claims) { c.Version = "" }), ErrNoVersion},
			{"version 0", with(func(c *Claims) { c.Version = "0" }), ErrOldVersion},
			{"version 0.9", with(func(c *Claims) { c.Version = "0.9" }), ErrOldVersion},
			{"version not a number", with(func(c *Claims) { c.Version = "v1" }), ErrOldVersion},
			{"oversized", with(func(c *Claims) { c.ID = strings.Repeat("x", 4096) }), ErrTooLarge},
		}
		for _, tc := range cases {
			_, err := tk.Verify(ctx, tc.raw)
			if !errors.Is(err, tc.want) {
				t.Errorf("%s: err = %v, want %v", tc.name, err, tc.want)
			}
		}

		// Versions at or above "1" pass, including numerically larger ones.
		for _, v := range []string{"1", "1.0", "1.0.0", "01", "2", "10", "1.1"} {
			if _, err := tk.Verify(ctx, with(func(c *Claims) { c.Version = v })); err != nil {
				t.Errorf("version %q rejected: %v", v, err)
			}
		}

		// Leeway: just expired (within 30 s) still passes; beyond it does not.
		almost := with(func(c *Claims) { c.ExpiresAt = jwt.NewNumericDate(now.Add(-20 * time.Second)) })
		if _, err := tk.Verify(ctx, almost); err != nil {
			t.Errorf("token within the leeway rejected: %v", err)
		}

		// An issued token expires with the clock.
		clk.Add(time.Hour + 31*time.Second)
		_, err := tk.Verify(ctx, p.AccessToken)
		if !errors.Is(err, ErrInvalid) || !errors.Is(err, jwt.ErrTokenExpired) {
			t.Fatalf("expired issued token: %v", err)
		}
	})
}

func TestCheckVersion(t *testing.T) {
	cases := map[string]error{
		"": ErrNoVersion, "0": ErrOldVersion, "0.9": ErrOldVersion, "0.99.99": ErrOldVersion, "00": ErrOldVersion,
		"1": nil, "1.0": nil, "1.0.0": nil, "001": nil, "2": nil, "10": nil, "1.10": nil, "99999999999999999999999": nil,
		"v1": ErrOldVersion, "1.": ErrOldVersion, ".1": ErrOldVersion, "1..0": ErrOldVersion, " 1": ErrOldVersion,
		"1-beta": ErrOldVersion, "-1": ErrOldVersion, "1e3": ErrOldVersion, "١": ErrOldVersion,
	}
	for v, want := range cases {
		if got := checkVersion(v, "1"); !errors.Is(got, want) || (want == nil && got != nil) {
			t.Errorf("checkVersion(%q) = %v, want %v", v, got, want)
		}
	}
	if checkVersion("2.0", "2.1") == nil || checkVersion("2.10", "2.9") != nil || checkVersion("3", "2.9.9") != nil {
		t.Error("multi-part minimum compared wrongly")
	}
}

func TestRotation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		a := newTokens(t, st, clk) // two edges sharing one ring
		b := newTokens(t, st, clk)
		if a.ring.activeKID() != b.ring.activeKID() {
			t.Fatal("two edges created different rings")
		}
		kid1 := a.ring.activeKID()
		next := a.ring.next
		old := mustIssue(t, a, "member-1")

		kid2, err := a.Rotate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if kid2 == kid1 || kid2 != next {
			t.Fatalf("rotate made %s active; before: active %s, next %s", kid2, kid1, next)
		}
		fresh := mustIssue(t, a, "member-1")
		if kidOf(t, fresh.AccessToken) != kid2 || kidOf(t, old.AccessToken) != kid1 {
			t.Fatal("tokens are not signed by the expected keys")
		}
		// Both edges accept both tokens: b knew kid2 as the published next key.
		for _, tk := range []*Tokens{a, b} {
			for _, raw := range []string{old.AccessToken, fresh.AccessToken} {
				if _, err := tk.Verify(ctx, raw); err != nil {
					t.Fatalf("token rejected after rotation: %v", err)
				}
			}
		}
		// The JWKS publishes the active, the next and the retired key.
		kids := map[string]bool{}
		for _, k := range a.JWKS(ctx).Keys {
			kids[k.Kid] = true
		}
		if len(kids) != 3 || !kids[kid1] || !kids[kid2] || !kids[a.ring.next] {
			t.Fatalf("JWKS kids %v", kids)
		}
		if a.JWKS(ctx).Keys[0].Kid != kid2 {
			t.Fatal("the active key must come first in the JWKS")
		}

		// Rotating twice makes a key b has never seen active: b reloads on the unknown
		// kid, at most once per second.
		if _, err := a.Rotate(ctx); err != nil {
			t.Fatal(err)
		}
		kid3 := a.ring.activeKID()
		t3 := mustIssue(t, a, "member-1")
		if _, err := b.Verify(ctx, t3.AccessToken); err != nil {
			t.Fatalf("unknown kid did not trigger a reload: %v", err)
		}
		for range 2 { // b knows the next key; two rotations make one it has never seen
			if _, err := a.Rotate(ctx); err != nil {
				t.Fatal(err)
			}
		}
		t4 := mustIssue(t, a, "member-1")
		if kidOf(t, t4.AccessToken) == kid3 {
			t.Fatal("rotate did not change the signer")
		}
		b.ring.mu.Lock()
		b.ring.missAt = clk.Now() // as if b had just reloaded for an unknown kid
		b.ring.mu.Unlock()
		if _, err := b.Verify(ctx, t4.AccessToken); !errors.Is(err, ErrInvalid) {
			t.Fatalf("reload on unknown kid is not rate-limited: %v", err)
		}
		clk.Add(1100 * time.Millisecond)
		if _, err := b.Verify(ctx, t4.AccessToken); err != nil {
			t.Fatalf("after the reload interval the new kid must be found: %v", err)
		}

		// Once every token of the first key has expired, the key is dropped: from the
		// JWKS at once, from Redis at the next rotation.
		clk.Add(a.ring.retention)
		for _, k := range a.JWKS(ctx).Keys {
			if k.Kid == kid1 {
				t.Fatal("expired key still published")
			}
		}
		if _, err := a.Rotate(ctx); err != nil {
			t.Fatal(err)
		}
		if n, _ := st.Client.HExists(ctx, st.Key("auth", "keyring"), "k:"+kid1).Result(); n {
			t.Fatal("expired key not pruned from Redis")
		}
	})
}

func kidOf(t *testing.T, raw string) string {
	t.Helper()
	var hdr map[string]any
	decodeSegment(t, strings.Split(raw, ".")[0], &hdr)
	kid, _ := hdr["kid"].(string)
	return kid
}

func TestRingCreatedOnce(t *testing.T) {
	st := storetest.Embedded(t)
	clk := newClock()
	var wg sync.WaitGroup
	kids := make([]string, 8)
	for i := range kids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kids[i] = newTokens(t, st, clk).ring.activeKID()
		}()
	}
	wg.Wait()
	for _, k := range kids {
		if k != kids[0] {
			t.Fatalf("edges starting together disagree on the ring: %v", kids)
		}
	}
	n, err := st.Client.HLen(context.Background(), st.Key("auth", "keyring")).Result()
	if err != nil || n != 4 { // active, next and their two keys
		t.Fatalf("ring has %d fields (%v), want 4", n, err)
	}
}

func TestRefreshRotationAndReuse(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		tk := newTokens(t, st, clk)
		p1 := mustIssue(t, tk, "member-1")

		clk.Add(50 * time.Minute)
		p2, err := tk.Refresh(ctx, p1.RefreshToken)
		if err != nil {
			t.Fatal(err)
		}
		if p2.RefreshToken == p1.RefreshToken || p2.SessionID != p1.SessionID || p2.AccessToken == p1.AccessToken {
			t.Fatalf("refresh did not rotate: %+v", p2)
		}
		if c, err := tk.Verify(ctx, p2.AccessToken); err != nil || c.Subject != "member-1" {
			t.Fatalf("refreshed token: %+v %v", c, err)
		}
		p3, err := tk.Refresh(ctx, p2.RefreshToken)
		if err != nil {
			t.Fatal(err)
		}

		// The refresh token is stored hashed, never as is.
		vals, _ := st.Client.HGetAll(ctx, tk.sessionKey(p3.SessionID)).Result()
		for _, v := range vals {
			if strings.Contains(v, strings.SplitN(p3.RefreshToken, ".", 2)[1]) {
				t.Fatal("refresh token stored in the clear")
			}
		}

		// Made-up refresh tokens, even for a real session, do not hurt the session.
		for _, bad := range []string{"", "x", p3.SessionID + ".short", p3.SessionID + "." + randomString(32), randomString(16) + "." + randomString(32)} {
			if _, err := tk.Refresh(ctx, bad); !errors.Is(err, ErrInvalid) && !errors.Is(err, ErrSessionEnded) {
				t.Errorf("Refresh(%q) = %v", bad, err)
			}
		}
		if _, err := tk.Verify(ctx, p3.AccessToken); err != nil {
			t.Fatalf("session hurt by a made-up refresh token: %v", err)
		}

		// Reusing an old refresh token invalidates the whole session.
		if _, err := tk.Refresh(ctx, p1.RefreshToken); !errors.Is(err, ErrSessionInvalidated) {
			t.Fatalf("reuse: %v", err)
		}
		for _, raw := range []string{p2.AccessToken, p3.AccessToken} {
			if _, err := tk.Verify(ctx, raw); !errors.Is(err, ErrSessionInvalidated) {
				t.Fatalf("token of a reused session: %v", err)
			}
		}
		if _, err := tk.Refresh(ctx, p3.RefreshToken); !errors.Is(err, ErrSessionInvalidated) {
			t.Fatalf("current refresh token after reuse: %v", err)
		}
		// Other sessions of the member are untouched.
		q := mustIssue(t, tk, "member-1")
		if _, err := tk.Refresh(ctx, q.RefreshToken); err != nil {
			t.Fatal(err)
		}
	})
}

func TestLogout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		tk := newTokens(t, st, newClock())
		a := mustIssue(t, tk, "member-1")
		b := mustIssue(t, tk, "member-1")
		if err := tk.Logout(ctx, a.SessionID); err != nil {
			t.Fatal(err)
		}
		if _, err := tk.Verify(ctx, a.AccessToken); !errors.Is(err, ErrSessionEnded) {
			t.Fatalf("after logout: %v", err)
		}
		if _, err := tk.Refresh(ctx, a.RefreshToken); !errors.Is(err, ErrSessionEnded) {
			t.Fatalf("refresh after logout: %v", err)
		}
		if _, err := tk.Verify(ctx, b.AccessToken); err != nil {
			t.Fatalf("logout ended another session: %v", err)
		}
		if err := tk.Logout(ctx, a.SessionID); err != nil {
			t.Fatalf("second logout: %v", err)
		}
		if err := tk.Logout(ctx, "not a sid"); err != nil {
			t.Fatalf("logout of a malformed sid: %v", err)
		}
		if err := tk.LogoutAll(ctx, "member-1"); err != nil {
			t.Fatal(err)
		}
		if _, err := tk.Verify(ctx, b.AccessToken); !errors.Is(err, ErrSessionEnded) {
			t.Fatalf("after LogoutAll: %v", err)
		}
		if n, _ := st.Client.SCard(ctx, tk.memberKey("member-1")).Result(); n != 0 {
			t.Fatalf("member set keeps %d ended sessions", n)
		}
	})
}

func TestForceSignOut(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		tk := newTokens(t, st, newClock())
		a := mustIssue(t, tk, "member-1")
		b := mustIssue(t, tk, "member-1")
		other := mustIssue(t, tk, "member-2")
		ended := mustIssue(t, tk, "member-1")
		if err := tk.Logout(ctx, ended.SessionID); err != nil {
			t.Fatal(err)
		}

		if err := tk.ForceSignOut(ctx, "member-1"); err != nil {
			t.Fatal(err)
		}
		for _, p := range []Pair{a, b} {
			if _, err := tk.Verify(ctx, p.AccessToken); !errors.Is(err, ErrSessionInvalidated) {
				t.Fatalf("after force sign-out: %v", err)
			}
			if _, err := tk.Refresh(ctx, p.RefreshToken); !errors.Is(err, ErrSessionInvalidated) {
				t.Fatalf("refresh after force sign-out: %v", err)
			}
		}
		if _, err := tk.Verify(ctx, ended.AccessToken); !errors.Is(err, ErrSessionEnded) {
			t.Fatalf("a logged-out session stays logged out: %v", err)
		}
		if _, err := tk.Verify(ctx, other.AccessToken); err != nil {
			t.Fatalf("another member was signed out: %v", err)
		}
		// Signing in again works.
		c := mustIssue(t, tk, "member-1")
		if _, err := tk.Verify(ctx, c.AccessToken); err != nil {
			t.Fatal(err)
		}
		if err := tk.ForceSignOut(ctx, "nobody"); err != nil {
			t.Fatal(err)
		}

		// The invalidation is remembered while its tokens can live, then forgotten.
		if m := st.Mini(); m != nil {
			m.FastForward(tk.tombstone() + time.Second)
			if n, _ := st.Client.Exists(ctx, tk.sessionKey(a.SessionID)).Result(); n != 0 {
				t.Fatal("invalidated session kept forever")
			}
		}
	})
}

func TestNewTokensConfig(t *testing.T) {
	st := storetest.Embedded(t)
	ctx := context.Background()
	if _, err := NewTokens(ctx, Config{Issuer: testIssuer}); err == nil {
		t.Error("missing store accepted")
	}
	if _, err := NewTokens(ctx, Config{Store: st}); err == nil {
		t.Error("missing issuer accepted")
	}
	if _, err := NewTokens(ctx, Config{Store: st, Issuer: testIssuer, Version: "one"}); err == nil {
		t.Error("non-numeric version accepted")
	}
	tk, err := NewTokens(ctx, Config{Store: st, Issuer: testIssuer})
	if err != nil {
		t.Fatal(err)
	}
	c := tk.Config()
	if c.Audience != "henhouse-web" || c.Provider != "henhouse-loyalty" || c.Version != "1" || c.AccessTTL != time.Hour ||
		c.RefreshTTL != 30*24*time.Hour || c.Leeway != 30*time.Second || c.MaxTokenBytes != 4096 ||
		c.CookieName != "hh_token" || c.RefreshCookieName != "hh_refresh" || c.RefreshCookiePath != "/api/auth" {
		t.Fatalf("defaults %+v", c)
	}
}

// A ring written by a real key must not load when its kid was altered.
func TestRingRejectsMismatchedKid(t *testing.T) {
	st := storetest.Embedded(t)
	ctx := context.Background()
	tk := newTokens(t, st, newClock())
	key := st.Key("auth", "keyring")
	rec, _ := st.Client.HGet(ctx, key, "k:"+tk.ring.activeKID()).Result()
	st.Client.HSet(ctx, key, "k:forged", rec, "active", "forged")
	if err := tk.ring.reload(ctx); err == nil {
		t.Fatal("ring with a kid that is not the key's thumbprint loaded")
	}
}

// Redis loses the key ring (restarted without persistence): the edge puts back the
// keys it holds at its next reload, so a token it signed before still verifies, new
// tokens are signed, and the keys are in Redis again for every edge.
func TestLostRingIsPutBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, st *store.Store) {
		ctx := context.Background()
		clk := newClock()
		a := newTokens(t, st, clk)
		key := st.Key("auth", "keyring")
		kid, next := a.ring.activeKID(), a.ring.next
		old := mustIssue(t, a, "member-1")
		if err := st.Client.Del(ctx, key).Err(); err != nil {
			t.Fatal(err)
		}
		clk.Add(a.cfg.KeyReload) // the periodic reload finds the ring gone
		if _, err := a.Verify(ctx, old.AccessToken); err != nil {
			t.Fatalf("token signed before the loss: %v", err)
		}
		fresh := mustIssue(t, a, "member-1")
		if kidOf(t, fresh.AccessToken) != kid {
			t.Fatal("the edge changed its signing key")
		}
		ring, err := st.Client.HGetAll(ctx, key).Result()
		if err != nil || ring["active"] != kid || ring["next"] != next || ring["k:"+kid] == "" || ring["k:"+next] == "" {
			t.Fatalf("ring not put back: %v %v", ring, err)
		}
		// Another edge starting now uses the same keys.
		b := newTokens(t, st, clk)
		if b.ring.activeKID() != kid {
			t.Fatal("a new edge created another ring")
		}
		if _, err := b.Verify(ctx, fresh.AccessToken); err != nil {
			t.Fatalf("new edge: %v", err)
		}
	})
}

// When a new edge created a fresh ring before the running edge noticed the loss, the
// running edge adds its keys to that ring as retired ones: its tokens verify on the
// new edge, and from then on both sign with the new ring's key.
func TestLostRingMergesWithANewOne(t *testing.T) {
	st := storetest.Embedded(t)
	ctx := context.Background()
	clk := newClock()
	a := newTokens(t, st, clk)
	oldKid := a.ring.activeKID()
	old := mustIssue(t, a, "member-1")
	st.Client.Del(ctx, st.Key("auth", "keyring"))
	b := newTokens(t, st, clk) // creates a new ring
	if b.ring.activeKID() == oldKid {
		t.Fatal("the new edge should have made new keys")
	}
	clk.Add(a.cfg.KeyReload)
	if _, err := a.Verify(ctx, old.AccessToken); err != nil {
		t.Fatalf("old edge: %v", err)
	}
	if a.ring.activeKID() != b.ring.activeKID() {
		t.Fatal("the old edge must sign with the ring's active key")
	}
	if _, err := b.Verify(ctx, old.AccessToken); err != nil {
		t.Fatalf("new edge, token of the old one: %v", err)
	}
	retired, _ := st.Client.HGet(ctx, st.Key("auth", "keyring"), "r:"+oldKid).Result()
	if retired == "" {
		t.Fatal("the old key must be marked retired so that rotation prunes it")
	}
}
