package httpx

import (
	"crypto/tls"
	"log/slog"
	"net"
	"runtime/debug"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"

	"github.com/henhouse/platform/edge/internal/fault"
)

// innerKey marks a request the edge dispatches to itself (the generic send request):
// it runs on an in-memory connection that has no socket to hold open or time out.
type innerKeyType struct{}

var innerKey = innerKeyType{}

// MarkInner marks ctx as a call the edge makes to itself. Call it after ctx.Init,
// which starts a context's values afresh.
func MarkInner(ctx *fasthttp.RequestCtx) { ctx.SetUserValue(innerKey, true) }

// IsInner reports whether c is a call the edge makes to itself (MarkInner).
func IsInner(c fiber.Ctx) bool { return c.RequestCtx().UserValue(innerKey) != nil }

// ErrStreamInside refuses a stream asked for through a call the edge makes to itself:
// a stream never ends by itself, so the call that wraps it could never answer.
var ErrStreamInside = fault.New(fault.Invalid, "invalid", "A send request can't open an event stream.").Field("path", "not an event stream")

// WriteDeadline returns how a stream sets the deadline of its next write: on the
// request's socket when it has one, and a no-op on any other connection (an in-memory
// one, a test's), whose deadline methods may do nothing or panic.
func WriteDeadline(c fiber.Ctx) func(time.Time) {
	switch conn := c.RequestCtx().Conn().(type) {
	case *net.TCPConn:
		return func(t time.Time) { _ = conn.SetWriteDeadline(t) }
	case *net.UnixConn:
		return func(t time.Time) { _ = conn.SetWriteDeadline(t) }
	case *tls.Conn:
		return func(t time.Time) { _ = conn.SetWriteDeadline(t) }
	}
	return func(time.Time) {}
}

// Recover is deferred at the top of every goroutine the edge starts for a request (a
// stream's writer, work that outlives the answer). Fiber's recover middleware covers
// only the handler's own goroutine; a panic anywhere else would end the process and
// every guest's request with it. It is logged with its stack instead.
func Recover(log *slog.Logger, what string) {
	if r := recover(); r != nil {
		if log == nil {
			log = slog.Default()
		}
		log.Error("recovered from a panic: "+what+" ended, the edge goes on", "panic", r, "stack", string(debug.Stack()))
	}
}
