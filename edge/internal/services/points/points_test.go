package points_test

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/loyalty"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
	"github.com/henhouse/platform/edge/internal/services/points"
)

var ctx = context.Background()

// ledger is a loyalty.Points and nothing more: it records what it was asked.
type ledger struct {
	pending  []loyalty.Order
	held     []loyalty.OrderRecord
	accrued  []string
	canceled []string
	// refuse answers these order ids' accrual or cancel with a fault.
	refuse map[string]error
}

var _ loyalty.Points = (*ledger)(nil)

func (l *ledger) HoldOrder(_ context.Context, _ string, o loyalty.OrderRecord) (loyalty.Order, error) {
	l.held = append(l.held, o)
	return loyalty.Order{OrderRecord: o, Status: loyalty.OrderPending}, nil
}

func (l *ledger) AccrueOrder(_ context.Context, _ string, o loyalty.OrderRecord) (loyalty.Accrual, error) {
	if err := l.refuse[o.OrderID]; err != nil {
		return loyalty.Accrual{}, err
	}
	l.accrued = append(l.accrued, o.OrderID)
	return loyalty.Accrual{OrderID: o.OrderID}, nil
}

func (l *ledger) CancelOrder(_ context.Context, _, orderID string) (loyalty.Order, error) {
	if err := l.refuse[orderID]; err != nil {
		return loyalty.Order{}, err
	}
	l.canceled = append(l.canceled, orderID)
	return loyalty.Order{Status: loyalty.OrderCancelled}, nil
}

func (l *ledger) PendingOrders(context.Context, string) ([]loyalty.Order, error) {
	return l.pending, nil
}

func (l *ledger) Orders(context.Context, string, *loyalty.OrderCursor, int) ([]loyalty.Order, error) {
	return l.pending, nil
}

func (l *ledger) Activity(context.Context, string, int) ([]loyalty.Activity, error) {
	return []loyalty.Activity{{Points: 10}}, nil
}

func (l *ledger) AdjustPoints(context.Context, string, int64, string) (loyalty.Member, error) {
	return loyalty.Member{}, nil
}

// kitchen is an ordering.Orders that knows each order's status.
type kitchen map[string]string

var _ ordering.Orders = kitchen(nil)

func (k kitchen) Order(_ context.Context, id string, _ ordering.Viewer) (ordering.Order, error) {
	st, ok := k[id]
	if !ok {
		return ordering.Order{}, fault.New(fault.NotFound, "order_not_found", "No such order.")
	}
	return ordering.Order{ID: id, Status: st}, nil
}
func (k kitchen) RecentOrder(context.Context, string) (ordering.Order, error) {
	return ordering.Order{}, fault.New(fault.NotFound, "order_not_found", "No such order.")
}
func (k kitchen) CancelOrder(context.Context, string, ordering.Viewer) (ordering.Order, error) {
	return ordering.Order{}, nil
}
func (k kitchen) OrderArrived(context.Context, string, ordering.Viewer) (ordering.Order, error) {
	return ordering.Order{}, nil
}

func pending(id string) loyalty.Order {
	return loyalty.Order{OrderRecord: loyalty.OrderRecord{OrderID: id}, Status: loyalty.OrderPending}
}

// Settling credits the completed orders, closes the cancelled ones, leaves the rest
// pending, and takes a conflict (another settle got there first) as done.
func TestSettleCreditsCompletedAndClosesCancelledOrders(t *testing.T) {
	l := &ledger{
		pending: []loyalty.Order{pending("done"), pending("cooking"), pending("gone"), pending("elsewhere"), pending("raced")},
		refuse:  map[string]error{"raced": fault.New(fault.Conflict, "already_credited", "Already credited.")},
	}
	s := &points.Service{Points: l, Ordering: kitchen{
		"done": ordering.OrderCompleted, "cooking": ordering.OrderPreparing, "gone": ordering.OrderCancelled, "raced": ordering.OrderCompleted,
	}}
	if err := s.Settle(ctx, "m1"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(l.accrued, []string{"done"}) || !reflect.DeepEqual(l.canceled, []string{"gone"}) {
		t.Fatalf("accrued %v cancelled %v", l.accrued, l.canceled)
	}
	// Without the ordering system's word nothing is settled.
	l2 := &ledger{pending: []loyalty.Order{pending("done")}}
	if err := (&points.Service{Points: l2}).Settle(ctx, "m1"); err != nil || len(l2.accrued) != 0 {
		t.Fatalf("settled without orders: %v %v", l2.accrued, err)
	}
	// Any other refusal is the caller's to see.
	l3 := &ledger{pending: []loyalty.Order{pending("done")}, refuse: map[string]error{"done": fault.New(fault.Unavailable, "down", "Down.")}}
	if err := (&points.Service{Points: l3, Ordering: kitchen{"done": ordering.OrderCompleted}}).Settle(ctx, "m1"); !fault.Is(err, fault.Unavailable) {
		t.Fatalf("refused accrual: %v", err)
	}
	// The history and the ledger are read after settling.
	l4 := &ledger{pending: []loyalty.Order{pending("done")}}
	s4 := &points.Service{Points: l4, Ordering: kitchen{"done": ordering.OrderCompleted}}
	if _, err := s4.Activity(ctx, "m1", 10); err != nil || len(l4.accrued) != 1 {
		t.Fatalf("activity did not settle first: %v %v", l4.accrued, err)
	}
}

func TestOrderEventsHoldAndCancel(t *testing.T) {
	l := &ledger{refuse: map[string]error{"never-held": fault.New(fault.NotFound, "order_not_found", "No such order.")}}
	s := &points.Service{Points: l}
	o := ordering.Order{ID: "o1", MemberID: "m1", Discounts: []ordering.Discount{{Kind: "reward", Code: "rd_1"}}}
	if err := s.OrderPlaced(ctx, "m1", o); err != nil {
		t.Fatal(err)
	}
	if len(l.held) != 1 || l.held[0].OrderID != "o1" || !reflect.DeepEqual(l.held[0].RedemptionIDs, []string{"rd_1"}) {
		t.Fatalf("held %+v", l.held)
	}
	// Only a cancelled order of a member is closed; one never held has nothing to give back.
	for _, o := range []ordering.Order{
		{ID: "o1", MemberID: "m1", Status: ordering.OrderPlaced},
		{ID: "o2", Status: ordering.OrderCancelled},
		{ID: "never-held", MemberID: "m1", Status: ordering.OrderCancelled},
		{ID: "o1", MemberID: "m1", Status: ordering.OrderCancelled},
	} {
		if err := s.OrderCancelled(ctx, o); err != nil {
			t.Fatalf("%s: %v", o.ID, err)
		}
	}
	if !reflect.DeepEqual(l.canceled, []string{"o1"}) {
		t.Fatalf("cancelled %v", l.canceled)
	}
}

func TestOrderRecordCarriesTotalsItemsAndRedemptions(t *testing.T) {
	placed := time.Date(2026, 11, 25, 17, 0, 0, 0, time.UTC)
	o := ordering.Order{
		ID: "o1", LocationID: "l1", Location: ordering.Location{Name: "Bardstown Road"}, PlacedAt: placed,
		Products: []ordering.CartProduct{
			{ProductID: "p1", Name: "Biscuit", Quantity: 2},
			// A free item on an order is a line of its own, which the order used.
			{ProductID: "biscuit", Name: "Buttermilk Biscuit", Quantity: 1, Reward: ordering.LineReward{ID: "rd_2"}},
		},
		Discounts: []ordering.Discount{{Kind: "coupon", Code: "SAVE"}, {Kind: "reward", Code: "rd_1"}},
		Totals:    ordering.Totals{SubtotalCents: 1000, DiscountCents: 249, TotalCents: 820},
	}
	want := loyalty.OrderRecord{
		OrderID: "o1", LocationID: "l1", LocationName: "Bardstown Road", PlacedAt: placed,
		SubtotalCents: 1000, DiscountCents: 249, TotalCents: 820,
		Items:         []loyalty.OrderItem{{ProductID: "p1", Name: "Biscuit", Quantity: 2}, {ProductID: "biscuit", Name: "Buttermilk Biscuit", Quantity: 1}},
		RedemptionIDs: []string{"rd_2", "rd_1"},
	}
	if got := points.OrderRecord(o); !reflect.DeepEqual(got, want) {
		t.Fatalf("OrderRecord = %+v\nwant %+v", got, want)
	}
}
