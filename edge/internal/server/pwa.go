package server

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"

	"github.com/henhouse/platform/edge/internal/csp"
	"github.com/henhouse/platform/edge/internal/site"
)

// pwaFile is one file of the installable web app, served at a fixed root path.
type pwaFile struct {
	route        string
	file         string // inside <buildDir>/shell
	contentType  string
	cacheControl string
	worker       bool
}

// The shell's build writes these (shell/webpack.config.js): the service worker next to
// entrypoints.json, the manifest and the offline page among the public files in static/.
var pwaFiles = []pwaFile{
	// The browser checks the worker for updates on navigations; no-cache makes every
	// check reach the edge, so a deploy's worker is found at once.
	{route: "/sw.js", file: "sw.js", contentType: "application/javascript; charset=utf-8", cacheControl: site.NoCache, worker: true},
	{route: "/sw.js.map", file: "sw.js.map", contentType: "application/json; charset=utf-8", cacheControl: site.NoCache},
	{route: "/manifest.webmanifest", file: filepath.Join("static", "manifest.webmanifest"), contentType: "application/manifest+json; charset=utf-8", cacheControl: site.PublicFor(time.Hour)},
	// Precached by the worker (with a revision); the HTTP cache must not hold an old one.
	{route: "/offline.html", file: filepath.Join("static", "offline.html"), contentType: "text/html; charset=utf-8", cacheControl: site.NoCache},
}

// mountPWA serves the service worker, the web app manifest and the offline page at the
// site root. Files are read on every request (they are small), so a new build is
// served without a restart; an ETag lets revalidation answer 304. A missing file is a
// plain-text 404. The offline page's policy allows its inline code by hash.
func mountPWA(app *fiber.App, buildDir string, policy *csp.Policy) {
	shell := filepath.Join(buildDir, "shell")
	for _, f := range pwaFiles {
		path := filepath.Join(shell, f.file)
		app.Get(f.route, func(c fiber.Ctx) error {
			body, err := os.ReadFile(path)
			if err != nil {
				c.Set(fiber.HeaderCacheControl, site.NoStore)
				return c.Status(fiber.StatusNotFound).SendString("file not found")
			}
			sum := sha256.Sum256(body)
			etag := `"` + hex.EncodeToString(sum[:8]) + `"`
			c.Set(fiber.HeaderContentType, f.contentType)
			c.Set(fiber.HeaderCacheControl, f.cacheControl)
			c.Set(fiber.HeaderETag, etag)
			if f.worker {
				c.Set("Service-Worker-Allowed", "/")
			}
			if strings.HasPrefix(f.contentType, "text/html") {
				// The offline page is also served by the service worker from its cache,
				// headers included: a policy by hashes fits every copy, a nonce would not.
				c.Set(csp.HeaderPolicy, policy.Static(body))
			}
			if etagMatches(c.Get(fiber.HeaderIfNoneMatch), etag) {
				return c.SendStatus(fiber.StatusNotModified)
			}
			return c.Send(body)
		})
	}
}

// etagMatches reports whether an If-None-Match header lists etag (weak or strong).
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

// defaultRobots lets crawlers read every page but not the API or the native app's
// webview pages, which are no pages of the site.
const defaultRobots = "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /app/\n"

// mountRobots serves the build's robots.txt (shell/static/robots.txt) when it has
// one, else defaultRobots.
func mountRobots(app *fiber.App, buildDir string) {
	path := filepath.Join(buildDir, "shell", "static", "robots.txt")
	app.Get("/robots.txt", func(c fiber.Ctx) error {
		body, err := os.ReadFile(path)
		if err != nil {
			body = []byte(defaultRobots)
		}
		c.Set(fiber.HeaderContentType, "text/plain; charset=utf-8")
		c.Set(fiber.HeaderCacheControl, site.PublicFor(time.Hour))
		return c.Send(body)
	})
}
