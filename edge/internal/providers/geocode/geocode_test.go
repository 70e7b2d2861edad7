package geocode

import (
	"context"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/henhouse/platform/edge/internal/fault"
)

func TestGeocodeForms(t *testing.T) {
	g := New()
	tests := []struct {
		query            string
		kind, label      string
		city, state, zip string
		lat, lng         float64 // checked within 0.1 degree when not zero
	}{
		{"43215", KindZIP, "Columbus, OH 43215", "Columbus", "OH", "43215", 39.97, -83.00},
		{"  43215  ", KindZIP, "Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"43215-1234", KindZIP, "Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"43215 - 1234", KindZIP, "Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"432151234", KindZIP, "Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"10001", KindZIP, "New York, NY 10001", "New York", "NY", "10001", 40.75, -74.00},
		{"02134", KindZIP, "Allston, MA 02134", "Allston", "MA", "02134", 0, 0},
		{"Columbus, OH", KindCity, "Columbus, OH", "Columbus", "OH", "", 39.96, -83.00},
		{"columbus oh", KindCity, "Columbus, OH", "Columbus", "OH", "", 0, 0},
		{"COLUMBUS,OH.", KindCity, "Columbus, OH", "Columbus", "OH", "", 0, 0},
		{"Columbus Ohio", KindCity, "Columbus, OH", "Columbus", "OH", "", 0, 0},
		{"Columbus, Georgia", KindCity, "Columbus, GA", "Columbus", "GA", "", 32.46, -84.99},
		{"Columbus, OH, USA", KindCity, "Columbus, OH", "Columbus", "OH", "", 0, 0},
		{"Charleston West Virginia", KindCity, "Charleston, WV", "Charleston", "WV", "", 0, 0},
		{"Charleston, South Carolina", KindCity, "Charleston, SC", "Charleston", "SC", "", 0, 0},
		{"new york new york", KindCity, "New York, NY", "New York", "NY", "", 40.71, -74.01},
		{"NYC", KindCity, "New York, NY", "New York", "NY", "", 0, 0},
		{"Washington, D.C.", KindCity, "Washington, DC", "Washington", "DC", "", 38.90, -77.04},
		{"washington dc", KindCity, "Washington, DC", "Washington", "DC", "", 0, 0},
		{"st louis mo", KindCity, "St. Louis, MO", "St. Louis", "MO", "", 38.63, -90.20},
		{"Saint Louis, Missouri", KindCity, "St. Louis, MO", "St. Louis", "MO", "", 0, 0},
		{"Ft Wayne IN", KindCity, "Fort Wayne, IN", "Fort Wayne", "IN", "", 0, 0},
		{"Bozeman MT", KindCity, "Bozeman, MT", "Bozeman", "MT", "", 0, 0},
		{"winston-salem nc", KindCity, "Winston-Salem, NC", "Winston-Salem", "NC", "", 0, 0},
		{"coeur d'alene id", KindCity, "Coeur d'Alene, ID", "Coeur d'Alene", "ID", "", 0, 0},
		{"ESPAÑOLA NM", KindCity, "Española, NM", "Española", "NM", "", 0, 0},
		{"Espanola, NM", KindCity, "Española, NM", "Española", "NM", "", 0, 0},
		{"Indiana, PA", KindCity, "Indiana, PA", "Indiana", "PA", "", 0, 0},
		{"Ohio", KindState, "Ohio", "", "OH", "", 40.4, -82.7},
		{"oh", KindState, "Ohio", "", "OH", "", 0, 0},
		{"North Carolina", KindState, "North Carolina", "", "NC", "", 0, 0},
		{"123 Main St, Columbus, OH 43215", KindAddress, "123 Main St, Columbus, OH 43215", "Columbus", "OH", "43215", 39.97, -83.00},
		{"123 Main St, Columbus, OH 43215-1234", KindAddress, "123 Main St, Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"123 Main St 43215", KindAddress, "123 Main St, Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"Columbus, OH 43215", KindZIP, "Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		{"Bexley, OH 43209", KindZIP, "Bexley, OH 43209", "Bexley", "OH", "43209", 0, 0},
		// The ZIP code wins over the city and state.
		{"500 Elm St, Springfield, IL 43215", KindAddress, "500 Elm St, Columbus, OH 43215", "Columbus", "OH", "43215", 0, 0},
		// Unknown ZIP code: city and state.
		{"123 Main St, Columbus, OH 00000", KindAddress, "123 Main St, Columbus, OH", "Columbus", "OH", "", 39.96, -83.00},
		{"123 Main St Columbus OH", KindAddress, "123 Main St, Columbus, OH", "Columbus", "OH", "", 0, 0},
		{"Main Street, Columbus, Ohio", KindAddress, "Main Street, Columbus, OH", "Columbus", "OH", "", 0, 0},
		{"1 Market St., St. Louis, MO", KindAddress, "1 Market St., St. Louis, MO", "St. Louis", "MO", "", 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			ps, err := g.Geocode(context.Background(), tt.query)
			if err != nil {
				t.Fatalf("Geocode(%q): %v", tt.query, err)
			}
			p := ps[0]
			if p.Kind != tt.kind || p.Label != tt.label || p.City != tt.city || p.State != tt.state || p.ZIP != tt.zip {
				t.Errorf("Geocode(%q)[0] = %+v, want kind %s label %q city %q state %s zip %q",
					tt.query, p, tt.kind, tt.label, tt.city, tt.state, tt.zip)
			}
			if p.Query != strings.TrimSpace(tt.query) {
				t.Errorf("Query = %q", p.Query)
			}
			if tt.lat != 0 && (math.Abs(p.Lat-tt.lat) > 0.1 || math.Abs(p.Lng-tt.lng) > 0.1) {
				t.Errorf("coordinates %v,%v, want about %v,%v", p.Lat, p.Lng, tt.lat, tt.lng)
			}
		})
	}
}

func TestGeocodeRanking(t *testing.T) {
	g := New()
	d, _ := data()
	ps, err := g.Geocode(context.Background(), "Springfield")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != MaxResults {
		t.Fatalf("got %d places, want %d", len(ps), MaxResults)
	}
	// The three big Springfields, largest first.
	var states []string
	for _, p := range ps {
		if p.Kind != KindCity || p.City != "Springfield" {
			t.Errorf("unexpected %+v", p)
		}
		states = append(states, p.State)
	}
	if got := strings.Join(states[:3], ","); got != "MO,MA,IL" {
		t.Errorf("first three Springfields = %s, want MO,MA,IL (all: %v)", got, states)
	}
	prev := math.MaxInt
	for _, p := range ps {
		ci := d.byKeyState["springfield|"+p.State]
		if pop := d.cities[ci].pop; pop > prev {
			t.Errorf("%s ranked after a smaller city", p.Label)
		} else {
			prev = pop
		}
	}

	ps, _ = g.Geocode(context.Background(), "columbus")
	if ps[0].Label != "Columbus, OH" || ps[1].Label != "Columbus, GA" {
		t.Errorf("Columbus ranking: %v", labels(ps))
	}

	// A state name that is also a big city: the city first, then the state.
	ps, _ = g.Geocode(context.Background(), "New York")
	if ps[0].Label != "New York, NY" || ps[1].Kind != KindState || ps[1].State != "NY" {
		t.Errorf("New York: %v", labels(ps))
	}
	ps, _ = g.Geocode(context.Background(), "Washington")
	if ps[0].Label != "Washington, DC" || ps[1].Kind != KindState || ps[1].State != "WA" {
		t.Errorf("Washington: %v", labels(ps))
	}
	// A small city with a state's name comes after the state.
	ps, _ = g.Geocode(context.Background(), "Nevada")
	if ps[0].Kind != KindState || ps[0].State != "NV" || len(ps) < 2 {
		t.Errorf("Nevada: %v", labels(ps))
	}
	// With a state there is one answer.
	ps, _ = g.Geocode(context.Background(), "Springfield, IL")
	if len(ps) != 1 || ps[0].Label != "Springfield, IL" {
		t.Errorf("Springfield, IL: %v", labels(ps))
	}
}

func labels(ps []Place) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = p.Label
	}
	return out
}

func TestGeocodeNotFound(t *testing.T) {
	g := New()
	for _, q := range []string{
		"", "   ", ",,,", "!!!", "asdfghjkl", "00000", "99999-0000", "1234", "Columbus, ZZ",
		"Atlantis, OH", "North Columbus OH", "qwerty columbus", "日本語",
		strings.Repeat("a", MaxQueryLen+1),
	} {
		ps, err := g.Geocode(context.Background(), q)
		if err == nil {
			t.Errorf("Geocode(%q) = %v, want an error", q, labels(ps))
			continue
		}
		fe, ok := fault.As(err)
		if !ok || fe.Kind != fault.Invalid || fe.Code != "address_not_found" ||
			fe.Message != "We couldn't find that address. Try a city and state or a ZIP code." ||
			len(fe.Fields) != 0 {
			t.Errorf("Geocode(%q) error = %#v", q, err)
		}
		if !IsNotFound(err) {
			t.Errorf("IsNotFound(%v) = false", err)
		}
	}
	// 200 bytes is still accepted.
	q := strings.Repeat(" ", MaxQueryLen-5) + "43215"
	if _, err := g.Geocode(context.Background(), q[len(q)-MaxQueryLen:]); err != nil {
		t.Errorf("query of %d bytes: %v", MaxQueryLen, err)
	}
}

func TestGeocodeCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New().Geocode(ctx, "43215"); err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if _, err := New().Reverse(ctx, 40, -83); err != context.Canceled {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

func TestReverse(t *testing.T) {
	g := New()
	tests := []struct {
		lat, lng    float64
		city, state string
	}{
		{39.9612, -82.9988, "Columbus", "OH"},
		{40.7128, -74.0060, "New York", "NY"},
		{34.0522, -118.2437, "Los Angeles", "CA"},
		{41.8781, -87.6298, "Chicago", "IL"},
		{61.2181, -149.9003, "Anchorage", "AK"},
		{21.3069, -157.8583, "Honolulu", "HI"},
		{71.29, -156.79, "Barrow", "AK"},
	}
	for _, tt := range tests {
		p, err := g.Reverse(context.Background(), tt.lat, tt.lng)
		if err != nil {
			t.Errorf("Reverse(%v,%v): %v", tt.lat, tt.lng, err)
			continue
		}
		if p.City != tt.city || p.State != tt.state || p.Kind != KindZIP || len(p.ZIP) != 5 {
			t.Errorf("Reverse(%v,%v) = %+v, want %s, %s", tt.lat, tt.lng, p, tt.city, tt.state)
		}
		if !strings.HasSuffix(p.Label, " "+p.ZIP) {
			t.Errorf("label %q", p.Label)
		}
	}

	p, _ := g.Reverse(context.Background(), 39.9612, -82.9988)
	if p.ZIP != "43215" {
		t.Errorf("Reverse(Columbus city hall) ZIP = %s, want 43215", p.ZIP)
	}

	if _, err := g.Reverse(context.Background(), 51.5074, -0.1278); !fault.Is(err, fault.NotFound) {
		t.Errorf("Reverse(London) err = %v, want NotFound", err)
	}
	for _, c := range [][2]float64{{91, 0}, {0, 181}, {math.NaN(), 0}} {
		if _, err := g.Reverse(context.Background(), c[0], c[1]); !fault.Is(err, fault.Invalid) {
			t.Errorf("Reverse(%v) err = %v, want Invalid", c, err)
		}
	}
}

// TestReverseMatchesLinearScan checks the grid search against a scan of every ZIP.
func TestReverseMatchesLinearScan(t *testing.T) {
	d, err := data()
	if err != nil {
		t.Fatal(err)
	}
	pts := [][2]float64{
		{39.9612, -82.9988}, {47.6, -122.3}, {25.77, -80.19}, {44.0, -103.0}, {31.0, -100.0},
		{46.8, -100.8}, {58.3, -134.4}, {64.8, -147.7}, {19.7, -155.1}, {42.0, -70.0},
		{36.0, -115.0}, {48.9, -97.0}, {29.0, -89.0}, {37.0, -122.8}, {52.0, -176.0},
	}
	for _, p := range pts {
		gi, gd := d.nearest(p[0], p[1], ReverseMaxMiles)
		li, ld := int32(-1), math.Inf(1)
		for i, z := range d.zips {
			if dist := Distance(p[0], p[1], z.lat, z.lng); dist < ld {
				li, ld = int32(i), dist
			}
		}
		if ld <= ReverseMaxMiles && (gi < 0 || math.Abs(gd-ld) > 1e-9) {
			t.Errorf("%v: grid %d (%.3f mi), scan %s (%.3f mi)", p, gi, gd, d.zips[li].zip, ld)
		}
	}
}

func TestDistance(t *testing.T) {
	// New York City to Los Angeles is about 2,445 miles.
	if d := Distance(40.7128, -74.0060, 34.0522, -118.2437); math.Abs(d-2445)/2445 > 0.01 {
		t.Errorf("NYC–LA = %.1f mi, want about 2445", d)
	}
	if d := Distance(39.9612, -82.9988, 39.9612, -82.9988); d != 0 {
		t.Errorf("same point = %v", d)
	}
	// One degree of latitude is about 69 miles.
	if d := Distance(40, -83, 41, -83); math.Abs(d-69.1) > 0.2 {
		t.Errorf("one degree = %.2f mi", d)
	}
	if a, b := Distance(10, 20, 30, 40), Distance(30, 40, 10, 20); math.Abs(a-b) > 1e-9 {
		t.Errorf("not symmetric: %v %v", a, b)
	}
}

func TestConcurrentFirstUse(t *testing.T) {
	g := New()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := g.Geocode(context.Background(), "columbus oh"); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

func TestData(t *testing.T) {
	d, err := data()
	if err != nil {
		t.Fatal(err)
	}
	if len(d.zips) < 40000 {
		t.Errorf("%d ZIP codes", len(d.zips))
	}
	for _, s := range stateList[:51] {
		if d.states[s.Code].zips == 0 {
			t.Errorf("no ZIP codes in %s", s.Code)
		}
	}
	if n := len(zipsGz) + len(citiesGz); n > 1500000 {
		t.Errorf("embedded data is %d bytes", n)
	}
}

func BenchmarkGeocode(b *testing.B) {
	g := New()
	if err := g.Warm(); err != nil {
		b.Fatal(err)
	}
	queries := []string{
		"43215", "43215-1234", "Columbus, OH", "columbus ohio", "Springfield",
		"123 Main St, Columbus, OH 43215", "st louis mo", "New York",
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Geocode(ctx, queries[i%len(queries)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReverse(b *testing.B) {
	g := New()
	if err := g.Warm(); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		lat := 30 + float64(i%170)/10
		lng := -120 + float64(i%400)/10
		_, _ = g.Reverse(ctx, lat, lng)
	}
}

func BenchmarkLoad(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := load(); err != nil {
			b.Fatal(err)
		}
	}
}
