package builtin

import (
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

// checkTime validates a wanted time at now and returns when the order will be ready.
func (c *Catalog) checkTime(l *ordering.Location, t ordering.TimeWanted, now time.Time) (time.Time, error) {
	s := c.schedule(l, now)
	switch t.Mode {
	case ordering.TimeASAP, "":
		if !s.asap {
			return time.Time{}, fault.New(fault.Rule, "asap_unavailable", "%s is closed right now. Choose a later time.", l.Name).Field("time", "ASAP isn't available")
		}
		return s.nextReady, nil
	case ordering.TimeLater, ordering.TimeAdvance:
		if t.At == nil {
			return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose a date and time.").Field("at", "Select Time")
		}
		at := t.At.UTC()
		z := c.zones[l.ID]
		if t.Mode == ordering.TimeLater {
			ny, nm, nd := now.In(z).Date()
			ay, am, ad := at.In(z).Date()
			if ny != ay || nm != am || nd != ad {
				return time.Time{}, fault.New(fault.Invalid, "time_not_today", "“Later” is for later today. Use advance ordering for another day.").Field("at", "Choose a time today")
			}
		}
		for _, slot := range c.slots(l, s, now) {
			if slot.Equal(at) {
				return at, nil
			}
		}
		if at.Before(s.earliest) {
			return time.Time{}, fault.New(fault.Rule, "time_too_early", "The earliest time we can have your order ready is %s.", s.earliest.In(z).Format("3:04 PM")).Field("at", "Too early")
		}
		return time.Time{}, fault.New(fault.Rule, "time_unavailable", "%s can't take orders for %s. Choose another time.", l.Name, at.In(z).Format("Mon Jan 2, 3:04 PM")).Field("at", "Not available")
	}
	return time.Time{}, fault.New(fault.Invalid, "invalid", "Choose ASAP, later or a date and time.").Field("mode", "must be asap, later or advance")
}
