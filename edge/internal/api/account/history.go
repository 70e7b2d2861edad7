package account

import "github.com/gofiber/fiber/v3"

// Order history and points activity.

func (a *api) orders(c fiber.Ctx) error {
	list, err := a.cfg.History.Orders(c.Context(), memberID(c), 50)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"orders": list})
}

func (a *api) activity(c fiber.Ctx) error {
	list, err := a.cfg.History.Activity(c.Context(), memberID(c), 100)
	if err != nil {
		return err
	}
	noStore(c)
	return c.JSON(fiber.Map{"activity": list})
}
