// Package send is the generic send request (docs/api.md): one endpoint through which a
// client (the native app's bridge, a script in a content block) can make any other
// /api call described as data. The call is dispatched inside the edge with the
// caller's own cookies and headers, so sessions, CSRF and rate limits apply exactly
// as if it had been made directly.
package send

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"sync"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
)

// Request describes the call. Body is any JSON value.
type Request struct {
	Method string          `json:"method"`
	Path   string          `json:"path"`
	Body   json.RawMessage `json:"body,omitempty"`
}

var errNested = fault.New(fault.Invalid, "invalid", "A send request can't send another.").Field("path", "not /send")

// cleanPath is path without its query, escapes undone, in lower case, with "/./" and
// "//" folded: how routing will read it.
func cleanPath(path string) string {
	p := strings.SplitN(path, "?", 2)[0]
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	p = strings.ToLower(p)
	for strings.Contains(p, "/./") || strings.Contains(p, "//") {
		p = strings.ReplaceAll(strings.ReplaceAll(p, "/./", "/"), "//", "/")
	}
	return p
}

// isSend reports whether path names /send, in any case and with escapes undone.
func isSend(path string) bool {
	p := cleanPath(path)
	return p == "/send" || strings.HasPrefix(p, "/send/")
}

// isStream reports whether path names an event stream (/orders/{id}/events), however
// spelt: one is refused before it is dispatched.
func isStream(path string) bool {
	return strings.HasSuffix(strings.TrimSuffix(cleanPath(path), "/"), "/events")
}

var methods = map[string]bool{"GET": true, "POST": true, "PUT": true, "PATCH": true, "DELETE": true}

// Mount registers POST /send on r. base is the group's prefix ("/api"); handler is
// the app's handler, resolved at request time.
func Mount(r fiber.Router, base string, handler func() fasthttp.RequestHandler) {
	var once sync.Once
	var h fasthttp.RequestHandler
	r.Post("/send", func(c fiber.Ctx) error {
		once.Do(func() { h = handler() })
		// Accept JSON, or the same JSON sent as text/plain, as the API client may send.
		var in Request
		if err := httpx.DecodeBytes(bytes.TrimSpace(c.Body()), &in); err != nil {
			return err
		}
		in.Method = strings.ToUpper(in.Method)
		if in.Method == "" {
			in.Method = "GET"
		}
		if !methods[in.Method] {
			return fault.New(fault.Invalid, "invalid", "method must be GET, POST, PUT, PATCH or DELETE.").Field("method", "unsupported")
		}
		if !strings.HasPrefix(in.Path, "/") || strings.HasPrefix(in.Path, "//") || strings.Contains(in.Path, "..") || len(in.Path) > 1024 {
			return fault.New(fault.Invalid, "invalid", "path must be an API path such as /cart.").Field("path", "must start with /")
		}
		// One send makes one call. A send made by a send is refused however its path is
		// spelt (/SEND, /%73end, /./send): the inner call is marked, and the mark is
		// checked here, where routing has already matched it. The path check only gives
		// the usual spelling a clear message before any work is done.
		if httpx.IsInner(c) || isSend(in.Path) {
			return errNested
		}
		// Nor may it open an event stream, which never ends and so could not be
		// answered. A stream handler refuses a marked call itself too, whatever the path.
		if isStream(in.Path) {
			return httpx.ErrStreamInside
		}
		var inner fasthttp.RequestCtx
		req := &fasthttp.Request{}
		c.Request().Header.CopyTo(&req.Header)
		req.Header.Del(fiber.HeaderAcceptEncoding)
		req.Header.Del(fiber.HeaderContentLength)
		req.Header.SetMethod(in.Method)
		req.SetRequestURI(base + in.Path)
		req.Header.SetContentType(fiber.MIMEApplicationJSON)
		req.Header.Set(fiber.HeaderAccept, fiber.MIMEApplicationJSON)
		if len(in.Body) > 0 && in.Method != "GET" {
			req.SetBody(in.Body)
		}
		inner.Init(req, c.RequestCtx().RemoteAddr(), nil)
		httpx.MarkInner(&inner) // after Init, which starts the context afresh
		h(&inner)
		res := &inner.Response
		if res.IsBodyStream() {
			// A handler that streams and does not check the mark: its stream never
			// ends by itself, and reading it would hold this call open.
			_ = res.CloseBodyStream()
			return httpx.ErrStreamInside
		}
		for _, v := range res.Header.Cookies() {
			c.Response().Header.Add(fiber.HeaderSetCookie, string(v))
		}
		body := res.Body()
		out := fiber.Map{"status": res.StatusCode()}
		if len(bytes.TrimSpace(body)) > 0 {
			if json.Valid(body) {
				out["body"] = json.RawMessage(body)
			} else {
				out["body"] = string(body)
			}
		} else {
			out["body"] = nil
		}
		return c.JSON(out)
	})
}
