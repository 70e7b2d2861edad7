package admin

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"strconv"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/clientip"
	"github.com/henhouse/platform/edge/internal/fault"
	"github.com/henhouse/platform/edge/internal/httpx"
	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/store"
)

// Config configures Mount.
type Config struct {
	Registry *modules.Registry
	Tokens   Tokens
	// UploadLimit bounds the bytes of files one published version may hold.
	UploadLimit int64
	// MaxUploads is how many uploads may be read at once. Optional. Default: 2.
	MaxUploads int
	// Use runs before every route (e.g. the client address). Optional. Default: none.
	Use []fiber.Handler
	Log *slog.Logger
	// Store keeps the console's sessions and sign-in attempts. Optional. Default: nil,
	// no console; only the bearer token is accepted.
	Store *store.Store
	// ConsoleDir is the console's build (BUILD_DIR/ops-console). Optional. Default: "",
	// the page answers 503 until a build is there.
	ConsoleDir string
	// CookieSecure marks the console's session cookie Secure. Optional. Default: false.
	CookieSecure bool
}

// New is the ops API's app. Bodies are streamed: a handler runs once the headers are
// in, so a request without a valid token is refused before its body is read, and an
// upload is unpacked as it arrives instead of being held whole first.
func New(cfg Config) *fiber.App {
	app := fiber.New(fiber.Config{
		AppName:           "henhouse-edge-admin",
		ErrorHandler:      httpx.ErrorHandler(cfg.Log),
		StreamRequestBody: true,
		BodyLimit:         smallBody,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      30 * time.Second,
	})
	for _, h := range cfg.Use {
		app.Use(h)
	}
	Mount(app, cfg)
	return app
}

type actorKey struct{}

// Actor is who made an admin call: the token's name and the client's address.
func Actor(c fiber.Ctx) string {
	a, _ := c.Locals(actorKey{}).(string)
	return a
}

// Require refuses a request without a valid ops token (401) and records its actor.
func Require(ts Tokens) fiber.Handler {
	return func(c fiber.Ctx) error {
		name, ok := ts.FromRequest(c)
		if !ok {
			c.Set(fiber.HeaderWWWAuthenticate, `Bearer realm="henhouse-ops"`)
			unread(c)
			return httpx.Errorf(fiber.StatusUnauthorized, "unauthorized", "An ops token is required: Authorization: Bearer <OPS_TOKEN>.")
		}
		c.Locals(actorKey{}, name+"@"+clientip.IP(c))
		return c.Next()
	}
}

// Mount registers the admin routes under /admin on r.
//
//	GET  /admin/modules                               every module's status
//	GET  /admin/modules/{name}                        one module's status
//	POST /admin/modules/{name}/versions/{version}     publish (body: tar or tar.gz)
//	POST /admin/modules/{name}/canary                 {"version":"1.4.0","percent":10}
//	POST /admin/modules/{name}/promote                canary becomes stable
//	POST /admin/modules/{name}/rollback               {"reason":"…"} (optional body)
//	GET  /admin/audit?limit=50                        newest audit entries first
//
// With a Store, also the ops console (console.go): the page at /admin/, its files
// under /admin/assets/, and /admin/session to sign in (POST), read the session's
// CSRF token (GET) and sign out (DELETE). Every route above then also takes the
// console's session cookie instead of the bearer token.
func Mount(r fiber.Router, cfg Config) {
	if cfg.MaxUploads <= 0 {
		cfg.MaxUploads = 2
	}
	h := &handlers{cfg: cfg, uploads: make(chan struct{}, cfg.MaxUploads)}
	if cfg.Store != nil {
		h.mountConsole(r)
	}
	g := r.Group("/admin", h.authorize)
	g.Get("/modules", h.list)
	g.Get("/modules/:name", h.status)
	g.Post("/modules/:name/versions/:version", h.publish)
	g.Post("/modules/:name/canary", limitBody, h.canary)
	g.Post("/modules/:name/promote", limitBody, h.promote)
	g.Post("/modules/:name/rollback", limitBody, h.rollback)
	g.Get("/audit", h.audit)
	g.Use(func(c fiber.Ctx) error {
		return httpx.Errorf(fiber.StatusNotFound, "not_found", "No such admin endpoint.")
	})
}

type handlers struct {
	cfg Config
	// uploads holds a slot per upload being read.
	uploads chan struct{}
}

// smallBody bounds the JSON bodies of the calls other than an upload.
const smallBody = 64 << 10

// Errors of the ops API's guards.
var (
	errTooManyUploads = &fault.Error{Kind: fault.TooMany, Code: "too_many_uploads", RetryAfter: 10,
		Message: "Other uploads are being read. Try again in a few seconds."}
	errBodyTooLarge = httpx.Errorf(fiber.StatusRequestEntityTooLarge, "payload_too_large", "The request body is larger than %d KB.", smallBody>>10)
)

// unread marks the connection to close when a request is answered without reading its
// body: the rest of the body is never read into memory, and cannot be taken for the
// next request.
func unread(c fiber.Ctx) {
	if c.Request().Header.ContentLength() != 0 {
		c.Response().SetConnectionClose()
	}
}

// limitBody refuses a body larger than smallBody before it is read (a streamed body
// would otherwise be read whole by the JSON decoder).
func limitBody(c fiber.Ctx) error {
	if n := c.Request().Header.ContentLength(); n > smallBody || n == -1 {
		unread(c)
		return errBodyTooLarge
	}
	return c.Next()
}

func (h *handlers) list(c fiber.Ctx) error {
	out := []modules.Status{}
	for _, n := range h.cfg.Registry.Names() {
		s, err := h.cfg.Registry.StatusOf(c.Context(), n)
		if err != nil {
			return fail(err)
		}
		out = append(out, s)
	}
	return c.JSON(fiber.Map{"modules": out})
}

func (h *handlers) status(c fiber.Ctx) error {
	s, err := h.cfg.Registry.StatusOf(c.Context(), c.Params("name"))
	if err != nil {
		return fail(err)
	}
	return c.JSON(s)
}

// publish unpacks the upload as it arrives, in one of MaxUploads slots; an upload
// over the cap is refused at once rather than queued with its body in memory.
func (h *handlers) publish(c fiber.Ctx) error {
	select {
	case h.uploads <- struct{}{}:
		defer func() { <-h.uploads }()
	default:
		unread(c)
		return errTooManyUploads
	}
	var body io.Reader = c.Request().BodyStream()
	if body == nil {
		body = bytes.NewReader(c.Body())
	}
	files, err := modules.ReadTar(body, h.cfg.UploadLimit)
	if err != nil {
		// Refused part way (too many files, a name too long): the rest of the body is
		// never read, so it must not be taken for the connection's next request.
		unread(c)
		return fail(err)
	}
	p, err := h.cfg.Registry.Publish(c.Context(), c.Params("name"), c.Params("version"), files, Actor(c))
	if err != nil {
		return fail(err)
	}
	status := fiber.StatusOK
	if p.Created {
		status = fiber.StatusCreated
	}
	return c.Status(status).JSON(p)
}

func (h *handlers) canary(c fiber.Ctx) error {
	var body struct {
		Version string `json:"version"`
		Percent int    `json:"percent"`
	}
	if err := httpx.Decode(c, &body); err != nil {
		return err
	}
	return h.answer(c, func(ctx context.Context) (modules.State, error) {
		return h.cfg.Registry.Canary(ctx, c.Params("name"), body.Version, body.Percent, Actor(c))
	})
}

func (h *handlers) promote(c fiber.Ctx) error {
	return h.answer(c, func(ctx context.Context) (modules.State, error) {
		return h.cfg.Registry.Promote(ctx, c.Params("name"), Actor(c))
	})
}

func (h *handlers) rollback(c fiber.Ctx) error {
	var body struct {
		Reason string `json:"reason"`
	}
	if len(c.Body()) > 0 {
		if err := httpx.Decode(c, &body); err != nil {
			return err
		}
	}
	if len(body.Reason) > 500 {
		return httpx.Invalid("The reason is too long.", map[string]string{"reason": "At most 500 characters."})
	}
	return h.answer(c, func(ctx context.Context) (modules.State, error) {
		return h.cfg.Registry.Rollback(ctx, c.Params("name"), body.Reason, Actor(c))
	})
}

// answer runs a release operation and answers with the module's status.
func (h *handlers) answer(c fiber.Ctx, op func(context.Context) (modules.State, error)) error {
	if _, err := op(c.Context()); err != nil {
		return fail(err)
	}
	return h.status(c)
}

func (h *handlers) audit(c fiber.Ctx) error {
	limit := 50
	if v := c.Query("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > modules.AuditKeep {
			return httpx.Invalid("limit must be a whole number from 1 to 1000.", map[string]string{"limit": "1 to 1000"})
		}
		limit = n
	}
	entries, err := h.cfg.Registry.Audit(c.Context(), limit)
	if err != nil {
		return fail(err)
	}
	return c.JSON(fiber.Map{"entries": entries})
}

// fail maps the registry's errors to answers.
func fail(err error) error {
	switch {
	case errors.Is(err, modules.ErrUnknownModule), errors.Is(err, modules.ErrUnknownVersion):
		return httpx.Errorf(fiber.StatusNotFound, "not_found", "%s", err.Error())
	case errors.Is(err, modules.ErrVersionExists):
		return httpx.Errorf(fiber.StatusConflict, "version_exists", "%s", err.Error())
	case errors.Is(err, modules.ErrStateChanged), errors.Is(err, modules.ErrNoCanary):
		return httpx.Errorf(fiber.StatusConflict, "conflict", "%s", err.Error())
	case errors.Is(err, modules.ErrTooLarge):
		return httpx.Errorf(fiber.StatusRequestEntityTooLarge, "payload_too_large", "%s", err.Error())
	case errors.Is(err, modules.ErrBadUpload), errors.Is(err, modules.ErrBadRequest):
		return httpx.Errorf(fiber.StatusBadRequest, "invalid", "%s", err.Error())
	case errors.Is(err, modules.ErrNoStore):
		return httpx.Errorf(fiber.StatusServiceUnavailable, "storage_unavailable", "%s", err.Error())
	}
	return err
}
