package punchh

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

// Challenges lists Punchh's challenges (GET /api2/mobile/challenges) with the
// member's progress from the balance's punch cards.
func (p *Provider) Challenges(ctx context.Context, memberID string) ([]loyalty.ChallengeProgress, error) {
	s, err := p.session(ctx, memberID)
	if err != nil {
		return nil, err
	}
	var ans struct {
		Challenges []struct {
			ID          json.Number `json:"id"`
			Name        string      `json:"name"`
			Description string      `json:"description"`
			EndDate     *string     `json:"end_date"`
			Occurrence  string      `json:"occurrence"`
			Tasks       []struct {
				Steps int64 `json:"number_of_steps"`
			} `json:"tasks"`
		} `json:"challenges"`
	}
	if err := p.do(ctx, call{method: http.MethodGet, path: "/api2/mobile/challenges", body: p.clientBody(), token: s.Token, device: s.Device}, &ans); err != nil {
		return nil, err
	}
	b, err := p.balance(ctx, s)
	if err != nil {
		return nil, err
	}
	type progress struct{ done, goal, past int64 }
	prog := map[string]progress{}
	for _, pc := range b.PunchCards {
		var pr progress
		for _, st := range pc.Progress {
			pr.done += st.Completed
			pr.goal += st.Total
		}
		pr.past = pc.PastCompletions
		prog[pc.ChallengeID.String()] = pr
	}
	out := make([]loyalty.ChallengeProgress, 0, len(ans.Challenges))
	for _, c := range ans.Challenges {
		cp := loyalty.ChallengeProgress{ID: c.ID.String(), Title: c.Name, Description: c.Description, Period: "once"}
		if c.Occurrence != "single" && c.Occurrence != "" {
			cp.Period = "month"
		}
		for _, t := range c.Tasks {
			cp.Goal += t.Steps
		}
		if pr, ok := prog[cp.ID]; ok {
			cp.Progress = pr.done
			if pr.goal > 0 {
				cp.Goal = pr.goal
			}
			cp.Completed = pr.past > 0 || (cp.Goal > 0 && pr.done >= cp.Goal)
		}
		if c.EndDate != nil {
			if t := parseTime(*c.EndDate); !t.IsZero() {
				cp.EndsAt = &t
			}
		}
		out = append(out, cp)
	}
	return out, nil
}

// The roles the adapter fills; the edge hides the others (Addresses, Wallet,
// Favorites, Badges): Punchh keeps no delivery addresses, its payment cards belong
// to its own payment processing, its favourite locations are Punchh's location ids,
// and its badges are only updated, never listed, by the Mobile API.
var (
	_ loyalty.Accounts      = (*Provider)(nil)
	_ loyalty.SignIn        = (*Provider)(nil)
	_ loyalty.Members       = (*Provider)(nil)
	_ loyalty.Points        = (*Provider)(nil)
	_ loyalty.Rewards       = (*Provider)(nil)
	_ loyalty.Offers        = (*Provider)(nil)
	_ loyalty.Challenges    = (*Provider)(nil)
	_ loyalty.Subscriptions = (*Provider)(nil)
)
