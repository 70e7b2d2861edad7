package server

import (
	"github.com/gofiber/fiber/v3"
	"github.com/valyala/fasthttp"
)

// unreadableBody answers a request the server could not read as such: the parser's own
// message quotes the raw request, cookies and tokens included, and is never sent back.
var unreadableBody = []byte(`{"error":{"code":"bad_request","message":"The request could not be read."}}`)

// answerReadErrorsQuietly wraps the answer to a request the server could not read (a
// malformed header or body, headers too large, a body too slow). Fiber answers those
// by running the app's middleware on whatever of the request was parsed, and the
// visitor middleware then takes the request for a first visit: its new visitor cookie
// would replace the guest's own and orphan their cart. Such an answer sets no cookie,
// and a 400 says only that the request could not be read.
func answerReadErrorsQuietly(app *fiber.App) {
	srv := app.Server()
	handle := srv.ErrorHandler
	srv.ErrorHandler = func(ctx *fasthttp.RequestCtx, err error) {
		handle(ctx, err)
		ctx.Response.Header.DelAllCookies()
		if ctx.Response.StatusCode() == fiber.StatusBadRequest {
			ctx.Response.Header.SetContentType(fiber.MIMEApplicationJSONCharsetUTF8)
			ctx.Response.SetBodyRaw(unreadableBody)
		}
	}
}
