// Package httpx holds the edge's JSON conventions shared by every /api handler:
// the error shape {error:{code,message,fields?}}, strict body decoding and the
// Fiber error handler that turns any error into that shape (never a bare 500 page).
package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/utils/v2"

	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/store"
)

// Error is the body of every failed /api response.
type Error struct {
	Status  int               `json:"-"`
	Code    string            `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// Errorf builds an *Error.
func Errorf(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithField returns a copy of e that names a field problem.
func (e *Error) WithField(field, msg string) *Error {
	c := *e
	c.Fields = map[string]string{}
	for k, v := range e.Fields {
		c.Fields[k] = v
	}
	c.Fields[field] = msg
	return &c
}

// Common errors.
var (
	ErrNotFound     = &Error{Status: fiber.StatusNotFound, Code: "not_found", Message: "We couldn't find that."}
	ErrUnauthorized = &Error{Status: fiber.StatusUnauthorized, Code: "unauthorized", Message: "Please sign in to continue."}
)

// Invalid is a 400 with per-field messages.
func Invalid(message string, fields map[string]string) *Error {
	return &Error{Status: fiber.StatusBadRequest, Code: "invalid", Message: message, Fields: fields}
}

// Send writes err as the standard error body.
func Send(c fiber.Ctx, err *Error) error {
	return c.Status(err.Status).JSON(fiber.Map{"error": err})
}

// MaxJSONNumber bounds numbers in request bodies; larger ones are rejected as invalid
// rather than overflowing an int.
const MaxJSONNumber = 1 << 40

// Decode reads the request body into v, rejecting a body not sent as JSON (415),
// unknown fields, trailing data, wrong types, numbers beyond MaxJSONNumber and text
// with control characters with a 400 that names the offending field.
func Decode(c fiber.Ctx, v any) error {
	body := c.Body()
	if len(bytes.TrimSpace(body)) == 0 {
		return Invalid("The request body is empty.", nil)
	}
	if !IsJSON(c.Get(fiber.HeaderContentType)) {
		return &Error{Status: fiber.StatusUnsupportedMediaType, Code: "unsupported_media_type", Message: "Send the request body as JSON (Content-Type: application/json)."}
	}
	return DecodeBytes(body, v)
}

// IsJSON reports a JSON media type: application/json or application/<x>+json, with
// any parameters (charset=utf-8).
func IsJSON(contentType string) bool {
	t, _, err := mime.ParseMediaType(contentType)
	return err == nil && (t == "application/json" || (strings.HasPrefix(t, "application/") && strings.HasSuffix(t, "+json")))
}

// DecodeBytes is Decode for a byte slice (whatever its media type).
func DecodeBytes(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(v); err != nil {
		return decodeError(err, v)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Invalid("The request body has data after the JSON value.", nil)
	}
	if !mayHoldControl(body) {
		return nil
	}
	var all any
	if json.Unmarshal(body, &all) == nil {
		if field := controlText(all, ""); field != "" {
			return Invalid("Text can't contain control characters.", map[string]string{field: "contains a control character"})
		}
	}
	return nil
}

// controlText returns the path of the first string (or key) in v holding a character
// that has no place in what a guest types and that changes how stored text shows to
// staff: C0 controls other than tab and line breaks (NUL among them), DEL, and the
// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
// which can make an order note read differently on the kitchen's screen.
func controlText(v any, path string) string {
	join := func(k string) string {
		if path == "" {
			return k
		}
		return path + "." + k
	}
	switch t := v.(type) {
	case string:
		if strings.IndexFunc(t, isControl) >= 0 {
			if path == "" {
				return "body"
			}
			return path
		}
	case map[string]any:
		for k, x := range t {
			if strings.IndexFunc(k, isControl) >= 0 {
				return join("key")
			}
			if f := controlText(x, join(k)); f != "" {
				return f
			}
		}
	case []any:
		for i, x := range t {
			if f := controlText(x, join(strconv.Itoa(i))); f != "" {
				return f
			}
		}
	}
	return ""
}

// mayHoldControl reports whether a valid JSON body can decode to text with a control
// character (isControl): only through an escape (a backslash), a raw DEL, or a raw
// bidirectional character (UTF-8 E2 80 xx / E2 81 xx); raw C0 controls are not valid
// in JSON text. Most bodies have none of these bytes and skip the second decode.
func mayHoldControl(body []byte) bool {
	return bytes.IndexByte(body, '\\') >= 0 || bytes.IndexByte(body, 0x7f) >= 0 || bytes.IndexByte(body, 0xe2) >= 0
}

func isControl(r rune) bool {
	switch {
	case r == '\t' || r == '\n' || r == '\r':
		return false
	case r < 0x20 || r == 0x7f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// jsonPath is the request's own name for a field the decoder reports: the decoder
// puts the Go name of an embedded struct in the path ("CardInput.exp_month"), which no
// client sends, so a segment naming an embedded (anonymous) field of the decoded type
// without a json name of its own is dropped ("exp_month").
func jsonPath(t reflect.Type, field string) string {
	var keep []string
	for _, seg := range strings.Split(field, ".") {
		for t != nil && (t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map) {
			t = t.Elem()
		}
		if t != nil && t.Kind() == reflect.Struct {
			if f, ok := t.FieldByName(seg); ok && f.Anonymous && jsonName(f) == "" {
				t = f.Type
				continue
			}
			t = fieldType(t, seg)
		} else {
			t = nil
		}
		keep = append(keep, seg)
	}
	return strings.Join(keep, ".")
}

// jsonName is the name a struct field's json tag gives it ("" when none).
func jsonName(f reflect.StructField) string {
	name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return name
}

// fieldType is the type of the field of struct t that JSON names name (nil when none).
func fieldType(t reflect.Type, name string) reflect.Type {
	for i := range t.NumField() {
		f := t.Field(i)
		if jsonName(f) == name || (jsonName(f) == "" && strings.EqualFold(f.Name, name)) {
			return f.Type
		}
		if f.Anonymous && jsonName(f) == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				if x := fieldType(ft, name); x != nil {
					return x
				}
			}
		}
	}
	return nil
}

func decodeError(err error, v any) *Error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return Invalid(fmt.Sprintf("The request body is not valid JSON (at byte %d).", syn.Offset), nil)
	case errors.As(err, &typ):
		field := jsonPath(reflect.TypeOf(v), typ.Field)
		if field == "" {
			field = "body"
		}
		return Invalid("A field has the wrong type.", map[string]string{field: "must be " + typeName(typ.Type.Kind().String())})
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name := strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`)
		if !fieldName.MatchString(name) {
			name = "body" // not a name a form could have: it is not quoted back
		}
		return Invalid("The request has a field we don't know.", map[string]string{name: "unknown field"})
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return Invalid("The request body is incomplete JSON.", nil)
	}
	// Anything else (a date or another value of the wrong form, read by its own type)
	// says so in general: the parser's own message quotes the value sent, which may be a
	// card number or a PIN, and an error never echoes the request.
	return Invalid("A field has a value we can't read.", nil)
}

// fieldName is what an unknown field's name must look like to be named back in an
// error: a form field's name, not a value sent in its place (a card number as a key).
var fieldName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{0,63}$`)

func typeName(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"):
		return "a whole number in range"
	case strings.HasPrefix(kind, "float"):
		return "a number"
	case kind == "bool":
		return "true or false"
	case kind == "string":
		return "text"
	case kind == "slice", kind == "array":
		return "a list"
	case kind == "map", kind == "struct":
		return "an object"
	}
	return kind
}

// StorageUnavailable is the answer while Redis cannot be reached (docs/operations.md,
// "Redis"): the guest may try again after Retry-After.
func StorageUnavailable(c fiber.Ctx, ue *store.UnavailableError) *Error {
	if c != nil {
		c.Set(fiber.HeaderRetryAfter, strconv.Itoa(retrySeconds(ue.RetryAfter)))
	}
	return &Error{Status: fiber.StatusServiceUnavailable, Code: "storage_unavailable",
		Message: "We can't reach our ordering system for a moment. Please try again in a few seconds."}
}

func retrySeconds(d time.Duration) int {
	return max(1, int(math.Ceil(d.Seconds())))
}

// ErrorHandler is the Fiber ErrorHandler: *Error as is, *fiber.Error mapped to the
// same shape, an error that says Redis could not be reached answered 503
// storage_unavailable (the breaker logs the outage once, so each request does not),
// anything else logged and answered with a generic 500 body.
func ErrorHandler(log *slog.Logger) fiber.ErrorHandler {
	return func(c fiber.Ctx, err error) error {
		if ue, ok := store.Unavailable(err); ok {
			return Send(c, StorageUnavailable(c, ue))
		}
		var he *Error
		if errors.As(err, &he) {
			return Send(c, he)
		}
		if fe, ok := fault.As(err); ok {
			return Send(c, FromFault(c, fe))
		}
		var fe *fiber.Error
		if errors.As(err, &fe) {
			// Fiber's own messages can quote the request (a parse error quotes it whole,
			// cookies and tokens included; a default 404 quotes the URL): the answer says
			// only the status, in words of its own.
			code := strings.ToLower(strings.ReplaceAll(utils.StatusMessage(fe.Code), " ", "_"))
			msg := utils.StatusMessage(fe.Code) + "."
			switch fe.Code {
			case fiber.StatusRequestEntityTooLarge:
				msg = "The request body is too large."
			case fiber.StatusBadRequest:
				msg = "The request could not be read."
			}
			return Send(c, &Error{Status: fe.Code, Code: code, Message: msg})
		}
		if log != nil {
			log.Error("unhandled error", "path", c.Path(), "method", c.Method(), "err", err)
		}
		return Send(c, &Error{Status: fiber.StatusInternalServerError, Code: "internal", Message: "Something went wrong on our side. Please try again."})
	}
}

var kindStatus = map[fault.Kind]int{
	fault.Invalid:      fiber.StatusBadRequest,
	fault.Unauthorized: fiber.StatusUnauthorized,
	fault.Forbidden:    fiber.StatusForbidden,
	fault.NotFound:     fiber.StatusNotFound,
	fault.Conflict:     fiber.StatusConflict,
	fault.Gone:         fiber.StatusGone,
	fault.Rule:         fiber.StatusUnprocessableEntity,
	fault.TooMany:      fiber.StatusTooManyRequests,
	fault.Unavailable:  fiber.StatusServiceUnavailable,
	fault.Stale:        fiber.StatusPreconditionFailed,
}

// FromFault maps a provider's classified error to the HTTP error (and sets
// Retry-After for TooMany and Unavailable when the error says when).
func FromFault(c fiber.Ctx, fe *fault.Error) *Error {
	status, ok := kindStatus[fe.Kind]
	if !ok {
		status = fiber.StatusBadRequest
	}
	if (fe.Kind == fault.TooMany || fe.Kind == fault.Unavailable) && fe.RetryAfter > 0 && c != nil {
		c.Set(fiber.HeaderRetryAfter, fmt.Sprint(fe.RetryAfter))
	}
	return &Error{Status: status, Code: fe.Code, Message: fe.Message, Fields: fe.Fields}
}

// StatusOf is the status ErrorHandler answers err with.
func StatusOf(err error) int {
	if _, ok := store.Unavailable(err); ok {
		return fiber.StatusServiceUnavailable
	}
	var he *Error
	if errors.As(err, &he) {
		return he.Status
	}
	if fe, ok := fault.As(err); ok {
		if s, ok := kindStatus[fe.Kind]; ok {
			return s
		}
		return fiber.StatusBadRequest
	}
	var fe *fiber.Error
	if errors.As(err, &fe) {
		return fe.Code
	}
	return fiber.StatusInternalServerError
}
