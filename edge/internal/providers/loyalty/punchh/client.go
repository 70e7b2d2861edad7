package punchh

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"

	"github.com/henhouse/platform/edge/internal/fault"
)

// call is one request to Punchh.
type call struct {
	method string
	path   string     // "/api2/mobile/users/login"
	query  url.Values // nil for none
	body   any        // marshalled to JSON; nil sends no body
	token  string     // the member's access token; "" for calls made as the business
	device string     // punchh-app-device-id; "" leaves it out
}

// maxAnswer bounds what is read of an answer: Punchh's largest (the programme's
// meta) are tens of kilobytes.
const maxAnswer = 4 << 20

// do sends c, checks the status and decodes the JSON answer into out (nil: ignored).
func (p *Provider) do(ctx context.Context, c call, out any) error {
	var body []byte
	if c.body != nil {
		var err error
		// encoding/json writes no white space between tokens, which is the form the
		// signature is computed over ("the body exactly as sent, white space removed").
		if body, err = json.Marshal(c.body); err != nil {
			return fmt.Errorf("punchh: encode %s %s: %w", c.method, c.path, err)
		}
	}
	uri := c.path
	if len(c.query) > 0 {
		uri += "?" + c.query.Encode()
	}
	ctx, cancel := context.WithTimeout(ctx, p.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, c.method, p.base+uri, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("punchh: %s %s: %w", c.method, c.path, err)
	}
	if body == nil {
		req.Body, req.ContentLength = http.NoBody, 0
	}
	req.Header.Set(DigestHeader, Sign(p.cfg.ClientSecret, uri, body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Accept-Language", "en")
	req.Header.Set("Accept-Timezone", "Etc/UTC")
	req.Header.Set("User-Agent", p.cfg.UserAgent)
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if c.device != "" {
		req.Header.Set("punchh-app-device-id", c.device)
	}
	res, err := p.http.Do(req)
	if err != nil {
		return unavailable(err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, maxAnswer))
	if err != nil {
		return unavailable(err)
	}
	if res.StatusCode >= 300 {
		return p.failure(c, res.StatusCode, raw)
	}
	if out == nil || len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		p.log.Warn("punchh: unreadable answer", "path", c.path, "status", res.StatusCode, "err", err)
		return fault.New(fault.Unavailable, "loyalty_unavailable", "The loyalty programme isn't answering right now. Please try again shortly.")
	}
	return nil
}

// unavailable is a transport failure (refused, reset, timed out): the guest can only
// retry later.
func unavailable(err error) error {
	var ne net.Error
	msg := "The loyalty programme isn't answering right now. Please try again shortly."
	if errors.As(err, &ne) && ne.Timeout() || errors.Is(err, context.DeadlineExceeded) {
		return &fault.Error{Kind: fault.Unavailable, Code: "loyalty_timeout", Message: msg, RetryAfter: 5}
	}
	return &fault.Error{Kind: fault.Unavailable, Code: "loyalty_unavailable", Message: msg, RetryAfter: 5}
}

// fieldNames maps Punchh's field names to the JSON names of our input types, so that
// a form shows Punchh's message beside the right field.
var fieldNames = map[string]string{
	"email": "email", "first_name": "first_name", "last_name": "last_name", "phone": "phone",
	"password": "password", "password_confirmation": "password", "current_password": "current",
	"birthday": "birthday", "token": "code", "favourite_location_ids": "favorite_location_id",
}

// failure maps a Punchh error answer to a fault: 401/403 Unauthorized, 404 and 417
// (Punchh's "not found" for check-ins) NotFound, 422 with field errors Invalid with
// those fields (otherwise Rule), 400 Invalid, 412 (a signature Punchh refused: our
// configuration is wrong, not the guest's input) and 5xx Unavailable.
func (p *Provider) failure(c call, status int, raw []byte) error {
	msg, fields := errorText(raw)
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		return fault.New(fault.Unauthorized, "signed_out", "Please sign in again.")
	case status == http.StatusNotFound || status == http.StatusExpectationFailed:
		return &fault.Error{Kind: fault.NotFound, Code: "not_found", Message: orDefault(msg, "We couldn't find that.")}
	case status == http.StatusUnprocessableEntity && len(fields) > 0:
		return &fault.Error{Kind: fault.Invalid, Code: "invalid", Message: "Please check the highlighted fields.", Fields: fields}
	case status == http.StatusUnprocessableEntity:
		return &fault.Error{Kind: fault.Rule, Code: "refused", Message: orDefault(msg, "The loyalty programme refused that.")}
	case status == http.StatusBadRequest:
		return &fault.Error{Kind: fault.Invalid, Code: "invalid", Message: orDefault(msg, "The loyalty programme couldn't read that request.")}
	case status == http.StatusTooManyRequests:
		return &fault.Error{Kind: fault.TooMany, Code: "too_many", Message: "Too many attempts. Please wait a moment.", RetryAfter: 30}
	case status == http.StatusPreconditionFailed:
		p.log.Error("punchh: signature refused; check PUNCHH_CLIENT_SECRET", "path", c.path)
	default:
		p.log.Warn("punchh: error answer", "path", c.path, "status", status)
	}
	return &fault.Error{Kind: fault.Unavailable, Code: "loyalty_unavailable", Message: "The loyalty programme isn't answering right now. Please try again shortly.", RetryAfter: 5}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// errorText reads Punchh's error bodies: {"errors":{"email":["has already been
// taken"]}}, {"errors":{"base":"…"}}, {"error":{"message":"…","code":"…"}},
// {"error":"invalid_grant","error_description":"…"} and {"unauthorized":["…"]}. It
// returns the first message, and the messages of the keys that name a form field.
func errorText(raw []byte) (string, map[string]string) {
	var body map[string]json.RawMessage
	if json.Unmarshal(raw, &body) != nil {
		return "", nil
	}
	var msgs map[string]json.RawMessage
	if e, ok := body["errors"]; ok && json.Unmarshal(e, &msgs) == nil {
		// the answer is an object of messages
	} else if e, ok := body["error"]; ok {
		var one struct{ Message string }
		if json.Unmarshal(e, &one) == nil && one.Message != "" {
			return one.Message, nil
		}
		var d string
		_ = json.Unmarshal(body["error_description"], &d)
		return d, nil
	} else {
		msgs = body
	}
	keys := make([]string, 0, len(msgs))
	for k := range msgs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	first, fields := "", map[string]string{}
	for _, k := range keys {
		m := messageOf(msgs[k])
		if m == "" {
			continue
		}
		if first == "" {
			first = m
		}
		if name, ok := fieldNames[k]; ok {
			fields[name] = m
		}
	}
	return first, fields
}

// messageOf reads a message given as a string or a list of strings.
func messageOf(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil && len(list) > 0 {
		return strings.TrimSpace(strings.Join(list, " "))
	}
	return ""
}
