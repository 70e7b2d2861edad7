package account

import (
	"strconv"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/services/points"
)

// Order history and points activity.

// GET /user/orders?limit=&cursor=: a page of the member's orders, newest first, and
// the cursor of the next page (null on the last).
func (a *api) orders(c fiber.Ctx) error {
	limit := points.OrdersPageDefault
	if s := c.Query("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			return fault.New(fault.Invalid, "invalid", "limit must be a whole number.").Field("limit", "not a whole number")
		}
		limit = n
	}
	page, err := a.cfg.History.Orders(c.Context(), memberID(c), c.Query("cursor"), limit)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(page)
}

func (a *api) activity(c fiber.Ctx) error {
	list, err := a.cfg.History.Activity(c.Context(), memberID(c), 100)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"activity": list})
}
