package botcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// GoogleScriptURL is the client script for the Enterprise verifier.
const GoogleScriptURL = "https://www.google.com/recaptcha/enterprise.js"

// EnterpriseConfig configures the reCAPTCHA Enterprise adapter.
type EnterpriseConfig struct {
	// ProjectID is the Google Cloud project. Required.
	ProjectID string
	// APIKey authenticates the createAssessment call. Required.
	APIKey string
	// SiteKey is the score-based key the page uses. Required.
	SiteKey string
	// Threshold is the lowest score accepted. Default 0.5.
	Threshold float64
	// BaseURL of the API. Default "https://recaptchaenterprise.googleapis.com".
	BaseURL string
	// Timeout for one assessment. Default 5 seconds.
	Timeout time.Duration
	// Client makes the calls. Default: a client with Timeout.
	Client *http.Client
}

// Configured reports whether an Enterprise project is set up.
func (c EnterpriseConfig) Configured() bool {
	return c.ProjectID != "" && c.APIKey != "" && c.SiteKey != ""
}

// Enterprise verifies tokens with reCAPTCHA Enterprise.
type Enterprise struct {
	cfg      EnterpriseConfig
	endpoint string
}

// NewEnterprise returns the adapter.
func NewEnterprise(cfg EnterpriseConfig) (*Enterprise, error) {
	if !cfg.Configured() {
		return nil, errors.New("botcheck: Enterprise needs ProjectID, APIKey and SiteKey")
	}
	if cfg.Threshold <= 0 {
		cfg.Threshold = 0.5
	}
	if cfg.BaseURL == "" {
		cfg.BaseURL = "https://recaptchaenterprise.googleapis.com"
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 5 * time.Second
	}
	if cfg.Client == nil {
		cfg.Client = &http.Client{Timeout: cfg.Timeout}
	}
	endpoint := strings.TrimRight(cfg.BaseURL, "/") + "/v1/projects/" + url.PathEscape(cfg.ProjectID) +
		"/assessments?key=" + url.QueryEscape(cfg.APIKey)
	return &Enterprise{cfg: cfg, endpoint: endpoint}, nil
}

// SiteKey is the key the page passes to execute.
func (e *Enterprise) SiteKey() string { return e.cfg.SiteKey }

type assessmentRequest struct {
	Event struct {
		Token          string `json:"token"`
		SiteKey        string `json:"siteKey"`
		ExpectedAction string `json:"expectedAction"`
		UserIPAddress  string `json:"userIpAddress,omitempty"`
	} `json:"event"`
}

type assessment struct {
	TokenProperties struct {
		Valid         bool   `json:"valid"`
		InvalidReason string `json:"invalidReason"`
		Action        string `json:"action"`
		Hostname      string `json:"hostname"`
	} `json:"tokenProperties"`
	RiskAnalysis struct {
		Score   float64  `json:"score"`
		Reasons []string `json:"reasons"`
	} `json:"riskAnalysis"`
}

// Verify creates an assessment and accepts the token only when it is valid, was made
// for action, and scores at least the threshold.
func (e *Enterprise) Verify(ctx context.Context, token, action, remoteIP string) (Result, error) {
	if token == "" {
		return Result{Reason: "missing"}, nil
	}
	var body assessmentRequest
	body.Event.Token, body.Event.SiteKey, body.Event.ExpectedAction, body.Event.UserIPAddress = token, e.cfg.SiteKey, action, remoteIP
	b, err := json.Marshal(body)
	if err != nil {
		return Result{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, e.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.endpoint, bytes.NewReader(b))
	if err != nil {
		return Result{}, fmt.Errorf("botcheck: %w", err)
	}
	req.Header.Set("Content-Type", "application/json; charset=utf-8")
	resp, err := e.cfg.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // the URL carries the API key; keep it out of logs
		}
		return Result{}, fmt.Errorf("botcheck: createAssessment: %w", err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return Result{}, fmt.Errorf("botcheck: createAssessment: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return Result{}, fmt.Errorf("botcheck: createAssessment: status %d: %s", resp.StatusCode, providerMessage(raw))
	}
	var a assessment
	if err := json.Unmarshal(raw, &a); err != nil {
		return Result{}, fmt.Errorf("botcheck: createAssessment: %w", err)
	}
	res := Result{Score: a.RiskAnalysis.Score, Action: a.TokenProperties.Action}
	switch {
	case !a.TokenProperties.Valid:
		res.Reason = strings.ToLower(a.TokenProperties.InvalidReason)
		if res.Reason == "" {
			res.Reason = "invalid"
		}
	case a.TokenProperties.Action != action:
		res.Reason = "wrong_action"
	case a.RiskAnalysis.Score < e.cfg.Threshold:
		res.Reason = "low_score"
	default:
		res.Valid = true
	}
	return res, nil
}

// providerMessage extracts Google's {"error":{"message"}} for logs, bounded.
func providerMessage(raw []byte) string {
	var e struct {
		Error struct {
			Status  string `json:"status"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Error.Message != "" {
		return strings.TrimSpace(e.Error.Status + " " + e.Error.Message)
	}
	if len(raw) > 200 {
		raw = raw[:200]
	}
	return string(raw)
}
