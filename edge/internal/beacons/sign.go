package beacons

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/henhouse/platform/edge/internal/store"
)

// A page's beacons count towards a canary's health only as the page that was served:
// the edge signs each page load into the bootstrap ("beacon": "<id>.<mac>"), a random
// page-load id and an HMAC of that id, the visitor id and every module@version the
// bootstrap named. The shell sends the token back with each beacon, and the edge
// counts a beacon for the canary only when the token verifies for the beacon's visitor
// and module versions: a report cannot claim a version the visitor was not served, and
// Observe counts one view and one error per module per page load.
//
// The HMAC secret is kept in Redis ("<prefix>:beacons:secret"), created by the first
// edge; an edge that holds one offers it back to a Redis that lost it.

// Signer signs and verifies page loads.
type Signer struct {
	st  *store.Store
	key string
	now func() time.Time

	mu     sync.RWMutex
	secret []byte
	missAt time.Time
}

const signerSecretSize = 32

// reloadAfterMiss is the shortest time between two reads of the secret caused by a
// token that did not verify (another edge may have recreated the secret).
const reloadAfterMiss = time.Minute

// NewSigner loads the secret, creating it when no edge has yet. now is the clock
// (nil: time.Now).
func NewSigner(ctx context.Context, st *store.Store, now func() time.Time) (*Signer, error) {
	if st == nil {
		return nil, errors.New("beacons: a store is required")
	}
	if now == nil {
		now = time.Now
	}
	s := &Signer{st: st, key: st.Key("beacons", "secret"), now: now}
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	st.OnRecover(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = s.load(ctx)
	})
	return s, nil
}

// load puts the secret this edge holds back when Redis has none, then reads the one
// Redis has.
func (s *Signer) load(ctx context.Context) error {
	s.mu.RLock()
	offer := s.secret
	s.mu.RUnlock()
	if offer == nil {
		offer = make([]byte, signerSecretSize)
		_, _ = rand.Read(offer)
	}
	if err := s.st.Client.SetNX(ctx, s.key, offer, 0).Err(); err != nil {
		return fmt.Errorf("beacons: store secret: %w", err)
	}
	secret, err := s.st.Client.Get(ctx, s.key).Bytes()
	if err != nil {
		return fmt.Errorf("beacons: load secret: %w", err)
	}
	if len(secret) < signerSecretSize {
		return fmt.Errorf("beacons: secret in %s is too short", s.key)
	}
	s.mu.Lock()
	s.secret = secret
	s.mu.Unlock()
	return nil
}

func (s *Signer) mac(secret []byte, id, visitor string, mods map[string]string) string {
	names := make([]string, 0, len(mods))
	for n := range mods {
		names = append(names, n)
	}
	slices.Sort(names)
	h := hmac.New(sha256.New, secret)
	h.Write([]byte("henhouse-beacon-v1\x00" + id + "\x00" + visitor))
	for _, n := range names {
		h.Write([]byte("\x00" + n + "@" + mods[n]))
	}
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil))
}

// Sign returns the page-load token of a page served to visitor with the module
// versions mods (name → version).
func (s *Signer) Sign(visitor string, mods map[string]string) string {
	var raw [12]byte
	_, _ = rand.Read(raw[:])
	id := base64.RawURLEncoding.EncodeToString(raw[:])
	s.mu.RLock()
	secret := s.secret
	s.mu.RUnlock()
	return id + "." + s.mac(secret, id, visitor, mods)
}

// Verify returns the page-load id of token when it was signed for visitor and mods.
func (s *Signer) Verify(ctx context.Context, token, visitor string, mods map[string]string) (string, bool) {
	id, sum, ok := strings.Cut(token, ".")
	if !ok || id == "" || len(token) > 128 {
		return "", false
	}
	check := func() bool {
		s.mu.RLock()
		secret := s.secret
		s.mu.RUnlock()
		return hmac.Equal([]byte(sum), []byte(s.mac(secret, id, visitor, mods)))
	}
	if check() {
		return id, true
	}
	now := s.now()
	s.mu.Lock()
	retry := now.Sub(s.missAt) >= reloadAfterMiss
	if retry {
		s.missAt = now
	}
	s.mu.Unlock()
	if retry && s.load(ctx) == nil && check() {
		return id, true
	}
	return "", false
}
