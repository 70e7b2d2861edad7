package store

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// A Redis restarted without its data (or flushed, or failed over to a replica that
// missed the last writes) can come back faster than the breaker notices an outage:
// no call fails long enough to open it, so the OnRecover callbacks that put back the
// shared secrets would not run, and a new edge starting then would mint new ones that
// every open page fails against. WatchRestarts asks Redis who it is every
// RestartCheckEvery: its run_id (INFO server, changed by every restart) and a marker
// key every edge sets when missing (gone with the data). When either changes, the
// OnRecover callbacks run at once.

// RestartCheckEvery is how often WatchRestarts checks Redis.
const RestartCheckEvery = time.Second

type restartWatch struct {
	mu   sync.Mutex
	seen string // run_id and marker at the last check
}

// WatchRestarts checks every interval, until ctx ends, whether Redis restarted or lost
// its data, and runs the OnRecover callbacks when it did.
func (s *Store) WatchRestarts(ctx context.Context, every time.Duration) {
	s.checkRestart(ctx) // the first look: what later checks compare with
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			s.checkRestart(ctx)
		}
	}
}

// checkRestart compares what Redis says it is with the last check; true when it
// changed and the callbacks were run. A failed check changes nothing: an outage is
// the breaker's to notice.
func (s *Store) checkRestart(ctx context.Context) bool {
	id, err := s.identity(ctx)
	if err != nil {
		return false
	}
	s.restart.mu.Lock()
	prev := s.restart.seen
	s.restart.seen = id
	s.restart.mu.Unlock()
	if prev == "" || prev == id {
		return false
	}
	if s.log != nil {
		s.log.Warn("redis restarted or lost its data: putting back what this edge holds", "was", prev, "now", id)
	}
	if s.breaker != nil {
		s.breaker.recovered()
	}
	return true
}

// identity is Redis's run_id (empty where INFO server is not available: a Cluster,
// whose nodes each have their own, or a server that refuses it) and the marker's value.
func (s *Store) identity(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	key := s.Key("store", "marker")
	var raw [8]byte
	_, _ = rand.Read(raw[:])
	var get *redis.StringCmd
	if _, err := s.Client.Pipelined(ctx, func(p redis.Pipeliner) error {
		p.SetNX(ctx, key, hex.EncodeToString(raw[:]), 0)
		get = p.Get(ctx, key)
		return nil
	}); err != nil {
		return "", err
	}
	runID := ""
	if c, ok := s.Client.(*redis.Client); ok {
		if info, err := c.Info(ctx, "server").Result(); err == nil {
			runID = infoField(info, "run_id")
		} else if _, down := Unavailable(err); down {
			return "", err
		}
	}
	return runID + "/" + get.Val(), nil
}

// infoField reads one field of an INFO answer ("run_id:abc…").
func infoField(info, name string) string {
	sc := bufio.NewScanner(strings.NewReader(info))
	for sc.Scan() {
		if v, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), name+":"); ok {
			return v
		}
	}
	return ""
}
