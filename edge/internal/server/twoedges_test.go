package server

import (
	"io"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/alicebob/miniredis/v2"
	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/modules"
)

// Two edges on one Redis and one modules directory: a version published and made the
// canary through one edge's ops API is served by the other, and a rollback on the
// first reaches the second's pages within a second (docs/operations.md, "Ops canaries,
// promotes and rolls back").
func TestEveryEdgeAgreesWithinASecond(t *testing.T) {
	addrs := map[string]func(t *testing.T) string{
		"embedded": func(t *testing.T) string { return "redis://" + miniredis.RunT(t).Addr() },
		"redis":    func(t *testing.T) string { return "redis://" + startRedis(t, false).addr() },
	}
	for name, addr := range addrs {
		t.Run(name, func(t *testing.T) {
			url := addr(t)
			a := newTestServerWith(t, func(c *Config) { withOps(c); c.RedisURL = url })
			b := newTestServerWith(t, func(c *Config) { c.RedisURL = url; c.BuildDir = a.cfg.BuildDir })

			tgz, _ := modules.TarDir(builtVersion(t, "1.1.0", "var mf_menu='1.1.0'"))
			if st, m := adminCall(t, a, "POST", "/admin/modules/mf-menu/versions/1.1.0", opsToken, "application/gzip", tgz); st != 201 {
				t.Fatalf("publish: %d %v", st, m)
			}
			if st, m := adminCall(t, a, "POST", "/admin/modules/mf-menu/canary", opsToken, "application/json", []byte(`{"version":"1.1.0","percent":100}`)); st != 200 {
				t.Fatalf("canary: %d %v", st, m)
			}
			if took, ok := untilServed(t, b, "1.1.0", time.Second); !ok {
				t.Fatalf("the other edge does not serve the canary %v after it was set", took)
			}
			if st, m := adminCall(t, a, "POST", "/admin/modules/mf-menu/rollback", opsToken, "application/json", []byte(`{"reason":"test"}`)); st != 200 {
				t.Fatalf("rollback: %d %v", st, m)
			}
			took, ok := untilServed(t, b, "1.0.0", time.Second)
			if !ok {
				t.Fatalf("the other edge still serves the canary %v after the rollback", took)
			}
			t.Logf("rollback reached the other edge's pages in %v", took)
		})
	}
}

// untilServed reads s's menu page until its bootstrap names version of mf-menu, for
// at most limit; it returns how long that took.
func untilServed(t *testing.T, s *Server, version string, limit time.Duration) (time.Duration, bool) {
	t.Helper()
	start := time.Now()
	for time.Since(start) < limit {
		req := httptest.NewRequest("GET", "/menu/m-standard", nil)
		res, err := s.App.Test(req, fiber.TestConfig{Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		if bootstrapOf(t, string(body)).Modules["mf-menu"].Version == version {
			return time.Since(start), true
		}
		time.Sleep(10 * time.Millisecond)
	}
	return time.Since(start), false
}
