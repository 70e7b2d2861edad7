package modules

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Canary health: browsers report page views and client errors per module version
// (POST /api/beacons). While a module has a canary, every edge adds those of its
// stable and canary versions to one Redis hash per module and canary version,
// "<prefix>:modules:health:<name>:<canary>", fields "<version>:views" and
// "<version>:errors", so all edges judge on the same counts. Making a version the
// canary starts its counts from zero.
//
// When the canary has had at least MinViews views and its error rate (errors per
// view) exceeds stable's by more than Margin, the edge that counted last rolls the
// canary back. The rollback is a compare-and-set on the module's state, so when
// several edges see it at once one wins; the winner logs and audits it with actor
// AutoRollbackActor and the reason, which status shows.

// AutoRollbackActor is the audit log's actor for automatic rollbacks.
const AutoRollbackActor = "auto-rollback"

// CanaryPolicy is when a canary is rolled back by itself.
type CanaryPolicy struct {
	// Margin is how much higher than stable's the canary's error rate may be
	// (CANARY_ERROR_MARGIN). 0.05: five more errors per hundred views.
	Margin float64
	// MinViews is the fewest canary views to judge on (CANARY_MIN_VIEWS).
	MinViews int
}

// DefaultCanaryPolicy is the policy without configuration.
var DefaultCanaryPolicy = CanaryPolicy{Margin: 0.05, MinViews: 200}

// healthTTL bounds how long counts of a canary are kept.
const healthTTL = 14 * 24 * time.Hour

// Observation is what one page reported of one module version.
type Observation struct {
	Module, Version string
	Views, Errors   int
}

// Counts are a version's views and client errors during a canary.
type Counts struct {
	Views  int64 `json:"views"`
	Errors int64 `json:"errors"`
}

// Rate is errors per view (0 without views).
func (c Counts) Rate() float64 {
	if c.Views == 0 {
		return 0
	}
	return float64(c.Errors) / float64(c.Views)
}

// Health is a canary's counts beside stable's.
type Health struct {
	Canary Counts `json:"canary"`
	Stable Counts `json:"stable"`
}

func (r *Registry) healthKey(name, canary string) string {
	return r.store.Key("modules", "health", name, canary)
}

func (r *Registry) resetHealth(ctx context.Context, name, canary string) error {
	return r.store.Client.Del(ctx, r.healthKey(name, canary)).Err()
}

// Observe counts what pages reported for modules that have a canary (others are not
// counted) and rolls back a canary that fails the policy. It returns the modules it
// rolled back.
func (r *Registry) Observe(ctx context.Context, obs []Observation) ([]string, error) {
	if r.store == nil {
		return nil, nil
	}
	type touched struct{ name, stable, canary string }
	var mods []touched
	seen := map[string]bool{}
	cmds := map[string]*redis.MapStringStringCmd{}
	_, err := r.store.Client.Pipelined(ctx, func(p redis.Pipeliner) error {
		for _, o := range obs {
			st := r.StateOf(ctx, o.Module)
			if st.Canary == "" || (o.Version != st.Canary && o.Version != st.Stable) || (o.Views <= 0 && o.Errors <= 0) {
				continue
			}
			key := r.healthKey(o.Module, st.Canary)
			if o.Views > 0 {
				p.HIncrBy(ctx, key, o.Version+":views", int64(o.Views))
			}
			if o.Errors > 0 {
				p.HIncrBy(ctx, key, o.Version+":errors", int64(o.Errors))
			}
			if !seen[o.Module] {
				seen[o.Module] = true
				mods = append(mods, touched{o.Module, st.Stable, st.Canary})
			}
		}
		for _, m := range mods {
			key := r.healthKey(m.name, m.canary)
			p.Expire(ctx, key, healthTTL)
			cmds[m.name] = p.HGetAll(ctx, key)
		}
		return nil
	})
	if err != nil || len(mods) == 0 {
		return nil, err
	}
	var rolled []string
	for _, m := range mods {
		h := healthFrom(cmds[m.name].Val(), m.stable, m.canary)
		reason, bad := r.Policy.fails(h)
		if !bad {
			continue
		}
		ok, err := r.autoRollback(ctx, m.name, m.canary, reason)
		if err != nil {
			return rolled, err
		}
		if ok {
			rolled = append(rolled, m.name)
		}
	}
	return rolled, nil
}

func healthFrom(vals map[string]string, stable, canary string) Health {
	n := func(f string) int64 { v, _ := strconv.ParseInt(vals[f], 10, 64); return v }
	return Health{
		Canary: Counts{Views: n(canary + ":views"), Errors: n(canary + ":errors")},
		Stable: Counts{Views: n(stable + ":views"), Errors: n(stable + ":errors")},
	}
}

// fails says whether a canary with health h is to be rolled back, and why.
func (p CanaryPolicy) fails(h Health) (string, bool) {
	if h.Canary.Views < int64(p.MinViews) || h.Canary.Rate() <= h.Stable.Rate()+p.Margin {
		return "", false
	}
	return fmt.Sprintf("canary error rate %.3f (%d errors in %d views) exceeds stable's %.3f (%d in %d) by more than %.3f",
		h.Canary.Rate(), h.Canary.Errors, h.Canary.Views, h.Stable.Rate(), h.Stable.Errors, h.Stable.Views, p.Margin), true
}

// autoRollback rolls back canary when it is still the module's canary; false when
// another edge did first (or an operator changed the state).
func (r *Registry) autoRollback(ctx context.Context, name, canary, reason string) (bool, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil || eff.Canary != canary {
		return false, err
	}
	ok, err := r.rollback(ctx, name, read, eff, reason, AutoRollbackActor)
	if ok {
		r.log().Warn("canary rolled back automatically", "module", name, "version", canary, "reason", reason)
	}
	return ok, err
}

// HealthOf reads the counts of the module's current canary (zero without one).
func (r *Registry) HealthOf(ctx context.Context, name string) (Health, error) {
	st := r.StateOf(ctx, name)
	if r.store == nil || st.Canary == "" {
		return Health{}, nil
	}
	vals, err := r.store.Client.HGetAll(ctx, r.healthKey(name, st.Canary)).Result()
	if err != nil {
		return Health{}, err
	}
	return healthFrom(vals, st.Stable, st.Canary), nil
}

// Status is what an operator sees of one module.
type Status struct {
	Module   string   `json:"module"`
	Versions []string `json:"versions"`
	Stable   string   `json:"stable"`
	Canary   string   `json:"canary,omitempty"`
	Percent  int      `json:"percent"`
	// Health is the canary's counts beside stable's, while there is a canary.
	Health *Health `json:"health,omitempty"`
	// LastRollback is the last canary rolled back (by hand or automatically) and why.
	LastRollback *Rollback `json:"lastRollback,omitempty"`
}

// StatusOf reads the module's state from Redis (not the copy in memory).
func (r *Registry) StatusOf(ctx context.Context, name string) (Status, error) {
	read, eff, err := r.current(ctx, name)
	if err != nil {
		return Status{}, err
	}
	s := Status{Module: name, Versions: r.Versions(name), Stable: eff.Stable, Canary: eff.Canary, Percent: eff.Weight}
	if eff.Canary != "" {
		vals, err := r.store.Client.HGetAll(ctx, r.healthKey(name, eff.Canary)).Result()
		if err != nil {
			return Status{}, err
		}
		h := healthFrom(vals, eff.Stable, eff.Canary)
		s.Health = &h
	}
	if read.LastRollback.Version != "" {
		lr := read.LastRollback
		s.LastRollback = &lr
	}
	return s, nil
}
