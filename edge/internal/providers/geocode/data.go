package geocode

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// The files are made by internal/gen; see data/SOURCE.md.
var (
	//go:embed data/zips.tsv.gz
	zipsGz []byte
	//go:embed data/cities.tsv.gz
	citiesGz []byte
)

type zipRec struct {
	zip      string
	city     int32 // index into db.cities
	lat, lng float64
}

type cityRec struct {
	name, state string
	pop         int
	zips        int
	lat, lng    float64
	// geo is true when name, population and coordinates come from the cities list;
	// otherwise the coordinates are the mean of the city's ZIP centres.
	geo bool
}

type stateRec struct {
	info     stateInfo
	zips     int
	lat, lng float64
}

// db is the loaded data set; read-only once built.
type db struct {
	zips   []zipRec
	zipIdx []int32 // ZIP as a number → index into zips, or -1
	cities []cityRec
	// byKeyState: "normalized name|ST" → city; byKey: normalized name → cities, best first.
	byKeyState map[string]int32
	byKey      map[string][]int32
	maxWords   int

	states      map[string]*stateRec // by code
	stateByName map[string]string    // normalized name → code

	grid map[int32][]int32 // reverse-geocoding cells → ZIP indexes

	prefix []prefixEntry // every word start of every city and state name, sorted (complete.go)
}

const (
	cellDeg  = 0.5
	latCells = int(180 / cellDeg)
	lngCells = int(360 / cellDeg)
)

func cellOf(lat, lng float64) (int, int) {
	i := int(math.Floor((lat + 90) / cellDeg))
	j := int(math.Floor((lng + 180) / cellDeg))
	if i < 0 {
		i = 0
	} else if i >= latCells {
		i = latCells - 1
	}
	j = ((j % lngCells) + lngCells) % lngCells
	return i, j
}

func cellKey(i, j int) int32 { return int32(i*lngCells + j) }

func gunzipLines(b []byte, fn func(f []string) error) error {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return err
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	n := 0
	for sc.Scan() {
		n++
		if err := fn(strings.Split(sc.Text(), "\t")); err != nil {
			return fmt.Errorf("line %d: %w", n, err)
		}
	}
	return sc.Err()
}

func parseLatLng(a, b string) (float64, float64, error) {
	lat, err := strconv.ParseFloat(a, 64)
	if err != nil {
		return 0, 0, err
	}
	lng, err := strconv.ParseFloat(b, 64)
	return lat, lng, err
}

func load() (*db, error) {
	d := &db{
		zipIdx:      make([]int32, 100000),
		byKeyState:  make(map[string]int32, 32000),
		byKey:       make(map[string][]int32, 24000),
		states:      make(map[string]*stateRec, len(stateList)),
		stateByName: make(map[string]string, len(stateList)+len(stateAliases)),
		grid:        make(map[int32][]int32, 8000),
	}
	for i := range d.zipIdx {
		d.zipIdx[i] = -1
	}
	for _, s := range stateList {
		d.states[s.Code] = &stateRec{info: s}
		d.stateByName[key(s.Name)] = s.Code
	}
	for k, code := range stateAliases {
		d.stateByName[k] = code
	}

	addCity := func(k string, c cityRec) int32 {
		idx := int32(len(d.cities))
		d.cities = append(d.cities, c)
		d.byKeyState[k+"|"+c.state] = idx
		d.byKey[k] = append(d.byKey[k], idx)
		if n := strings.Count(k, " ") + 1; n > d.maxWords {
			d.maxWords = n
		}
		return idx
	}

	// ZIP codes, and a city for every distinct place name in them.
	sumLat := map[int32]float64{}
	sumLng := map[int32]float64{}
	err := gunzipLines(zipsGz, func(f []string) error {
		if len(f) != 5 || len(f[0]) != 5 || !allDigits(f[0]) {
			return fmt.Errorf("bad ZIP row %q", f)
		}
		lat, lng, err := parseLatLng(f[3], f[4])
		if err != nil {
			return err
		}
		st := d.states[f[2]]
		if st == nil {
			return fmt.Errorf("unknown state %q", f[2])
		}
		k := key(f[1])
		ci, ok := d.byKeyState[k+"|"+f[2]]
		if !ok {
			ci = addCity(k, cityRec{name: f[1], state: f[2]})
		}
		d.cities[ci].zips++
		sumLat[ci] += lat
		sumLng[ci] += lng
		st.zips++
		st.lat += lat
		st.lng += lng
		zi := int32(len(d.zips))
		d.zips = append(d.zips, zipRec{zip: f[0], city: ci, lat: lat, lng: lng})
		n, _ := strconv.Atoi(f[0])
		d.zipIdx[n] = zi
		ck := cellKey(cellOf(lat, lng))
		d.grid[ck] = append(d.grid[ck], zi)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("geocode: zips: %w", err)
	}
	for ci, c := range d.cities {
		c.lat = sumLat[int32(ci)] / float64(c.zips)
		c.lng = sumLng[int32(ci)] / float64(c.zips)
		d.cities[ci] = c
	}
	for _, s := range d.states {
		if s.zips > 0 {
			s.lat /= float64(s.zips)
			s.lng /= float64(s.zips)
		}
	}

	// Cities with population. Exact name matches first, then the rest, so that a
	// "New York City" or "Washington, D.C." only lends its population to the ZIP place
	// "New York" or "Washington" when no city of that name has one.
	type geoCity struct {
		name, state string
		pop         int
		lat, lng    float64
	}
	var rest []geoCity
	apply := func(ci int32, g geoCity, rename bool) {
		c := &d.cities[ci]
		if c.geo && c.pop >= g.pop {
			return
		}
		c.pop, c.lat, c.lng, c.geo = g.pop, g.lat, g.lng, true
		if rename && !strings.Contains(g.name, ",") {
			c.name = g.name
		}
	}
	err = gunzipLines(citiesGz, func(f []string) error {
		if len(f) != 5 {
			return fmt.Errorf("bad city row %q", f)
		}
		pop, err := strconv.Atoi(f[2])
		if err != nil {
			return err
		}
		lat, lng, err := parseLatLng(f[3], f[4])
		if err != nil {
			return err
		}
		if d.states[f[1]] == nil {
			return fmt.Errorf("unknown state %q", f[1])
		}
		g := geoCity{name: f[0], state: f[1], pop: pop, lat: lat, lng: lng}
		if ci, ok := d.byKeyState[key(g.name)+"|"+g.state]; ok {
			apply(ci, g, true)
		} else {
			rest = append(rest, g)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("geocode: cities: %w", err)
	}
	for _, g := range rest {
		k := key(g.name)
		if ci, ok := d.byKeyState[k+"|"+g.state]; ok { // added by an earlier row
			apply(ci, g, true)
			continue
		}
		if base := d.baseName(k, g.state); base != "" {
			if ci, ok := d.byKeyState[base+"|"+g.state]; ok && !d.cities[ci].geo {
				apply(ci, g, false)
				d.byKeyState[k+"|"+g.state] = ci
				d.byKey[k] = append(d.byKey[k], ci)
				continue
			}
		}
		name := g.name
		if i := strings.IndexByte(name, ','); i > 0 {
			name = name[:i]
		}
		addCity(k, cityRec{name: name, state: g.state, pop: g.pop, lat: g.lat, lng: g.lng, geo: true})
	}
	for alias, target := range cityAliases {
		if ci, ok := d.byKeyState[target]; ok {
			st := target[strings.IndexByte(target, '|')+1:]
			d.byKeyState[alias+"|"+st] = ci
			d.byKey[alias] = append(d.byKey[alias], ci)
		}
	}
	for k, list := range d.byKey {
		sort.SliceStable(list, func(a, b int) bool { return d.better(list[a], list[b]) })
		d.byKey[k] = list
	}
	d.buildPrefix()
	return d, nil
}

// baseName strips a trailing state ("washington dc") or "city" ("new york city") from a
// normalized name; "" when neither applies.
func (d *db) baseName(k, state string) string {
	ws := strings.Fields(k)
	if len(ws) < 2 {
		return ""
	}
	if ws[len(ws)-1] == "city" {
		return strings.Join(ws[:len(ws)-1], " ")
	}
	for n := 1; n <= 3 && n < len(ws); n++ {
		tail := strings.Join(ws[len(ws)-n:], " ")
		if strings.ToLower(state) == tail || d.stateByName[tail] == state {
			return strings.Join(ws[:len(ws)-n], " ")
		}
	}
	return ""
}

// better ranks cities sharing a name: population, then number of ZIP codes, then state.
func (d *db) better(a, b int32) bool {
	ca, cb := &d.cities[a], &d.cities[b]
	if ca.pop != cb.pop {
		return ca.pop > cb.pop
	}
	if ca.zips != cb.zips {
		return ca.zips > cb.zips
	}
	return ca.state < cb.state
}

func (d *db) zip(z string) (*zipRec, bool) {
	if len(z) != 5 || !allDigits(z) {
		return nil, false
	}
	n, _ := strconv.Atoi(z)
	i := d.zipIdx[n]
	if i < 0 {
		return nil, false
	}
	return &d.zips[i], true
}

// nearest returns the ZIP whose centre is closest to lat,lng and its distance in miles,
// searching grid cells in growing rings until no unvisited cell can hold a closer one.
func (d *db) nearest(lat, lng, maxMiles float64) (int32, float64) {
	ci, cj := cellOf(lat, lng)
	best, bestD := int32(-1), math.Inf(1)
	visit := func(i, j int) {
		if i < 0 || i >= latCells {
			return
		}
		j = ((j % lngCells) + lngCells) % lngCells
		for _, zi := range d.grid[cellKey(i, j)] {
			z := &d.zips[zi]
			if dist := Distance(lat, lng, z.lat, z.lng); dist < bestD {
				best, bestD = zi, dist
			}
		}
	}
	for r := 0; r <= lngCells/2; r++ {
		// Every point in ring r is at least r-1 whole cells away along one axis; a
		// degree of longitude is shortest at the highest latitude the ring reaches.
		if r >= 2 {
			hi := math.Min(89.9, math.Abs(lat)+float64(r+1)*cellDeg)
			minDeg := float64(r-1) * cellDeg
			bound := minDeg * 69.0 * math.Cos(hi*math.Pi/180) * 0.99
			if bound > bestD || bound > maxMiles {
				break
			}
		}
		if r == 0 {
			visit(ci, cj)
			continue
		}
		for dj := -r; dj <= r; dj++ {
			visit(ci-r, cj+dj)
			visit(ci+r, cj+dj)
		}
		for di := -r + 1; di <= r-1; di++ {
			visit(ci+di, cj-r)
			visit(ci+di, cj+r)
		}
	}
	return best, bestD
}
