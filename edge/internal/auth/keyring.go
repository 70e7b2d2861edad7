package auth

import (
	"cmp"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/store"
)

// The key ring is one Redis hash, so every change to it is a single atomic script
// (and a single Cluster slot):
//
//	active   → kid of the key that signs new tokens
//	next     → kid of the key that signs after the next Rotate; already published
//	k:<kid>  → JSON keyRecord (the P-256 private key and its creation time)
//	r:<kid>  → unix milliseconds when the key stopped being active
//
// A retired key stays in the ring, and in the JWKS, for the key retention (longest
// access token lifetime + leeway + reload interval + a grace period); Rotate prunes
// keys retired longer ago than that.
//
// Each edge holds the ring in memory, and Redis may lose it (a restart without
// persistence, a failover before the write was replicated). An edge that reloads and
// finds keys it holds missing puts them back (restoreRing), so members signed in
// before keep their sessions and other edges verify what it signs. Deleting the ring
// therefore does not revoke its keys while edges run: to retire a key, Rotate.

// keyRecord is how a key is kept in Redis.
type keyRecord struct {
	// D is the raw P-256 private scalar (SEC 1), base64url.
	D string `json:"d"`
	// Created is unix seconds.
	Created int64 `json:"created"`
}

// signingKey is a key of the ring as the edge keeps it in memory.
type signingKey struct {
	kid     string
	priv    *ecdsa.PrivateKey
	pub     *ecdsa.PublicKey
	x, y    string // base64url coordinates for the JWK
	created time.Time
	retired time.Time // zero while active or next
}

// keyGrace is added to the retention of a retired key on top of the token lifetime,
// the leeway and the reload interval, to absorb clock differences between edges.
const keyGrace = 5 * time.Minute

// minMissReload is the shortest time between two reloads caused by an unknown kid,
// so tokens with made-up kids cannot make every request hit Redis.
const minMissReload = time.Second

var errNoRing = errors.New("auth: key ring is not initialised")

// initRing creates the active and the next key when the ring has no active key yet.
// ARGV: active kid, active record, next kid, next record.
var initRing = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], 'active') == 1 then return 0 end
redis.call('HSET', KEYS[1], 'k:' .. ARGV[1], ARGV[2], 'k:' .. ARGV[3], ARGV[4], 'active', ARGV[1], 'next', ARGV[3])
return 1
`)

// addNext gives a ring without a next key one. ARGV: kid, record.
var addNext = redis.NewScript(`
if redis.call('HEXISTS', KEYS[1], 'next') == 1 then return 0 end
redis.call('HSET', KEYS[1], 'k:' .. ARGV[1], ARGV[2], 'next', ARGV[1])
return 1
`)

// rotateRing promotes next to active, retires the old active key, adds a fresh next
// key and prunes keys retired before the retention. ARGV: new next kid, its record,
// now (unix ms), retention (ms). Returns the new active kid.
var rotateRing = redis.NewScript(`
local active = redis.call('HGET', KEYS[1], 'active')
local nxt = redis.call('HGET', KEYS[1], 'next')
if not active or not nxt then return redis.error_reply('key ring is not initialised') end
redis.call('HSET', KEYS[1], 'r:' .. active, ARGV[3], 'active', nxt, 'next', ARGV[1], 'k:' .. ARGV[1], ARGV[2])
local cutoff = tonumber(ARGV[3]) - tonumber(ARGV[4])
local all = redis.call('HGETALL', KEYS[1])
for i = 1, #all, 2 do
  local f = all[i]
  if string.sub(f, 1, 2) == 'r:' and tonumber(all[i + 1]) < cutoff then
    redis.call('HDEL', KEYS[1], f, 'k:' .. string.sub(f, 3))
  end
end
return nxt
`)

// restoreRing puts keys an edge holds back into a ring that lost them (Redis restarted
// without persistence, failed over before replicating, or was flushed). ARGV: the
// edge's active kid, next kid ("" for none), now (unix ms), then for each key it
// holds: kid, record, retirement (unix ms, "" while active or next). A ring without an
// active key gets the edge's ring whole. A ring that has one (another edge put its
// ring back, or a new edge created one, first) gets only the keys it lacks, marked
// retired, so the tokens this edge signed keep verifying everywhere and Rotate prunes
// the keys when those tokens have expired. Returns 1 when the ring was put back whole.
var restoreRing = redis.NewScript(`
local whole = redis.call('HEXISTS', KEYS[1], 'active') == 0
for i = 4, #ARGV, 3 do
  local kid, rec, retired = ARGV[i], ARGV[i + 1], ARGV[i + 2]
  if redis.call('HEXISTS', KEYS[1], 'k:' .. kid) == 0 then
    redis.call('HSET', KEYS[1], 'k:' .. kid, rec)
    if retired ~= '' then
      redis.call('HSET', KEYS[1], 'r:' .. kid, retired)
    elseif not whole or (kid ~= ARGV[1] and kid ~= ARGV[2]) then
      redis.call('HSET', KEYS[1], 'r:' .. kid, ARGV[3])
    end
  end
end
if not whole then return 0 end
redis.call('HSET', KEYS[1], 'active', ARGV[1])
if ARGV[2] ~= '' then redis.call('HSET', KEYS[1], 'next', ARGV[2]) end
return 1
`)

// keyRing caches the Redis key ring in memory. It reloads when the cache is older
// than reloadEvery and, at most once per minMissReload, when a token names a kid it
// does not know (another edge may have rotated).
type keyRing struct {
	client      redis.UniversalClient
	key         string
	now         func() time.Time
	retention   time.Duration
	reloadEvery time.Duration
	log         *slog.Logger

	reloadMu sync.Mutex // serialises reloads

	mu       sync.RWMutex
	keys     map[string]*signingKey
	active   string
	next     string
	loadedAt time.Time
	missAt   time.Time
}

func newKeyRing(st *store.Store, now func() time.Time, retention, reloadEvery time.Duration, log *slog.Logger) *keyRing {
	return &keyRing{
		client: st.Client, key: st.Key("auth", "keyring"), now: now,
		retention: retention, reloadEvery: reloadEvery, log: log,
	}
}

// ensure loads the ring, creating its keys when this is the first edge to start.
func (r *keyRing) ensure(ctx context.Context) error {
	err := r.reload(ctx)
	if errors.Is(err, errNoRing) {
		err = r.create(ctx)
	}
	if err != nil {
		return err
	}
	r.mu.RLock()
	hasNext := r.next != ""
	r.mu.RUnlock()
	if !hasNext {
		kid, rec, err := newRecord(r.now())
		if err != nil {
			return err
		}
		if err := addNext.Run(ctx, r.client, []string{r.key}, kid, rec).Err(); err != nil {
			return fmt.Errorf("auth: add next key: %w", err)
		}
		return r.reload(ctx)
	}
	return nil
}

// create writes a new ring unless another edge has just done so, then loads it.
func (r *keyRing) create(ctx context.Context) error {
	a, ra, err := newRecord(r.now())
	if err != nil {
		return err
	}
	n, rn, err := newRecord(r.now())
	if err != nil {
		return err
	}
	if err := initRing.Run(ctx, r.client, []string{r.key}, a, ra, n, rn).Err(); err != nil {
		return fmt.Errorf("auth: create key ring: %w", err)
	}
	return r.reload(ctx)
}

// rotate makes the published next key active and publishes a fresh next key.
func (r *keyRing) rotate(ctx context.Context) (string, error) {
	kid, rec, err := newRecord(r.now())
	if err != nil {
		return "", err
	}
	active, err := rotateRing.Run(ctx, r.client, []string{r.key},
		kid, rec, r.now().UnixMilli(), r.retention.Milliseconds()).Text()
	if err != nil {
		return "", fmt.Errorf("auth: rotate keys: %w", err)
	}
	return active, r.reload(ctx)
}

// reload replaces the cache with the ring in Redis.
func (r *keyRing) reload(ctx context.Context) error {
	r.reloadMu.Lock()
	defer r.reloadMu.Unlock()
	return r.reloadLocked(ctx)
}

func (r *keyRing) reloadLocked(ctx context.Context) error {
	fields, err := r.client.HGetAll(ctx, r.key).Result()
	if err != nil {
		return fmt.Errorf("auth: load key ring: %w", err)
	}
	if lost := r.lost(fields); len(lost) > 0 {
		if err := r.restore(ctx, lost); err != nil {
			return err
		}
		if fields, err = r.client.HGetAll(ctx, r.key).Result(); err != nil {
			return fmt.Errorf("auth: load key ring: %w", err)
		}
	}
	now := r.now()
	keys := make(map[string]*signingKey)
	for f, v := range fields {
		kid, ok := strings.CutPrefix(f, "k:")
		if !ok {
			continue
		}
		k, err := parseRecord(kid, v)
		if err != nil {
			return err
		}
		if ms, ok := fields["r:"+kid]; ok {
			n, err := strconv.ParseInt(ms, 10, 64)
			if err != nil {
				return fmt.Errorf("auth: key %s: bad retirement time %q", kid, ms)
			}
			k.retired = time.UnixMilli(n)
			if !now.Before(k.retired.Add(r.retention)) {
				continue // every token it signed has expired
			}
		}
		keys[kid] = k
	}
	active, next := fields["active"], fields["next"]
	if active == "" || keys[active] == nil {
		return errNoRing
	}
	if keys[next] == nil {
		next = ""
	}
	r.mu.Lock()
	r.keys, r.active, r.next, r.loadedAt = keys, active, next, now
	r.mu.Unlock()
	return nil
}

// lost lists the keys this edge holds, and that still verify tokens, which the ring
// read from Redis lacks.
func (r *keyRing) lost(fields map[string]string) []*signingKey {
	r.mu.RLock()
	defer r.mu.RUnlock()
	now := r.now()
	var out []*signingKey
	for kid, k := range r.keys {
		if _, ok := fields["k:"+kid]; ok || (!k.retired.IsZero() && !now.Before(k.retired.Add(r.retention))) {
			continue
		}
		out = append(out, k)
	}
	return out
}

// restore writes the lost keys back (restoreRing) so that the tokens this edge
// signed keep verifying, on this edge and every other.
func (r *keyRing) restore(ctx context.Context, lost []*signingKey) error {
	r.mu.RLock()
	args := []any{r.active, r.next, r.now().UnixMilli()}
	r.mu.RUnlock()
	for _, k := range lost {
		rec, err := recordOf(k)
		if err != nil {
			return err
		}
		retired := ""
		if !k.retired.IsZero() {
			retired = strconv.FormatInt(k.retired.UnixMilli(), 10)
		}
		args = append(args, k.kid, rec, retired)
	}
	whole, err := restoreRing.Run(ctx, r.client, []string{r.key}, args...).Int()
	if err != nil {
		return fmt.Errorf("auth: put back signing keys: %w", err)
	}
	if r.log != nil {
		r.log.Warn("token signing keys were missing from Redis: put back the ones this edge holds",
			"keys", len(lost), "whole_ring", whole == 1)
	}
	return nil
}

// maybeReload reloads when the cache is stale. A failed reload keeps the cached keys
// (Redis being briefly away must not stop verification) and is retried next time.
func (r *keyRing) maybeReload(ctx context.Context) {
	r.mu.RLock()
	stale := r.now().Sub(r.loadedAt) >= r.reloadEvery
	r.mu.RUnlock()
	if !stale {
		return
	}
	r.reloadMu.Lock()
	defer r.reloadMu.Unlock()
	r.mu.RLock()
	stale = r.now().Sub(r.loadedAt) >= r.reloadEvery // another goroutine may have reloaded
	r.mu.RUnlock()
	if stale {
		_ = r.reloadLocked(ctx)
	}
}

// signer returns the active key.
func (r *keyRing) signer(ctx context.Context) (*signingKey, error) {
	r.maybeReload(ctx)
	r.mu.RLock()
	defer r.mu.RUnlock()
	k := r.keys[r.active]
	if k == nil {
		return nil, errNoRing
	}
	return k, nil
}

// verifier returns the public key for kid, reloading the ring (rate-limited) when
// kid is unknown; nil when no such key is valid.
func (r *keyRing) verifier(ctx context.Context, kid string) *ecdsa.PublicKey {
	r.maybeReload(ctx)
	if k := r.lookup(kid); k != nil {
		return k
	}
	r.reloadMu.Lock()
	defer r.reloadMu.Unlock()
	if k := r.lookup(kid); k != nil { // loaded while we waited
		return k
	}
	now := r.now()
	r.mu.Lock()
	allowed := now.Sub(r.missAt) >= minMissReload || now.Before(r.missAt)
	if allowed {
		r.missAt = now
	}
	r.mu.Unlock()
	if !allowed || r.reloadLocked(ctx) != nil {
		return nil
	}
	return r.lookup(kid)
}

func (r *keyRing) lookup(kid string) *ecdsa.PublicKey {
	r.mu.RLock()
	defer r.mu.RUnlock()
	k := r.keys[kid]
	if k == nil || (!k.retired.IsZero() && !r.now().Before(k.retired.Add(r.retention))) {
		return nil
	}
	return k.pub
}

// published returns the keys that verify tokens: the active key, the next key and
// the retired keys still within the retention, newest first.
func (r *keyRing) published(ctx context.Context) []*signingKey {
	r.maybeReload(ctx)
	r.mu.RLock()
	defer r.mu.RUnlock()
	now := r.now()
	out := make([]*signingKey, 0, len(r.keys))
	for _, k := range r.keys {
		if !k.retired.IsZero() && !now.Before(k.retired.Add(r.retention)) {
			continue
		}
		out = append(out, k)
	}
	// Active first, then next, then retired ones by recency.
	rank := func(k *signingKey) int {
		switch k.kid {
		case r.active:
			return 0
		case r.next:
			return 1
		}
		return 2
	}
	slices.SortFunc(out, func(a, b *signingKey) int {
		if c := cmp.Compare(rank(a), rank(b)); c != 0 {
			return c
		}
		return b.retired.Compare(a.retired)
	})
	return out
}

// activeKID returns the kid that signs new tokens (as cached).
func (r *keyRing) activeKID() string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.active
}

// newRecord generates a P-256 key and returns its kid and Redis record.
func newRecord(now time.Time) (kid, record string, err error) {
	priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", "", fmt.Errorf("auth: generate key: %w", err)
	}
	d, err := priv.Bytes()
	if err != nil {
		return "", "", fmt.Errorf("auth: encode key: %w", err)
	}
	b, err := json.Marshal(keyRecord{D: base64.RawURLEncoding.EncodeToString(d), Created: now.Unix()})
	if err != nil {
		return "", "", err
	}
	x, y, err := coordinates(&priv.PublicKey)
	if err != nil {
		return "", "", err
	}
	return thumbprint(x, y), string(b), nil
}

// recordOf is the Redis record of a key the edge holds.
func recordOf(k *signingKey) (string, error) {
	d, err := k.priv.Bytes()
	if err != nil {
		return "", fmt.Errorf("auth: encode key: %w", err)
	}
	b, err := json.Marshal(keyRecord{D: base64.RawURLEncoding.EncodeToString(d), Created: k.created.Unix()})
	return string(b), err
}

func parseRecord(kid, v string) (*signingKey, error) {
	var rec keyRecord
	if err := json.Unmarshal([]byte(v), &rec); err != nil {
		return nil, fmt.Errorf("auth: key %s: %w", kid, err)
	}
	d, err := base64.RawURLEncoding.DecodeString(rec.D)
	if err != nil {
		return nil, fmt.Errorf("auth: key %s: %w", kid, err)
	}
	priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		return nil, fmt.Errorf("auth: key %s: %w", kid, err)
	}
	x, y, err := coordinates(&priv.PublicKey)
	if err != nil {
		return nil, err
	}
	if thumbprint(x, y) != kid {
		return nil, fmt.Errorf("auth: key %s: kid does not match the key", kid)
	}
	return &signingKey{kid: kid, priv: priv, pub: &priv.PublicKey, x: x, y: y, created: time.Unix(rec.Created, 0)}, nil
}

// coordinates returns the base64url X and Y of a P-256 public key.
func coordinates(pub *ecdsa.PublicKey) (x, y string, err error) {
	b, err := pub.Bytes() // 0x04 || X || Y
	if err != nil || len(b) != 65 {
		return "", "", fmt.Errorf("auth: encode public key: %v", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[1:33]), base64.RawURLEncoding.EncodeToString(b[33:]), nil
}

// thumbprint is the RFC 7638 JWK thumbprint of a P-256 key, used as its kid.
func thumbprint(x, y string) string {
	sum := sha256.Sum256([]byte(`{"crv":"P-256","kty":"EC","x":"` + x + `","y":"` + y + `"}`))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}
