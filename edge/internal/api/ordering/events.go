package ordering

import (
	"bufio"
	"context"
	"encoding/json"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/session"
	"github.com/henhouse/platform/edge/internal/site"
)

// eventWriteWindow is how long one event may take to reach the client. The server's
// write timeout covers a whole answer, which a stream outlives, so each write gets
// its own deadline.
const eventWriteWindow = 30 * time.Second

// streamsRetryAfter is the Retry-After of a stream refused for the caps. The page
// asks for the order every few seconds meanwhile, so nothing is missed.
const streamsRetryAfter = 30

// GET /orders/:id/events: the order as Server-Sent Events. An "order" event carries
// {"order": …} at once and again whenever the status or arrived_at changes; a comment
// line keeps a quiet stream open. The stream ends once the order is completed or
// cancelled, after EventsMaxAge (the browser's EventSource reconnects), or when the
// client has gone (a write fails).
//
// Streams are capped per visitor, per client address and per edge (Config.Events*),
// and every stream of one order on this edge follows one watcher that reads the order
// only when it changes (watchers), however many guests and tabs follow it.
func (a *api) orderEvents(c fiber.Ctx) error {
	if httpx.IsInner(c) {
		return httpx.ErrStreamInside // it could never end, so the call around it could never answer
	}
	// Copies: the stream outlives the request, whose strings Fiber may reuse.
	id, v := strings.Clone(c.Params("id")), a.viewer(c)
	v.Owner, v.MemberID = strings.Clone(v.Owner), strings.Clone(v.MemberID)
	first, err := a.cfg.Orders.Order(c.Context(), id, v)
	if err != nil {
		return err // a plain JSON error: nothing has been streamed yet
	}
	release, err := a.streams.acquire(strings.Clone(session.VisitorID(c)), strings.Clone(clientip.IP(c)))
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderContentType, "text/event-stream")
	c.Set(fiber.HeaderCacheControl, site.NoStore)
	c.Set("X-Accel-Buffering", "no") // nginx would hold events back in its buffer
	// Not compressed: a compressor kept per open stream costs far more memory than
	// events of a few hundred bytes save.
	c.Request().Header.Del(fiber.HeaderAcceptEncoding)
	deadline := httpx.WriteDeadline(c)
	cfg, watch := a.cfg, a.watch
	return c.SendStreamWriter(func(w *bufio.Writer) {
		defer release()
		defer httpx.Recover(cfg.Log, "an order's event stream")
		write := func(s string) bool {
			deadline(time.Now().Add(eventWriteWindow))
			if _, err := w.WriteString(s); err != nil {
				return false
			}
			return w.Flush() == nil
		}
		send := func(o ordering.Order) bool {
			b, err := json.Marshal(fiber.Map{"order": o})
			return err == nil && write("event: order\ndata: "+string(b)+"\n\n")
		}
		last, wrote := first, time.Now()
		if !send(last) || closedOrder(last) {
			return
		}
		updates, unsubscribe := watch.subscribe(id, v)
		defer unsubscribe()
		end := time.NewTimer(cfg.EventsMaxAge)
		defer end.Stop()
		keep := time.NewTicker(cfg.EventsKeepAlive)
		defer keep.Stop()
		for {
			select {
			case <-end.C:
				return
			case o, ok := <-updates:
				if !ok {
					return // the watcher could not read the order: the browser reconnects and is answered afresh
				}
				if o.Status == last.Status && sameTime(o.ArrivedAt, last.ArrivedAt) || older(o, last) {
					continue
				}
				if !send(o) || closedOrder(o) {
					return
				}
				last, wrote = o, time.Now()
			case <-keep.C:
				if time.Since(wrote) < cfg.EventsKeepAlive {
					continue
				}
				if !write(": keep-alive\n\n") {
					return
				}
				wrote = time.Now()
			}
		}
	})
}

// statusRank orders the statuses as an order goes through them.
var statusRank = map[string]int{ordering.OrderPlaced: 1, ordering.OrderPreparing: 2, ordering.OrderReady: 3,
	ordering.OrderCompleted: 4, ordering.OrderCancelled: 4}

// older reports whether o is a read from before last: the watcher's latest read,
// handed to a stream that has just read the order itself, may be. Sending it would
// show the guest the order going back a step.
func older(o, last ordering.Order) bool {
	return statusRank[o.Status] < statusRank[last.Status] || o.ArrivedAt == nil && last.ArrivedAt != nil
}

func closedOrder(o ordering.Order) bool {
	return o.Status == ordering.OrderCompleted || o.Status == ordering.OrderCancelled
}

// streamGate counts this edge's open event streams, in all, per visitor and per client
// address. The counts are the edge's own: what they protect is this process's memory
// and connections.
type streamGate struct {
	max, perVisitor, perAddress int

	mu        sync.Mutex
	open      int
	byVisitor map[string]int
	byAddress map[string]int
}

func newStreamGate(cfg Config) *streamGate {
	return &streamGate{max: cfg.EventsMax, perVisitor: cfg.EventsPerVisitor, perAddress: cfg.EventsPerAddress,
		byVisitor: map[string]int{}, byAddress: map[string]int{}}
}

var (
	errStreamsVisitor = &fault.Error{Kind: fault.TooMany, Code: "too_many_streams", RetryAfter: streamsRetryAfter,
		Message: "This order is already being followed in other tabs. This page will check on it every few seconds instead."}
	errStreamsEdge = &fault.Error{Kind: fault.TooMany, Code: "too_many_streams", RetryAfter: streamsRetryAfter,
		Message: "Too many orders are being followed right now. This page will check on yours every few seconds instead."}
)

// acquire takes one stream for visitor at address, or refuses it (429
// too_many_streams); release gives it back, once.
func (g *streamGate) acquire(visitor, address string) (release func(), err error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	switch {
	case g.byVisitor[visitor] >= g.perVisitor:
		return nil, errStreamsVisitor
	case g.byAddress[address] >= g.perAddress, g.open >= g.max:
		return nil, errStreamsEdge
	}
	g.open++
	g.byVisitor[visitor]++
	g.byAddress[address]++
	var once sync.Once
	return func() {
		once.Do(func() {
			g.mu.Lock()
			defer g.mu.Unlock()
			g.open--
			if g.byVisitor[visitor]--; g.byVisitor[visitor] <= 0 {
				delete(g.byVisitor, visitor)
			}
			if g.byAddress[address]--; g.byAddress[address] <= 0 {
				delete(g.byAddress, address)
			}
		})
	}, nil
}

// watchers keeps one watcher per order followed on this edge and hands each of the
// order's followers every read it makes. A thousand tabs on one order cost one read
// per change, not a thousand.
//
// With a provider that says when an order changes (ordering.OrderChanges, the
// built-in one does), a watcher reads the order once when it starts and then only
// when told: a stored change announced over Redis pub/sub (every edge's watchers hear
// it on the edge's one pub/sub connection), the feed connecting again after an outage
// (changes may have been missed meanwhile), or the time the kitchen's clock moves the
// order to its next status. Between changes a stream costs no reads and no wake-ups
// but its keep-alive. With any other provider it reads the order every interval.
type watchers struct {
	p        ordering.Orders
	changes  ordering.OrderChanges // nil: read every interval
	interval time.Duration
	log      *slog.Logger

	mu    sync.Mutex
	watch map[string]*watcher
}

type watcher struct {
	subs map[chan ordering.Order]struct{}
	// last is the latest read, handed at once to a follower who comes later: it may
	// have read the order before a change this watcher has already seen.
	last *ordering.Order
	// wake is poked when the order changed or its last follower left.
	wake chan struct{}
}

func (w *watcher) poke() {
	select {
	case w.wake <- struct{}{}:
	default: // a poke is already waiting, and one read serves both
	}
}

// readTimeout bounds one read of a followed order.
const readTimeout = 10 * time.Second

func newWatchers(p ordering.Orders, interval time.Duration, log *slog.Logger) *watchers {
	ws := &watchers{p: p, interval: interval, log: log, watch: map[string]*watcher{}}
	ws.changes, _ = p.(ordering.OrderChanges)
	return ws
}

// subscribe follows order id as v, who has been allowed to see it. The channel holds
// the latest read of the order (an older one not yet taken is replaced) and is closed
// when the order can no longer be read or is closed. unsubscribe is safe to call once
// the channel is closed.
func (ws *watchers) subscribe(id string, v ordering.Viewer) (<-chan ordering.Order, func()) {
	ch := make(chan ordering.Order, 1)
	ws.mu.Lock()
	w := ws.watch[id]
	if w == nil {
		w = &watcher{subs: map[chan ordering.Order]struct{}{}, wake: make(chan struct{}, 1)}
		ws.watch[id] = w
		go ws.run(id, v, w)
	}
	w.subs[ch] = struct{}{}
	if w.last != nil {
		ch <- *w.last
	}
	ws.mu.Unlock()
	return ch, func() {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		if _, ok := w.subs[ch]; !ok {
			return
		}
		delete(w.subs, ch)
		if len(w.subs) == 0 {
			if ws.watch[id] == w {
				delete(ws.watch, id) // a new follower from here on starts a watcher of its own
			}
			w.poke() // the watcher stops now rather than at the next change
		}
	}
}

// run reads order id as v until it has no followers, cannot be read or is closed;
// then it closes every follower's channel and forgets the order.
func (ws *watchers) run(id string, v ordering.Viewer, w *watcher) {
	defer httpx.Recover(ws.log, "the watcher of order "+strconv.Quote(id))
	stop := func() {
		ws.mu.Lock()
		defer ws.mu.Unlock()
		for ch := range w.subs {
			close(ch)
		}
		w.subs = nil
		if ws.watch[id] == w {
			delete(ws.watch, id)
		}
	}
	defer stop()
	var tick <-chan time.Time
	if ws.changes != nil {
		// Listening starts before the first read, so a change stored after that read is
		// announced to this watcher.
		defer ws.changes.FollowOrder(id, w.poke)()
	} else {
		t := time.NewTicker(ws.interval)
		defer t.Stop()
		tick = t.C
	}
	clock := time.NewTimer(time.Hour)
	clock.Stop()
	defer clock.Stop()
	for first := true; ; first = false {
		if !first || ws.changes != nil {
			// Without change news the first read is the stream's own; with it the
			// watcher reads once itself, to see a change made before it listened.
			ctx, cancel := context.WithTimeout(context.Background(), readTimeout)
			o, err := ws.p.Order(ctx, id, v)
			cancel()
			if err != nil {
				return
			}
			ws.mu.Lock()
			w.last = &o
			for ch := range w.subs {
				select { // latest wins: drop a read the follower has not taken yet
				case <-ch:
				default:
				}
				ch <- o
			}
			ws.mu.Unlock()
			if closedOrder(o) {
				return
			}
			clock.Stop()
			if ws.changes != nil {
				if d, ok := ws.changes.NextChange(o); ok {
					clock.Reset(d)
				}
			}
		}
		select {
		case <-w.wake:
		case <-clock.C:
		case <-tick:
		}
		ws.mu.Lock()
		idle := len(w.subs) == 0
		if idle && ws.watch[id] == w {
			delete(ws.watch, id)
		}
		ws.mu.Unlock()
		if idle {
			return
		}
	}
}
