package store

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// Codes keeps short-lived, single-use values under random codes (the webview handover
// code, for one). Take hands a value out once; handlers see only this interface.
type Codes interface {
	// Put stores value under code for ttl.
	Put(ctx context.Context, code string, value []byte, ttl time.Duration) error
	// Take returns and deletes the value; ok is false when the code is unknown or expired.
	Take(ctx context.Context, code string) (value []byte, ok bool, err error)
	// Peek returns the value and how long it has left, leaving it in place; ok is false
	// when the code is unknown or expired.
	Peek(ctx context.Context, code string) (value []byte, ttl time.Duration, ok bool, err error)
	// Claim stores value under code for ttl unless the code holds a value already;
	// claimed is false then (the first claim wins).
	Claim(ctx context.Context, code string, value []byte, ttl time.Duration) (claimed bool, err error)
}

// Codes keeps codes in Redis under Key(parts..., code).
func (s *Store) Codes(parts ...string) Codes {
	return redisCodes{s: s, parts: parts}
}

type redisCodes struct {
	s     *Store
	parts []string
}

func (r redisCodes) key(code string) string {
	return r.s.Key(append(append([]string{}, r.parts...), code)...)
}

func (r redisCodes) Put(ctx context.Context, code string, value []byte, ttl time.Duration) error {
	return r.s.Client.Set(ctx, r.key(code), value, ttl).Err()
}

func (r redisCodes) Take(ctx context.Context, code string) ([]byte, bool, error) {
	v, err := r.s.Client.GetDel(ctx, r.key(code)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return v, true, nil
}

func (r redisCodes) Peek(ctx context.Context, code string) ([]byte, time.Duration, bool, error) {
	pipe := r.s.Client.Pipeline()
	get := pipe.Get(ctx, r.key(code))
	ttl := pipe.PTTL(ctx, r.key(code))
	if _, err := pipe.Exec(ctx); err != nil && !errors.Is(err, redis.Nil) {
		return nil, 0, false, err
	}
	v, err := get.Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, 0, false, nil
	}
	if err != nil {
		return nil, 0, false, err
	}
	return v, ttl.Val(), true, nil
}

func (r redisCodes) Claim(ctx context.Context, code string, value []byte, ttl time.Duration) (bool, error) {
	return r.s.Client.SetNX(ctx, r.key(code), value, ttl).Result()
}
