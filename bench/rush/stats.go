package main

import (
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// kneeLimit is the p99 a step may reach at a sustainable rate: past it, guests wait
// noticeably for each tap, and queueing grows faster than the rate.
const kneeLimit = 100 * time.Millisecond

// percentile is the p-th percentile (0–100) of sorted by the nearest-rank method: the
// smallest sample with at least p% of the samples at or below it. Empty: 0.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(sorted))))
	rank = min(max(rank, 1), len(sorted))
	return sorted[rank-1]
}

// rateResult is what one arrival rate measured: the latencies per step name.
type rateResult struct {
	rate  float64
	steps map[string][]time.Duration // sorted once the rate has ended
}

// worstP99 is the highest p99 among the steps counted for the knee, and that step.
// Steps in skip (the wait for the kitchen's clock) are not the edge's latency.
func (r rateResult) worstP99(skip map[string]bool) (time.Duration, string) {
	var worst time.Duration
	var name string
	for _, n := range sortedKeys(r.steps) {
		if skip[n] {
			continue
		}
		if p := percentile(r.steps[n], 99); p > worst {
			worst, name = p, n
		}
	}
	return worst, name
}

// knee finds where the rates stop being sustainable: the highest rate before the first
// one whose worst step p99 passes limit (0 when even the first did), and that first
// rate (0 when none passed: the knee lies beyond the highest rate tried). Rates are in
// the order they were run, rising.
func knee(results []rateResult, limit time.Duration, skip map[string]bool) (sustained, passed float64) {
	for _, r := range results {
		if p, _ := r.worstP99(skip); p > limit {
			return sustained, r.rate
		}
		sustained = r.rate
	}
	return sustained, 0
}

// parseRates reads -rates ("2,4,8") or, when it is empty, start, step and max as a
// rising series (a step of 0 doubles).
func parseRates(list string, start, step, maxRate float64) ([]float64, error) {
	var out []float64
	if strings.TrimSpace(list) != "" {
		for _, f := range strings.Split(list, ",") {
			v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil || !(v > 0) || math.IsInf(v, 0) {
				return nil, errBadRate(f)
			}
			if len(out) > 0 && v <= out[len(out)-1] {
				return nil, errRising
			}
			out = append(out, v)
		}
		return out, nil
	}
	if !(start > 0) || !(maxRate >= start) || step < 0 {
		return nil, errRange
	}
	for v := start; v <= maxRate+1e-9 && len(out) < 64; {
		out = append(out, v)
		if step == 0 {
			v *= 2
		} else {
			v += step
		}
	}
	return out, nil
}

type rateErr string

func (e rateErr) Error() string { return string(e) }

func errBadRate(f string) error {
	return rateErr("-rates: " + strconv.Quote(f) + " is not a rate above 0")
}

const (
	errRising = rateErr("-rates must rise")
	errRange  = rateErr("-start must be above 0, -max at least -start and -step 0 or more")
)

// recorder collects one rate's latencies and errors from many guests at once.
type recorder struct {
	mu     sync.Mutex
	steps  map[string][]time.Duration
	errors map[string]int
}

func newRecorder() *recorder {
	return &recorder{steps: map[string][]time.Duration{}, errors: map[string]int{}}
}

func (r *recorder) time(step string, d time.Duration) {
	r.mu.Lock()
	r.steps[step] = append(r.steps[step], d)
	r.mu.Unlock()
}

func (r *recorder) fail(kind string) {
	r.mu.Lock()
	r.errors[kind]++
	r.mu.Unlock()
}

// result sorts the samples for the percentiles.
func (r *recorder) result(rate float64) rateResult {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := rateResult{rate: rate, steps: map[string][]time.Duration{}}
	for k, v := range r.steps {
		s := append([]time.Duration(nil), v...)
		sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
		out.steps[k] = s
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
