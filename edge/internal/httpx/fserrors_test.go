package httpx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http/httptest"
	"os"
	"strings"
	"syscall"
	"testing"

	"github.com/gofiber/fiber/v3"
)

// A filesystem error is the edge's own fault, not a dependency being away: it is
// logged and answered 500 internal, whatever errno it carries, never 503
// storage_unavailable.
func TestFilesystemErrorsAre500(t *testing.T) {
	var logs bytes.Buffer
	app := fiber.New(fiber.Config{ErrorHandler: ErrorHandler(slog.New(slog.NewTextHandler(&logs, nil)))})
	errs := map[string]error{
		"/nospace":   fmt.Errorf("publish: %w", &fs.PathError{Op: "write", Path: "/build/modules/x", Err: syscall.ENOSPC}),
		"/denied":    &fs.PathError{Op: "open", Path: "/build/x", Err: syscall.EACCES},
		"/timeout":   &fs.PathError{Op: "read", Path: "/mnt/nfs/x", Err: syscall.ETIMEDOUT},
		"/reset":     &fs.PathError{Op: "read", Path: "/mnt/nfs/x", Err: syscall.ECONNRESET},
		"/truncated": fmt.Errorf("tar: %w", &fs.PathError{Op: "read", Path: "x.tgz", Err: io.ErrUnexpectedEOF}),
		"/link":      &os.LinkError{Op: "rename", Old: "a", New: "b", Err: syscall.EXDEV},
		"/errno":     fmt.Errorf("mkdir: %w", syscall.EROFS),
	}
	for path, err := range errs {
		app.Get(path, func(c fiber.Ctx) error { return err })
	}
	for path := range errs {
		resp, err := app.Test(httptest.NewRequest("GET", path, nil))
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Error Error `json:"error"`
		}
		_ = json.NewDecoder(resp.Body).Decode(&out)
		if resp.StatusCode != 500 || out.Error.Code != "internal" || resp.Header.Get("Retry-After") != "" {
			t.Errorf("%s: %d %+v, want 500 internal", path, resp.StatusCode, out.Error)
		}
	}
	if n := strings.Count(logs.String(), "unhandled error"); n != len(errs) {
		t.Errorf("%d errors logged, want %d:\n%s", n, len(errs), logs.String())
	}
}
