package geocode

import (
	"context"
	"sort"
	"strings"
)

// Completer is a Geocoder that can also finish a place name the guest is still typing
// ("Lou" → "Louisville, KY"). Suggest uses it when the geocoder has it.
type Completer interface {
	// Complete returns up to limit places whose name has words starting with what
	// was typed, best first. The last word may be unfinished; the words before it
	// are whole. Nothing found is an empty list, not an error.
	Complete(ctx context.Context, query string, limit int) ([]Place, error)
}

var _ Completer = (*Offline)(nil)

// prefixEntry is one word start of a place name: the name's normalized words from
// that word on ("saint louis" gives "saint louis" and "louis").
type prefixEntry struct {
	words string
	// first is true when words is the whole name: a match there ranks first.
	first bool
	// city is an index into db.cities, or -1 for a state (state is then its code).
	city  int32
	state string
}

// buildPrefix indexes every word start of every city and state name, sorted by words.
func (d *db) buildPrefix() {
	out := make([]prefixEntry, 0, len(d.cities)*3/2+len(d.states)*2)
	add := func(k string, city int32, state string) {
		ws := strings.Fields(k)
		for i := range ws {
			out = append(out, prefixEntry{words: strings.Join(ws[i:], " "), first: i == 0, city: city, state: state})
		}
	}
	for ci := range d.cities {
		add(key(d.cities[ci].name), int32(ci), "")
	}
	for code, s := range d.states {
		if s.zips > 0 {
			add(key(s.info.Name), -1, code)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a].words < out[b].words })
	d.prefix = out
}

// Complete implements Completer over the embedded cities and states. The rule: the
// typed words must match whole words of a name in order, from the start of one of
// its words, the last typed word as the start of a word ("lou" finds "Louisville"
// and "St. Louis", never "Ville Platte" for "ville"'s middle-of-word twin
// "Louisville"). A trailing part after a comma narrows to a state by the start of its
// code or name ("Colum, oh"). Names matched from their first word rank before names
// matched from a later word; then bigger populations first (a state counts as a city
// of bigCity people, so "New" is New York City before New Jersey before New Haven).
func (o *Offline) Complete(ctx context.Context, query string, limit int) ([]Place, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	d, err := data()
	if err != nil {
		return nil, unavailable(err)
	}
	return d.complete(query, limit), nil
}

func (d *db) complete(query string, limit int) []Place {
	toks := tokenize(query)
	// A part after the first comma names the state.
	var stateToks []token
	for i := 1; i < len(toks); i++ {
		if toks[i].comma {
			toks, stateToks = toks[:i], toks[i:]
			break
		}
	}
	if len(toks) == 0 || limit <= 0 {
		return []Place{}
	}
	inState := func(string) bool { return true }
	if len(stateToks) > 0 {
		typed := joinWords(stateToks, true)
		inState = func(code string) bool {
			return strings.HasPrefix(strings.ToLower(code), typed) || strings.HasPrefix(key(d.states[code].info.Name), typed)
		}
	}
	// Whole words before the last use their expanded form ("st" → "saint"); the last,
	// maybe unfinished, is tried as typed and, if it is an abbreviation, expanded.
	head := ""
	if len(toks) > 1 {
		head = joinWords(toks[:len(toks)-1], false) + " "
	}
	last := toks[len(toks)-1]
	prefixes := []string{head + last.raw}
	if last.word != last.raw {
		prefixes = append(prefixes, head+last.word)
	}

	type cand struct {
		first bool
		pop   int
		zips  int
		p     Place
	}
	seen := map[string]bool{}
	var cands []cand
	for _, pre := range prefixes {
		i := sort.Search(len(d.prefix), func(i int) bool { return d.prefix[i].words >= pre })
		for ; i < len(d.prefix) && strings.HasPrefix(d.prefix[i].words, pre); i++ {
			e := &d.prefix[i]
			var c cand
			if e.city >= 0 {
				city := &d.cities[e.city]
				if !inState(city.state) {
					continue
				}
				c = cand{first: e.first, pop: city.pop, zips: city.zips, p: d.cityPlace(e.city)}
			} else {
				if !inState(e.state) {
					continue
				}
				c = cand{first: e.first, pop: bigCity, zips: d.states[e.state].zips, p: d.statePlace(d.states[e.state])}
			}
			if seen[c.p.Label] {
				continue
			}
			seen[c.p.Label] = true
			c.p.Query = strings.TrimSpace(query)
			cands = append(cands, c)
		}
	}
	sort.SliceStable(cands, func(a, b int) bool {
		ca, cb := &cands[a], &cands[b]
		if ca.first != cb.first {
			return ca.first
		}
		if ca.pop != cb.pop {
			return ca.pop > cb.pop
		}
		if ca.zips != cb.zips {
			return ca.zips > cb.zips
		}
		return ca.p.Label < cb.p.Label
	})
	out := make([]Place, 0, min(limit, len(cands)))
	for _, c := range cands {
		if len(out) == limit {
			break
		}
		out = append(out, c.p)
	}
	return out
}
