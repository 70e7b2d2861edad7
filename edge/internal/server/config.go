package server

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/henhouse/platform/edge/internal/botcheck"
	"github.com/henhouse/platform/edge/internal/site"
)

// Config is the edge's configuration, read from the environment (README, "Environment").
type Config struct {
	Host         string // HOST, default 127.0.0.1
	Port         int    // PORT, default 8080
	RedisURL     string // REDIS_URL, default "" (embedded Redis, nothing kept)
	BuildDir     string // BUILD_DIR, default "build": shell/ and modules/ inside
	BrandName    string // BRAND_NAME, default site.BrandName
	BrandSlug    string // BRAND_SLUG, default site.BrandSlug
	AppPrefix    string // APP_PREFIX, default = BRAND_SLUG; starts every Redis key
	Environment  string // APP_ENV, default "prod"
	CookieSecure bool   // COOKIE_SECURE, default true
	CareersURL   string // CAREERS_URL, default https://careers.henhouse.example
	BodyLimit    int    // BODY_LIMIT bytes, default 65536
	TokenIssuer  string // TOKEN_ISSUER, default https://henhouse.local/loyalty
	// Recaptcha: RECAPTCHA_PROJECT, RECAPTCHA_API_KEY, RECAPTCHA_SITE_KEY and
	// RECAPTCHA_MIN_SCORE (default 0.5). Unset: the built-in bot check.
	Recaptcha botcheck.EnterpriseConfig
	// ProxyHeader (PROXY_HEADER, e.g. X-Forwarded-For) gives the client's address when
	// a proxy on loopback or a private network forwards requests; empty: none trusted.
	ProxyHeader string
	// PasswordCost is the bcrypt cost of member passwords (0: the provider's default).
	PasswordCost int
}

// ConfigFromEnv reads Config; bad values are errors, not silent defaults.
func ConfigFromEnv() (Config, error) {
	c := Config{
		Host: env("HOST", "127.0.0.1"), RedisURL: os.Getenv("REDIS_URL"),
		BuildDir: env("BUILD_DIR", "build"), BrandName: env("BRAND_NAME", site.BrandName),
		BrandSlug: env("BRAND_SLUG", site.BrandSlug), Environment: env("APP_ENV", "prod"),
		CareersURL:  env("CAREERS_URL", "https://careers.henhouse.example"),
		TokenIssuer: env("TOKEN_ISSUER", DefaultTokenIssuer),
	}
	c.AppPrefix = env("APP_PREFIX", c.BrandSlug)
	c.ProxyHeader = os.Getenv("PROXY_HEADER")
	c.Recaptcha = botcheck.EnterpriseConfig{ProjectID: os.Getenv("RECAPTCHA_PROJECT"), APIKey: os.Getenv("RECAPTCHA_API_KEY"), SiteKey: os.Getenv("RECAPTCHA_SITE_KEY")}
	if v := os.Getenv("RECAPTCHA_MIN_SCORE"); v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil || f < 0 || f > 1 {
			return c, fmt.Errorf("RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got %q", v)
		}
		c.Recaptcha.Threshold = f
	}
	var err error
	if c.Port, err = strconv.Atoi(env("PORT", "8080")); err != nil || c.Port < 0 || c.Port > 65535 {
		return c, fmt.Errorf("PORT must be a port number, got %q", os.Getenv("PORT"))
	}
	if c.BodyLimit, err = strconv.Atoi(env("BODY_LIMIT", "65536")); err != nil || c.BodyLimit < 1024 {
		return c, fmt.Errorf("BODY_LIMIT must be a byte count of at least 1024, got %q", os.Getenv("BODY_LIMIT"))
	}
	if c.CookieSecure, err = strconv.ParseBool(env("COOKIE_SECURE", "true")); err != nil {
		return c, fmt.Errorf("COOKIE_SECURE must be true or false, got %q", os.Getenv("COOKIE_SECURE"))
	}
	if strings.ContainsAny(c.BrandSlug, "/- ") || c.BrandSlug == "" {
		return c, fmt.Errorf("BRAND_SLUG must be one word of letters and digits, got %q", c.BrandSlug)
	}
	if abs, err := filepath.Abs(c.BuildDir); err == nil {
		c.BuildDir = abs
	}
	return c, nil
}

func env(key, def string) string {
	if v, ok := os.LookupEnv(key); ok && v != "" {
		return v
	}
	return def
}
