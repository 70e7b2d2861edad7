package main

import (
	"slices"
	"testing"
	"time"
)

func ms(v ...int) []time.Duration {
	out := make([]time.Duration, len(v))
	for i, x := range v {
		out[i] = time.Duration(x) * time.Millisecond
	}
	return out
}

func TestPercentile(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = time.Duration(i+1) * time.Millisecond
	}
	for _, c := range []struct {
		name string
		s    []time.Duration
		p    float64
		want time.Duration
	}{
		{"empty", nil, 99, 0},
		{"one", ms(7), 50, 7 * time.Millisecond},
		{"one p0", ms(7), 0, 7 * time.Millisecond},
		{"median of four", ms(1, 2, 3, 4), 50, 2 * time.Millisecond},
		{"p99 of four is the max", ms(1, 2, 3, 4), 99, 4 * time.Millisecond},
		{"p50 of 100", hundred, 50, 50 * time.Millisecond},
		{"p99 of 100", hundred, 99, 99 * time.Millisecond},
		{"p100", hundred, 100, 100 * time.Millisecond},
	} {
		if got := percentile(c.s, c.p); got != c.want {
			t.Errorf("%s: percentile(%v) = %v, want %v", c.name, c.p, got, c.want)
		}
	}
}

func TestKnee(t *testing.T) {
	skip := map[string]bool{"ready": true}
	r := func(rate float64, p99 map[string]int) rateResult {
		res := rateResult{rate: rate, steps: map[string][]time.Duration{}}
		for k, v := range p99 {
			res.steps[k] = ms(v)
		}
		return res
	}
	results := []rateResult{
		r(2, map[string]int{"submit": 40, "ready": 5000}),
		r(4, map[string]int{"submit": 90, "menu": 20}),
		r(8, map[string]int{"submit": 60, "menu": 101}),
		r(16, map[string]int{"submit": 400}),
	}
	if s, p := knee(results, kneeLimit, skip); s != 4 || p != 8 {
		t.Errorf("knee = %v, %v; want 4, 8 (menu passes 100 ms at 8; ready is skipped)", s, p)
	}
	if s, p := knee(results[:2], kneeLimit, skip); s != 4 || p != 0 {
		t.Errorf("knee without a passing rate = %v, %v; want 4, 0", s, p)
	}
	if s, p := knee(results[3:], kneeLimit, skip); s != 0 || p != 16 {
		t.Errorf("knee passed at once = %v, %v; want 0, 16", s, p)
	}
	if s, p := knee(results[:1], kneeLimit, nil); s != 0 || p != 2 {
		t.Errorf("knee counting ready = %v, %v; want 0, 2", s, p)
	}
}

func TestParseRates(t *testing.T) {
	got, err := parseRates("2, 4,8", 0, 0, 0)
	if err != nil || !slices.Equal(got, []float64{2, 4, 8}) {
		t.Errorf("list: %v %v", got, err)
	}
	got, err = parseRates("", 2, 0, 20)
	if err != nil || !slices.Equal(got, []float64{2, 4, 8, 16}) {
		t.Errorf("doubling: %v %v", got, err)
	}
	got, err = parseRates("", 5, 5, 15)
	if err != nil || !slices.Equal(got, []float64{5, 10, 15}) {
		t.Errorf("steps: %v %v", got, err)
	}
	for _, bad := range []string{"2,x", "4,2", "0", "-1", "2,2"} {
		if _, err := parseRates(bad, 0, 0, 0); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if _, err := parseRates("", 0, 1, 10); err == nil {
		t.Error("start 0: no error")
	}
}

func TestCallsByCommand(t *testing.T) {
	info := "# Commandstats\r\ncmdstat_get:calls=12,usec=30,usec_per_call=2.50,rejected_calls=0,failed_calls=0\r\n" +
		"cmdstat_client|setinfo:calls=2,usec=1\r\ncmdstat_evalsha:calls=5,usec=9\r\n"
	got := callsByCommand(info)
	if got["get"] != 12 || got["evalsha"] != 5 || got["client|setinfo"] != 2 || len(got) != 3 {
		t.Errorf("callsByCommand = %v", got)
	}
	total, top := perOrder(map[string]int64{"get": 2}, map[string]int64{"get": 12, "evalsha": 5, "set": 0}, 5)
	if total != 3 || top != "get 2.0, evalsha 1.0" {
		t.Errorf("perOrder = %v, %q", total, top)
	}
}
