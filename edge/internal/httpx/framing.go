package httpx

import (
	"bytes"

	"github.com/gofiber/fiber/v3"
)

// errAmbiguousLength refuses a request framed two ways.
var errAmbiguousLength = Invalid("A request can't carry both Content-Length and Transfer-Encoding.", nil)

// OneFraming is the edge's first middleware: a request with both Content-Length and
// Transfer-Encoding is answered 400 and its connection closed (RFC 9112, section 6.1).
// A proxy in front may have read such a request's body by the other header, so what
// follows it on the connection is not to be trusted as the next request.
func OneFraming(c fiber.Ctx) error {
	// Read from the raw headers: the parsed request keeps one framing (whichever header
	// came last), which hides the other.
	if !bothLengths(c.Request().Header.RawHeaders()) {
		return c.Next()
	}
	c.RequestCtx().SetConnectionClose()
	return Send(c, errAmbiguousLength)
}

var (
	contentLength    = []byte("content-length")
	transferEncoding = []byte("transfer-encoding")
)

// bothLengths reports whether raw request headers (the lines after the request line)
// hold both a Content-Length and a Transfer-Encoding header.
func bothLengths(raw []byte) bool {
	var cl, te bool
	for len(raw) > 0 {
		line := raw
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, raw = raw[:i], raw[i+1:]
		} else {
			raw = nil
		}
		// Most lines start with neither letter: skip them before comparing names.
		if len(line) == 0 || (line[0]|0x20 != 'c' && line[0]|0x20 != 't') {
			continue
		}
		if i := bytes.IndexByte(line, ':'); i >= 0 {
			name := bytes.TrimSpace(line[:i])
			cl = cl || bytes.EqualFold(name, contentLength)
			te = te || bytes.EqualFold(name, transferEncoding)
		}
	}
	return cl && te
}
