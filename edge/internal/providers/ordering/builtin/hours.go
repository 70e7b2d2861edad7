package builtin

import (
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/site"
)

// BumpEarliestMinutes moves the earliest time shown later than the next ready time;
// the browser shows the times answered, already moved.
const BumpEarliestMinutes = site.BumpEarliestMinutes

var weekdays = [...]string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

type interval struct{ start, end time.Time }

// intervals lists the location's opening intervals touching the local dates from the
// day before from up to days after it.
func (c *Catalog) intervals(l *ordering.Location, from time.Time, days int) []interval {
	z := c.zones[l.ID]
	local := from.In(z)
	y, m, d := local.Date()
	var out []interval
	for i := -1; i <= days; i++ {
		day := time.Date(y, m, d+i, 0, 0, 0, 0, z)
		h := hoursFor(l, weekdays[day.Weekday()])
		if h == nil || h.Closed {
			continue
		}
		o, _ := clock(h.Open)
		cl, _ := clock(h.Close)
		start := time.Date(day.Year(), day.Month(), day.Day(), 0, o, 0, 0, z)
		endDay := day
		if cl <= o {
			endDay = day.AddDate(0, 0, 1)
		}
		end := time.Date(endDay.Year(), endDay.Month(), endDay.Day(), 0, cl, 0, 0, z)
		out = append(out, interval{start, end})
	}
	return out
}

func hoursFor(l *ordering.Location, day string) *ordering.Hours {
	for i := range l.Hours {
		if l.Hours[i].Day == day {
			return &l.Hours[i]
		}
	}
	return nil
}

func ceilTo(t time.Time, step time.Duration) time.Time {
	r := t.Truncate(step)
	if r.Before(t) {
		r = r.Add(step)
	}
	return r
}

// schedule is the computed time picture of a location at now.
type schedule struct {
	openNow, asap bool
	nextReady     time.Time
	earliest      time.Time
	ivs           []interval
}

// stampNow fills what a location's answer says about now: whether it is open, and its
// zone's offset from UTC.
func (c *Catalog) stampNow(l *ordering.Location, now time.Time) {
	l.OpenNow = c.schedule(l, now).openNow
	if z := c.zones[l.ID]; z != nil {
		l.StampClock(z, now)
	}
}

func (c *Catalog) schedule(l *ordering.Location, now time.Time) schedule {
	prep := time.Duration(l.PrepMinutes) * time.Minute
	ivs := c.intervals(l, now, l.AdvanceDays+1)
	s := schedule{ivs: ivs}
	for _, iv := range ivs {
		if !now.Before(iv.start) && now.Before(iv.end) {
			s.openNow = true
			if !now.Add(prep).After(iv.end) {
				s.asap = true
				s.nextReady = ceilTo(now.Add(prep), 5*time.Minute)
			}
			break
		}
	}
	if s.nextReady.IsZero() {
		for _, iv := range ivs {
			if iv.start.After(now) {
				s.nextReady = iv.start.Add(prep)
				break
			}
		}
	}
	if !s.nextReady.IsZero() {
		s.earliest = s.nextReady.Add(BumpEarliestMinutes * time.Minute)
	}
	return s
}

// slots lists orderable times from the earliest time up to the advance limit.
func (c *Catalog) slots(l *ordering.Location, s schedule, now time.Time) []time.Time {
	step := time.Duration(l.SlotMinutes) * time.Minute
	prep := time.Duration(l.PrepMinutes) * time.Minute
	z := c.zones[l.ID]
	ly, lm, ld := now.In(z).Date()
	limit := time.Date(ly, lm, ld+l.AdvanceDays+1, 0, 0, 0, 0, z)
	var out []time.Time
	seen := map[int64]bool{}
	for _, iv := range s.ivs {
		first := ceilTo(maxTime(iv.start.Add(prep), s.earliest), step)
		for t := first; t.Before(iv.end) && t.Before(limit); t = t.Add(step) {
			if !seen[t.Unix()] {
				seen[t.Unix()] = true
				out = append(out, t)
			}
		}
	}
	return out
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// leadItem is a product of the cart that needs notice.
type leadItem struct {
	name string
	lead time.Duration
}

// leadTime is the notice a product needs before the time it is wanted for: a catering
// package needs the catering menu's lead_hours (docs/catering.md), anything else none.
func (c *Catalog) leadTime(line ordering.CartProduct) time.Duration {
	if line.Catering {
		return time.Duration(c.catering.LeadHours) * time.Hour
	}
	return 0
}

// choices is every time an order can be wanted for at a location at now, for the
// products of a cart: whether ASAP can be had, the slots of each day, the earliest time
// and the notice the products need. The time selector's options (Times, CartTimes) and
// the check of a wanted time (checkTime: setting the time, adding a product, placing the
// order) all come from it, so what is offered is what is accepted.
type choices struct {
	schedule
	l   *ordering.Location
	z   *time.Location
	now time.Time
	// slots are the orderable times, none before notBefore.
	slots []time.Time
	// notBefore is now plus the longest notice a product needs; leads names those
	// products. Both empty when nothing needs notice.
	notBefore time.Time
	leads     []leadItem
	// earliest is the first time the order can be wanted for: the schedule's earliest,
	// or the first slot after the notice.
	earliest time.Time
}

func (c *Catalog) choices(l *ordering.Location, now time.Time, products []ordering.CartProduct) choices {
	s := c.schedule(l, now)
	ch := choices{schedule: s, l: l, z: c.zones[l.ID], now: now, earliest: s.earliest}
	var lead time.Duration
	seen := map[string]bool{}
	for _, line := range products {
		if d := c.leadTime(line); d > 0 {
			lead = max(lead, d)
			if !seen[line.ProductID] {
				seen[line.ProductID] = true
				ch.leads = append(ch.leads, leadItem{line.Name, d})
			}
		}
	}
	all := c.slots(l, s, now)
	if lead == 0 {
		ch.slots = all
		return ch
	}
	ch.notBefore = now.Add(lead)
	for _, t := range all {
		if !t.Before(ch.notBefore) {
			ch.slots = append(ch.slots, t)
		}
	}
	ch.earliest = time.Time{}
	if len(ch.slots) > 0 {
		ch.earliest = ch.slots[0]
	}
	return ch
}

// label writes t at the location as a guest reads it: "11:30 AM" on the location's
// today, "Mon 11:30 AM" on another day.
func (ch *choices) label(t time.Time) string { return timeLabel(ch.z, t, ch.now) }

func timeLabel(z *time.Location, t, now time.Time) string {
	lt, ln := t.In(z), now.In(z)
	if sameDate(lt, ln) {
		return lt.Format("3:04 PM")
	}
	return lt.Format("Mon 3:04 PM")
}

func sameDate(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd
}

// dayLabel writes a date of the selector: "Today", else "Mon, Nov 30".
func (ch *choices) dayLabel(t time.Time) string {
	if sameDate(t.In(ch.z), ch.now.In(ch.z)) {
		return "Today"
	}
	return t.In(ch.z).Format("Mon, Jan 2")
}

// asapOffered: ASAP can be had, the store being open and nothing needing notice.
func (ch *choices) asapOffered() bool { return ch.asap && len(ch.leads) == 0 }

// today says whether t is on the location's today.
func (ch *choices) today(t time.Time) bool { return sameDate(t.In(ch.z), ch.now.In(ch.z)) }

// leadError refuses a time too soon for the notice the cart's products need, naming
// them and the earliest time they allow ("Tender Tray (small) needs 24 hours' notice:
// the earliest time is Thu 12:00 PM."); nil when the products need none.
func (ch *choices) leadError() error {
	if len(ch.leads) == 0 {
		return nil
	}
	names := make([]string, len(ch.leads))
	var lead time.Duration
	for i, x := range ch.leads {
		names[i] = x.name
		lead = max(lead, x.lead)
	}
	verb := "needs"
	if len(names) > 1 {
		verb = "need"
	}
	who := joinNames(names)
	hours := int(lead / time.Hour)
	if ch.earliest.IsZero() {
		return fault.New(fault.Rule, "lead_time", "%s %s %d hours' notice, more than %s takes orders ahead for.", who, verb, hours, ch.l.Name).Field("time", "Too soon")
	}
	return fault.New(fault.Rule, "lead_time", "%s %s %d hours' notice: the earliest time is %s.", who, verb, hours, ch.label(ch.earliest)).Field("time", "Too soon")
}

// joinNames writes "A", "A and B", "A, B and C".
func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// checkTime validates a wanted time at now for a cart's products and returns when the
// order will be ready. It accepts exactly what choices offers.
func (c *Catalog) checkTime(l *ordering.Location, t ordering.TimeWanted, now time.Time, products []ordering.CartProduct) (time.Time, error) {
	ch := c.choices(l, now, products)
	switch t.Mode {
	case ordering.TimeASAP:
		if err := ch.leadError(); err != nil {
			return time.Time{}, err
		}
		if !ch.asap {
			return time.Time{}, fault.New(fault.Rule, "asap_unavailable", "%s is closed right now. Choose a later time.", l.Name).Field("time", "ASAP isn't available")
		}
		return ch.nextReady, nil
	case ordering.TimeLater, ordering.TimeAdvance:
		if t.At == nil {
			return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose a date and time.").Field("at", "Select Time")
		}
		at := t.At.UTC()
		if t.Mode == ordering.TimeLater && !ch.today(at) {
			return time.Time{}, fault.New(fault.Invalid, "time_not_today", "“Later” is for later today. Use advance ordering for another day.").Field("at", "Choose a time today")
		}
		if !ch.notBefore.IsZero() && at.Before(ch.notBefore) {
			return time.Time{}, ch.leadError()
		}
		for _, slot := range ch.slots {
			if slot.Equal(at) {
				return at, nil
			}
		}
		if at.Before(ch.earliest) {
			return time.Time{}, fault.New(fault.Rule, "time_too_early", "The earliest time we can have your order ready is %s.", ch.label(ch.earliest)).Field("at", "Too early")
		}
		return time.Time{}, fault.New(fault.Rule, "time_unavailable", "%s can't take orders for %s. Choose another time.", l.Name, ch.label(at)).Field("at", "Not available")
	}
	return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose ASAP, later or a date and time.").Field("mode", "must be asap, later or advance")
}

// partDay says whether a part-day product (its daily window a) can be had at t at
// location l: t is in the window and the location is open. When not, it gives the next
// time both hold, within the days the location takes orders for; zero when there is
// none (a breakfast window at a location that opens after it). The menu's "earliest
// available" badge and the cart's check both come from here (docs/menu.md, "Part-day
// products").
func (c *Catalog) partDay(l *ordering.Location, a *ordering.Availability, t time.Time) (bool, time.Time) {
	if l == nil {
		return availableAt(a, time.UTC, t)
	}
	start, _ := c.partDayWindow(l, a, t)
	if start.IsZero() {
		return false, time.Time{}
	}
	if !start.After(t) {
		return true, time.Time{}
	}
	return false, start
}

// partDayWindow is the stretch of the daily window a that the location l serves now or
// next (the window cut by its opening hours: a store opening at 6:30 serves breakfast
// from 6:30), within the days it takes orders for; zero times when there is none.
func (c *Catalog) partDayWindow(l *ordering.Location, a *ordering.Availability, t time.Time) (time.Time, time.Time) {
	z := c.zones[l.ID]
	from, _ := clock(a.From)
	until, _ := clock(a.Until)
	local := t.In(z)
	var first, last time.Time
	for _, iv := range c.intervals(l, t, l.AdvanceDays+1) {
		// The window on each local date the opening interval touches.
		s := iv.start.In(z)
		for day := time.Date(s.Year(), s.Month(), s.Day(), 0, 0, 0, 0, z); day.Before(iv.end); day = day.AddDate(0, 0, 1) {
			ws := time.Date(day.Year(), day.Month(), day.Day(), 0, from, 0, 0, z)
			we := time.Date(day.Year(), day.Month(), day.Day(), 0, until, 0, 0, z)
			start, end := maxTime(ws, iv.start), iv.end
			if we.Before(end) {
				end = we
			}
			if !start.Before(end) || !end.After(local) {
				continue
			}
			if first.IsZero() || start.Before(first) {
				first, last = start, end
			}
		}
	}
	return first, last
}

// servedLabel says when a category with the daily window a is served at l, for the
// menu: "Breakfast · served 6:00–10:30 AM" (the stretch partDayWindow gives, in the
// location's time zone), "Breakfast · not served at this location" when the window
// never meets its hours.
func (c *Catalog) servedLabel(l *ordering.Location, name string, a *ordering.Availability, t time.Time) string {
	var start, end time.Time
	if l == nil {
		from, _ := clock(a.From)
		until, _ := clock(a.Until)
		start = time.Date(2000, 1, 1, 0, from, 0, 0, time.UTC)
		end = time.Date(2000, 1, 1, 0, until, 0, 0, time.UTC)
	} else {
		start, end = c.partDayWindow(l, a, t)
		if start.IsZero() {
			return name + " · not served at this location"
		}
		start, end = start.In(c.zones[l.ID]), end.In(c.zones[l.ID])
	}
	return name + " · served " + clockRange(start, end)
}

// clockRange writes a stretch of one day as "6:00–10:30 AM", or "10:00 AM–2:00 PM" when
// it spans noon.
func clockRange(start, end time.Time) string {
	if start.Format("PM") == end.Format("PM") {
		return start.Format("3:04") + "–" + end.Format("3:04 PM")
	}
	return start.Format("3:04 PM") + "–" + end.Format("3:04 PM")
}
