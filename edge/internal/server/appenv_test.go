package server

import (
	"strings"
	"testing"
)

// Only the names of the non-production environments are such; every other APP_ENV is
// production, however it is spelt, so no new name turns the developer endpoints on.
func TestAppEnvOutsideTheAllowListIsProduction(t *testing.T) {
	cases := []struct {
		name string
		prod bool
	}{
		{"dev", false}, {"Dev", false}, {" development ", false}, {"DEVELOPMENT", false},
		{"local", false}, {"test", false}, {"testing", false}, {"staging", false}, {"Stage", false},
		{"prod", true}, {"PROD", true}, {"Production", true}, {"prod-eu", true}, {"live", true},
		{"eu-prod", true}, {"live-eu", true}, {"prd-eu", true}, {"us-production", true},
		{"", true}, {" ", true}, {"qa", true}, {"dev-eu", true}, {"staging-2", true}, {"preprod", true},
		{"dev\x00", true}, {"ｄｅｖ", true},
	}
	for _, c := range cases {
		if got := productionLike(c.name); got != c.prod {
			t.Errorf("productionLike(%q) = %v, want %v", c.name, got, c.prod)
		}
		if strings.ContainsRune(c.name, 0) {
			continue // no environment variable can hold it
		}
		t.Setenv("APP_ENV", c.name)
		t.Setenv("DEV_ENDPOINTS", "true")
		cfg, err := ConfigFromEnv()
		switch {
		case c.prod && (err == nil || !strings.Contains(err.Error(), "DEV_ENDPOINTS")):
			t.Errorf("APP_ENV=%q took the developer endpoints: %v", c.name, err)
		case !c.prod && (err != nil || !cfg.DevEndpoints || cfg.Environment == "prod"):
			t.Errorf("APP_ENV=%q: %+v %v", c.name, cfg, err)
		}
		if c.prod {
			t.Setenv("DEV_ENDPOINTS", "")
			if cfg, err := ConfigFromEnv(); err != nil || cfg.Environment != "prod" || cfg.TestCheckout {
				t.Errorf("APP_ENV=%q is not prod: %q %v", c.name, cfg.Environment, err)
			}
		}
	}
}
