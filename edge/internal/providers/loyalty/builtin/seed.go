package builtin

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // the programme's time zone must resolve on any machine
	"unicode"

	"github.com/henhouse/platform/edge/internal/providers/loyalty"
)

//go:embed data/*.json
var dataFS embed.FS

// Program holds the programme's rules and catalogue, read from data/*.json.
type Program struct {
	Name            string `json:"name"`
	PointsPerDollar int64  `json:"points_per_dollar"`
	WelcomeBonus    int64  `json:"welcome_bonus"`
	// GoldLifetimePoints: members with at least this many lifetime points are Gold.
	GoldLifetimePoints int64  `json:"gold_lifetime_points"`
	RedemptionDays     int    `json:"redemption_days"`
	TimeZone           string `json:"time_zone"`
	// Categories are the menu categories ("tried every category").
	Categories       []string `json:"categories"`
	CategoryKeywords []struct {
		Category string   `json:"category"`
		Words    []string `json:"words"`
	} `json:"category_keywords"`

	Rewards      []loyalty.Reward
	Offers       []loyalty.Offer
	MemberOffers []memberOffer
	Challenges   []challengeDef
	Badges       []badgeDef
	Plans        []loyalty.Plan

	zone *time.Location
}

type memberOffer struct {
	ID          string `json:"id"`
	Kind        string `json:"kind"` // birthday | welcome
	Name        string `json:"name"`
	Description string `json:"description"`
	AmountCents int64  `json:"amount_cents"`
	ProductID   string `json:"product_id"`
	Days        int    `json:"days"`
}

type challengeDef struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Metric      string `json:"metric"` // orders | spend | category
	Category    string `json:"category"`
	Goal        int64  `json:"goal"`
	Period      string `json:"period"` // month | once
	BonusPoints int64  `json:"bonus_points"`
}

type badgeDef struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Description string `json:"description"`
	// Rule: orders (count) | category (category, count) | all_categories |
	// challenges (count) | lifetime_points (count) | after_hour (count = hour, local)
	Rule     string `json:"rule"`
	Category string `json:"category"`
	Count    int64  `json:"count"`
}

func readJSON(name string, v any) error {
	raw, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("loyalty seed %s: %w", name, err)
	}
	return nil
}

// LoadProgram reads and checks the embedded seed data.
func LoadProgram() (*Program, error) {
	var p Program
	if err := readJSON("program.json", &p); err != nil {
		return nil, err
	}
	var rewards []struct {
		ID          string `json:"id"`
		Name        string `json:"name"`
		Description string `json:"description"`
		Points      int64  `json:"points"`
		AmountCents int64  `json:"amount_cents"`
		ProductID   string `json:"product_id"`
		Category    string `json:"category"`
	}
	if err := readJSON("rewards.json", &rewards); err != nil {
		return nil, err
	}
	for _, r := range rewards {
		p.Rewards = append(p.Rewards, loyalty.Reward{ID: r.ID, Name: r.Name, Description: r.Description, Points: r.Points, AmountCents: r.AmountCents, ProductID: r.ProductID, Category: r.Category})
	}
	var offers struct {
		Offers       []loyalty.Offer `json:"offers"`
		MemberOffers []memberOffer   `json:"member_offers"`
	}
	if err := readJSON("offers.json", &offers); err != nil {
		return nil, err
	}
	p.Offers, p.MemberOffers = offers.Offers, offers.MemberOffers
	if err := readJSON("challenges.json", &p.Challenges); err != nil {
		return nil, err
	}
	if err := readJSON("badges.json", &p.Badges); err != nil {
		return nil, err
	}
	if err := readJSON("plans.json", &p.Plans); err != nil {
		return nil, err
	}
	z, err := time.LoadLocation(p.TimeZone)
	if err != nil {
		return nil, fmt.Errorf("loyalty seed: time zone: %w", err)
	}
	p.zone = z
	return &p, p.check()
}

func (p *Program) check() error {
	if p.PointsPerDollar <= 0 || p.GoldLifetimePoints <= 0 || p.RedemptionDays <= 0 {
		return fmt.Errorf("loyalty seed: points_per_dollar, gold_lifetime_points and redemption_days must be positive")
	}
	ids := map[string]bool{}
	uniq := func(kind, id string) error {
		if id == "" || ids[kind+id] {
			return fmt.Errorf("loyalty seed: %s id %q is empty or repeated", kind, id)
		}
		ids[kind+id] = true
		return nil
	}
	for _, r := range p.Rewards {
		if err := uniq("reward", r.ID); err != nil {
			return err
		}
		if r.Points <= 0 || r.AmountCents <= 0 || r.Name == "" {
			return fmt.Errorf("loyalty seed: reward %s needs a name, points and amount_cents", r.ID)
		}
	}
	for _, o := range p.Offers {
		if err := uniq("offer", o.ID); err != nil {
			return err
		}
		if o.Weekday != "" && weekday(o.Weekday) < 0 {
			return fmt.Errorf("loyalty seed: offer %s: weekday %q", o.ID, o.Weekday)
		}
		if (o.Kind == "multiplier" && o.Multiplier < 1) || (o.Kind == "bonus" && o.BonusPoints <= 0) || (o.Kind != "multiplier" && o.Kind != "bonus") {
			return fmt.Errorf("loyalty seed: offer %s: kind %q", o.ID, o.Kind)
		}
	}
	for _, o := range p.MemberOffers {
		if err := uniq("member offer", o.ID); err != nil {
			return err
		}
		if (o.Kind != "birthday" && o.Kind != "welcome") || o.AmountCents <= 0 {
			return fmt.Errorf("loyalty seed: member offer %s", o.ID)
		}
	}
	for _, c := range p.Challenges {
		if err := uniq("challenge", c.ID); err != nil {
			return err
		}
		okMetric := c.Metric == "orders" || c.Metric == "spend" || (c.Metric == "category" && slices.Contains(p.Categories, c.Category))
		if !okMetric || c.Goal <= 0 || (c.Period != "month" && c.Period != "once") {
			return fmt.Errorf("loyalty seed: challenge %s", c.ID)
		}
	}
	for _, b := range p.Badges {
		if err := uniq("badge", b.ID); err != nil {
			return err
		}
		switch b.Rule {
		case "orders", "challenges", "lifetime_points", "after_hour":
		case "category":
			if !slices.Contains(p.Categories, b.Category) {
				return fmt.Errorf("loyalty seed: badge %s: category %q", b.ID, b.Category)
			}
		case "all_categories":
		default:
			return fmt.Errorf("loyalty seed: badge %s: rule %q", b.ID, b.Rule)
		}
	}
	for _, pl := range p.Plans {
		if err := uniq("plan", pl.ID); err != nil {
			return err
		}
		if pl.PriceCents <= 0 || pl.Interval != "month" || (pl.PerkPeriod != "day" && pl.PerkPeriod != "week") || pl.PerkAmountCents <= 0 {
			return fmt.Errorf("loyalty seed: plan %s", pl.ID)
		}
	}
	return nil
}

func (p *Program) reward(id string) (loyalty.Reward, bool) {
	for _, r := range p.Rewards {
		if r.ID == id {
			return r, true
		}
	}
	return loyalty.Reward{}, false
}

func (p *Program) plan(id string) (loyalty.Plan, bool) {
	for _, pl := range p.Plans {
		if pl.ID == id {
			return pl, true
		}
	}
	return loyalty.Plan{}, false
}

// categoryOf is the item's category, or a guess from its name.
func (p *Program) categoryOf(it loyalty.OrderItem) string {
	if it.Category != "" {
		return it.Category
	}
	// Whole words only ("pie" is not in "piece"), with an optional plural s.
	name := " " + strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if strings.ContainsRune(",.()!/:;", r) {
			return ' '
		}
		return unicode.ToLower(r)
	}, it.Name)), " ") + " "
	for _, k := range p.CategoryKeywords {
		for _, w := range k.Words {
			if strings.Contains(name, " "+w+" ") || strings.Contains(name, " "+w+"s ") {
				return k.Category
			}
		}
	}
	return ""
}

// tier of a lifetime points total, the next tier and how far it is.
func (p *Program) tier(lifetime int64) (tier, next string, toNext int64) {
	if lifetime >= p.GoldLifetimePoints {
		return loyalty.TierGold, "", 0
	}
	return loyalty.TierMember, loyalty.TierGold, p.GoldLifetimePoints - lifetime
}

var weekdays = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

func weekday(s string) int { return slices.Index(weekdays, s) }
