package server

import (
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/henhouse/platform/edge/internal/providers/loyalty/punchh"
	"github.com/henhouse/platform/edge/internal/store"
)

// Loyalty providers (LOYALTY_PROVIDER).
const (
	LoyaltyBuiltin = "builtin"
	LoyaltyPunchh  = "punchh"
)

// PunchhConfig configures the PAR Punchh loyalty adapter (docs/providers.md, "PAR
// Punchh"); read only when LOYALTY_PROVIDER is punchh.
type PunchhConfig struct {
	// ServerURL (PUNCHH_SERVER_URL) is the brand's Punchh server,
	// https://SERVER_NAME.punchh.com; PUNCHH_SERVER_NAME gives the name alone.
	// Required when LOYALTY_PROVIDER=punchh (one of the two).
	ServerURL string
	// ClientID (PUNCHH_CLIENT_ID) is the business's OAuth client id. Required when
	// LOYALTY_PROVIDER=punchh.
	ClientID string
	// ClientSecret (PUNCHH_CLIENT_SECRET) signs every request and the single sign-on
	// code exchange. Required when LOYALTY_PROVIDER=punchh.
	ClientSecret string
	// SiteURL (PUNCHH_SITE_URL) is the site's public origin, which makes the single
	// sign-on return address (/app/code) absolute for Punchh. Optional. Default: ""
	// (the address is sent as the browser gave it).
	SiteURL string
	// Timeout (PUNCHH_TIMEOUT, seconds) bounds each call to Punchh. Optional.
	// Default: 10.
	Timeout time.Duration
}

var punchhVars = []string{"PUNCHH_SERVER_URL", "PUNCHH_SERVER_NAME", "PUNCHH_CLIENT_ID", "PUNCHH_CLIENT_SECRET", "PUNCHH_SITE_URL", "PUNCHH_TIMEOUT"}

// serverName is a Punchh server name: letters, digits and hyphens.
func serverName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// readLoyalty reads the loyalty provider. A PUNCHH_* setting without
// LOYALTY_PROVIDER=punchh, or punchh without its required settings, stops the edge
// at start rather than run another programme than the one meant.
func (c *Config) readLoyalty() error {
	c.LoyaltyProvider = strings.ToLower(strings.TrimSpace(env("LOYALTY_PROVIDER", LoyaltyBuiltin)))
	switch c.LoyaltyProvider {
	case LoyaltyBuiltin:
		for _, k := range punchhVars {
			if os.Getenv(k) != "" {
				return fmt.Errorf("%s is set but LOYALTY_PROVIDER is builtin; set LOYALTY_PROVIDER=punchh to use PAR Punchh, or unset %s", k, k)
			}
		}
		return nil
	case LoyaltyPunchh:
	default:
		return fmt.Errorf("LOYALTY_PROVIDER must be builtin or punchh, got %q", os.Getenv("LOYALTY_PROVIDER"))
	}
	pc := &c.Punchh
	pc.ServerURL = strings.TrimRight(strings.TrimSpace(os.Getenv("PUNCHH_SERVER_URL")), "/")
	name := strings.TrimSpace(os.Getenv("PUNCHH_SERVER_NAME"))
	switch {
	case pc.ServerURL != "" && name != "":
		return fmt.Errorf("set PUNCHH_SERVER_URL or PUNCHH_SERVER_NAME, not both")
	case name != "":
		if !serverName(name) {
			return fmt.Errorf("PUNCHH_SERVER_NAME must be the brand's Punchh server name (letters, digits and hyphens, as in NAME.punchh.com), got %q", name)
		}
		pc.ServerURL = "https://" + strings.ToLower(name) + ".punchh.com"
	case pc.ServerURL == "":
		return fmt.Errorf("LOYALTY_PROVIDER is punchh but PUNCHH_SERVER_URL (the brand's Punchh server, https://NAME.punchh.com) is not set")
	}
	u, err := url.Parse(pc.ServerURL)
	if err != nil || u.Host == "" || u.User != nil || u.RawQuery != "" || (u.Scheme != "https" && (u.Scheme != "http" || c.Environment == "prod")) {
		return fmt.Errorf("PUNCHH_SERVER_URL must be an https origin such as https://brand.punchh.com (http only outside prod), got %q", pc.ServerURL)
	}
	pc.ClientID = strings.TrimSpace(os.Getenv("PUNCHH_CLIENT_ID"))
	if pc.ClientID == "" {
		return fmt.Errorf("LOYALTY_PROVIDER is punchh but PUNCHH_CLIENT_ID (the business's OAuth client id) is not set")
	}
	pc.ClientSecret = os.Getenv("PUNCHH_CLIENT_SECRET")
	if pc.ClientSecret == "" {
		return fmt.Errorf("LOYALTY_PROVIDER is punchh but PUNCHH_CLIENT_SECRET (the secret Punchh's request signatures are made with) is not set")
	}
	if pc.SiteURL = strings.TrimRight(strings.TrimSpace(os.Getenv("PUNCHH_SITE_URL")), "/"); pc.SiteURL != "" {
		if s, err := url.Parse(pc.SiteURL); err != nil || s.Host == "" || (s.Scheme != "https" && s.Scheme != "http") {
			return fmt.Errorf("PUNCHH_SITE_URL must be the site's origin such as https://order.example.com, got %q", pc.SiteURL)
		}
	}
	n, err := strconv.Atoi(env("PUNCHH_TIMEOUT", "10"))
	if err != nil || n < 1 || n > 60 {
		return fmt.Errorf("PUNCHH_TIMEOUT must be a whole number of seconds from 1 to 60, got %q", os.Getenv("PUNCHH_TIMEOUT"))
	}
	pc.Timeout = time.Duration(n) * time.Second
	return nil
}

// openPunchh builds the Punchh adapter. The members' Punchh access tokens, sign-in
// steps and held orders are kept in the edge's Redis, so that every edge serves
// every member and a restart signs no one out.
func openPunchh(cfg PunchhConfig, st *store.Store, log *slog.Logger) (*punchh.Provider, error) {
	return punchh.New(punchh.Config{
		ServerURL: cfg.ServerURL, ClientID: cfg.ClientID, ClientSecret: cfg.ClientSecret, SiteURL: cfg.SiteURL,
		Timeout: cfg.Timeout, State: st.Codes("punchh"), Log: log,
	})
}
