package store

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Feed tells this process of changes announced on the Redis pub/sub channels
// Key(family, name), whichever process made them. One Feed per family and Store holds
// one pub/sub connection for the whole process, however many names are listened to:
// it subscribes to the pattern Key(family, "*") once and hands each message to the
// listeners of its name in this process.
//
// Plain PUBLISH/PSUBSCRIBE rather than Cluster's sharded SPUBLISH/SSUBSCRIBE: on a
// Cluster a plain publish reaches every node, so the one connection may sit on any
// node; go-redis's sharded PubSub holds channels of a single slot per connection,
// which would take a connection per slot in use. The announcements are rare (an order
// cancelled, a guest outside), so Cluster's broadcast costs little.
//
// A message carries nothing but its name: it says "read it again", the reader reads
// the stored state. Pub/sub keeps nothing for a subscriber that is away, so when the
// connection is made again (go-redis reconnects and subscribes again by itself) every
// listener is told once, as though its name had changed.
type Feed struct {
	st      *Store
	family  string
	pattern string

	mu        sync.Mutex
	ps        *redis.PubSub
	listeners map[string]map[*listener]struct{}
}

type listener struct{ fn func() }

// feedHealthCheck is how long the connection may be silent before go-redis pings it,
// and so about the longest a dropped connection goes unnoticed.
const feedHealthCheck = 3 * time.Second

// Feed returns the store's feed of family, the same one on every call.
func (s *Store) Feed(family string) *Feed {
	s.feedsMu.Lock()
	defer s.feedsMu.Unlock()
	if f := s.feeds[family]; f != nil {
		return f
	}
	if s.feeds == nil {
		s.feeds = map[string]*Feed{}
	}
	f := &Feed{st: s, family: family, pattern: globEscape(s.Key(family)) + ":*", listeners: map[string]map[*listener]struct{}{}}
	s.feeds[family] = f
	return f
}

// globEscape quotes what PSUBSCRIBE would read as a wildcard in a key prefix.
func globEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`, `]`, `\]`).Replace(s)
}

// Channel is the pub/sub channel of name.
func (f *Feed) Channel(name string) string { return f.st.Key(f.family, name) }

// Publish announces a change of name through c, which may be a transaction's
// pipeline so the announcement goes out exactly when the change is stored.
func (f *Feed) Publish(ctx context.Context, c redis.Cmdable, name string) *redis.IntCmd {
	return c.Publish(ctx, f.Channel(name), "")
}

// Listen calls fn whenever name is announced, and once after the feed's connection
// is made again, until stop is called. fn runs on the feed's goroutine: it must not
// block (hand the news to a channel of your own). The first Listen opens the
// connection; until it is subscribed nothing is missed, because the subscription's
// confirmation is told to every listener too.
func (f *Feed) Listen(name string, fn func()) (stop func()) {
	l := &listener{fn: fn}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ps == nil {
		// A failed subscribe is retried by the channel's reader, which reconnects.
		f.ps = f.st.Client.PSubscribe(context.Background(), f.pattern)
		go f.run(f.ps.ChannelWithSubscriptions(redis.WithChannelHealthCheckInterval(feedHealthCheck)))
	}
	if f.listeners[name] == nil {
		f.listeners[name] = map[*listener]struct{}{}
	}
	f.listeners[name][l] = struct{}{}
	var once sync.Once
	return func() {
		once.Do(func() {
			f.mu.Lock()
			defer f.mu.Unlock()
			delete(f.listeners[name], l)
			if len(f.listeners[name]) == 0 {
				delete(f.listeners, name)
			}
		})
	}
}

// run hands each message to its listeners until the connection is closed.
func (f *Feed) run(ch <-chan any) {
	prefix := f.st.Key(f.family) + ":"
	var fns []func()
	for m := range ch {
		fns = fns[:0]
		f.mu.Lock()
		switch m := m.(type) {
		case *redis.Message:
			for l := range f.listeners[strings.TrimPrefix(m.Channel, prefix)] {
				fns = append(fns, l.fn)
			}
		case *redis.Subscription:
			if m.Kind == "psubscribe" { // subscribed, or subscribed again after a reconnect
				for _, ls := range f.listeners {
					for l := range ls {
						fns = append(fns, l.fn)
					}
				}
			}
		}
		f.mu.Unlock()
		for _, fn := range fns {
			fn()
		}
	}
}

// close ends the feed's connection.
func (f *Feed) close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.ps != nil {
		_ = f.ps.Close()
	}
}
