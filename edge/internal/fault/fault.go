// Package fault is the error vocabulary shared by providers and handlers. Providers
// return *fault.Error for anything a guest can act on (bad input, not found, a rule
// that says no); httpx maps the Kind to an HTTP status and the body
// {error:{code,message,fields?}}. Providers never import Fiber or HTTP.
package fault

import (
	"errors"
	"fmt"
)

// Kind classifies an error the way a client needs to react to it.
type Kind int

const (
	// Invalid input (400).
	Invalid Kind = iota + 1
	// Unauthorized: not signed in, or the session is gone (401).
	Unauthorized
	// Forbidden: signed in but not allowed (403).
	Forbidden
	// NotFound: no such thing, or not yours (404).
	NotFound
	// Conflict with current state: the cart changed, the slot filled up (409).
	Conflict
	// Gone: expired (410).
	Gone
	// Rule: well-formed but refused by a business rule (422).
	Rule
	// TooMany requests (429).
	TooMany
	// Unavailable: a dependency is down (503).
	Unavailable
	// Stale: the request expected a version (If-Match) the resource has moved past (412).
	Stale
)

// Error is a classified, guest-readable error.
type Error struct {
	Kind    Kind
	Code    string
	Message string
	Fields  map[string]string
	// RetryAfter, in seconds, for TooMany and Unavailable (Retry-After).
	RetryAfter int
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// New builds an Error.
func New(kind Kind, code, format string, args ...any) *Error {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	return &Error{Kind: kind, Code: code, Message: msg}
}

// Field returns a copy of e with one more field message.
func (e *Error) Field(name, msg string) *Error {
	c := *e
	c.Fields = make(map[string]string, len(e.Fields)+1)
	for k, v := range e.Fields {
		c.Fields[k] = v
	}
	c.Fields[name] = msg
	return &c
}

// Fields is an Invalid error from a set of field messages, or nil when there are none.
func Fields(message string, fields map[string]string) error {
	if len(fields) == 0 {
		return nil
	}
	return &Error{Kind: Invalid, Code: "invalid", Message: message, Fields: fields}
}

// As returns the *Error in err's chain.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Is reports whether err is a fault of the given kind.
func Is(err error, kind Kind) bool {
	e, ok := As(err)
	return ok && e.Kind == kind
}
