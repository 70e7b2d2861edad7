package server

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/henhouse/platform/edge/internal/botcheck"
)

// syncBuffer is a log sink safe for the edge's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A production edge without reCAPTCHA says so loudly at start, and /readyz names the
// bot check in use, without making the edge unready.
func TestBuiltinBotCheckInProductionIsSaidAloud(t *testing.T) {
	readyz := func(s *Server) map[string]any {
		t.Helper()
		res, body := get(t, s, "/readyz")
		var m map[string]any
		if err := json.Unmarshal([]byte(body), &m); err != nil || res.StatusCode != 200 || m["status"] != "ready" {
			t.Fatalf("readyz: %d %s", res.StatusCode, body)
		}
		return m
	}
	var prodLog syncBuffer
	prod := newLoggingTestServer(t, func(c *Config) { c.Environment = "prod" }, slog.New(slog.NewTextHandler(&prodLog, nil)))
	if m := readyz(prod); m["botcheck"] != "builtin" {
		t.Errorf("readyz in production with the built-in check: %v", m)
	}
	if !strings.Contains(prodLog.String(), "level=WARN") || !strings.Contains(prodLog.String(), "the bot check is the edge's built-in one") {
		t.Errorf("no warning at start:\n%s", prodLog.String())
	}

	var devLog syncBuffer
	dev := newLoggingTestServer(t, func(c *Config) { c.Environment = "dev" }, slog.New(slog.NewTextHandler(&devLog, nil)))
	if m := readyz(dev); m["botcheck"] != "builtin" {
		t.Errorf("readyz in dev: %v", m)
	}
	if strings.Contains(devLog.String(), "bot check") {
		t.Errorf("a warning outside production:\n%s", devLog.String())
	}

	var entLog syncBuffer
	ent := newLoggingTestServer(t, func(c *Config) {
		c.Recaptcha = botcheck.EnterpriseConfig{ProjectID: "p", APIKey: "k", SiteKey: "s"}
	}, slog.New(slog.NewTextHandler(&entLog, nil)))
	if m := readyz(ent); m["botcheck"] != "recaptcha_enterprise" {
		t.Errorf("readyz with reCAPTCHA: %v", m)
	}
	if strings.Contains(entLog.String(), "bot check") {
		t.Errorf("a warning with reCAPTCHA:\n%s", entLog.String())
	}
}
