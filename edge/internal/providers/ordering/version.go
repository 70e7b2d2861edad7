package ordering

import (
	"context"
	"strconv"
	"strings"

	"github.com/henhouse/platform/edge/internal/fault"
)

// Cart versions. Every saved change to a cart raises its Version by one, so a client
// that shows version n and changes the cart "if it is still n" (If-Match) never
// overwrites a change it has not seen, made in another tab or on another device.

type ifMatchKey struct{}

// WithIfMatch is ctx carrying the cart version a change expects: the change is made
// only while the cart is still at that version, else it fails with *CartChanged.
func WithIfMatch(ctx context.Context, version int64) context.Context {
	return context.WithValue(ctx, ifMatchKey{}, version)
}

// IfMatch is the version ctx expects (WithIfMatch); ok is false when the change
// expects none, and then the last write wins.
func IfMatch(ctx context.Context) (version int64, ok bool) {
	version, ok = ctx.Value(ifMatchKey{}).(int64)
	return version, ok
}

// ParseETag reads an If-Match value: one strong entity tag holding a version
// ("12"). ok is false for an empty header and "*", which expect no version.
func ParseETag(h string) (version int64, ok bool, err error) {
	h = strings.TrimSpace(h)
	if h == "" || h == "*" {
		return 0, false, nil
	}
	if len(h) < 3 || h[0] != '"' || h[len(h)-1] != '"' {
		return 0, false, errBadIfMatch
	}
	v, err := strconv.ParseInt(h[1:len(h)-1], 10, 64)
	if err != nil || v < 0 {
		return 0, false, errBadIfMatch
	}
	return v, true, nil
}

// ETag is the strong entity tag of a cart version, as ParseETag reads it.
func ETag(version int64) string { return `"` + strconv.FormatInt(version, 10) + `"` }

var errBadIfMatch = fault.New(fault.Invalid, "invalid", "The If-Match header must be the cart's ETag, such as \"3\".").Field("If-Match", "a cart's ETag")

// CartChanged refuses a change whose expected version (IfMatch) is not the cart's
// any more; Cart is the cart as it is now, for the client to show. It unwraps to a
// fault of kind Stale (412 cart_changed).
type CartChanged struct {
	Cart Cart
}

// ErrCartChanged is the fault every *CartChanged unwraps to.
var ErrCartChanged = fault.New(fault.Stale, "cart_changed", "Your cart changed in another tab or device. Check it before you continue.")

func (e *CartChanged) Error() string { return ErrCartChanged.Error() }

// Unwrap lets fault.As find the 412 fault.
func (e *CartChanged) Unwrap() error { return ErrCartChanged }

// CartJoiner is implemented by a Carts provider that can bring a guest's cart into a
// member's when the guest signs in (builtin.Provider.JoinCart).
type CartJoiner interface {
	// JoinCart brings guest's cart into member's and deletes guest's. A member with
	// no cart, or an empty one, takes the guest's as it is; when both hold items the
	// guest's lines are added to the member's cart, priced at its location, and the
	// lines that cannot be are reported. The answer is the member's cart (NotFound
	// when neither had one).
	JoinCart(ctx context.Context, guest, member string) (Cart, []NotTransferred, error)
}
