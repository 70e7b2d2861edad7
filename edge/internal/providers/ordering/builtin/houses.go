package builtin

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/redis/go-redis/v9"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/providers/ordering"
)

// errHouseNotAllowed refuses a house payment by anyone but a member with a confirmed
// email address of the account's domain.
func errHouseNotAllowed(name string) *fault.Error {
	return fault.New(fault.Forbidden, "house_account_not_allowed", "Only members with a confirmed email address at the company can charge %s. Sign in, confirm your email address, or choose another way to pay.", name)
}

// allows reports whether an email address's domain may charge the account.
func (h houseAccount) allows(email string) bool {
	at := strings.LastIndex(email, "@")
	if at < 0 {
		return false
	}
	return slices.Contains(h.AllowedEmailDomains, strings.ToLower(email[at+1:]))
}

// HouseAccounts lists the house accounts email may charge, by name, with the credit
// left on each (never below zero).
func (p *Provider) HouseAccounts(ctx context.Context, email string) ([]ordering.HouseAccount, error) {
	var hs []houseAccount
	for _, h := range p.cat.houses {
		if h.allows(email) {
			hs = append(hs, h)
		}
	}
	slices.SortFunc(hs, func(a, b houseAccount) int { return strings.Compare(a.Name, b.Name) })
	out := make([]ordering.HouseAccount, 0, len(hs))
	for _, h := range hs {
		spent, err := p.st.Client.Get(ctx, p.houseSpendKey(h.ID)).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return nil, err
		}
		n, _ := strconv.ParseInt(spent, 10, 64)
		out = append(out, ordering.HouseAccount{ID: h.ID, Name: h.Name, RequiresPO: h.RequiresPO, AvailableCents: max(h.CreditLimitCents-n, 0)})
	}
	return out, nil
}
