package server

import (
	"context"
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"golang.org/x/sync/singleflight"

	"github.com/henhouse/platform/edge/internal/modules"
	"github.com/henhouse/platform/edge/internal/site"
)

// With a module store (MODULE_STORE) the versions' files are not on the edge's disk.
// storeFiles fetches each file the first time it is asked for, checks it against its
// version's integrity, and keeps it in a cache directory, from which the same static
// handler as for the build directory serves it (precompressed copies, cache headers).
// Published files never change, so a file kept once is good for as long as it stays.
type storeFiles struct {
	reg   *modules.Registry
	dir   string
	log   *slog.Logger
	group singleflight.Group
}

// fetchTimeout bounds fetching one file and its precompressed copies from the store.
const fetchTimeout = 30 * time.Second

// handler puts the requested file into the cache directory before the static handler
// looks for it. A file the registry does not know is left to the static handler (404);
// one that fails its integrity check is answered 502 and logged, never served.
func (m *storeFiles) handler(c fiber.Ctx) error {
	rel := strings.TrimPrefix(c.Path(), modules.URLPrefix+"/")
	name, rest, _ := strings.Cut(rel, "/")
	version, file, _ := strings.Cut(rest, "/")
	if !modules.ValidName(name) || !modules.ValidVersion(version) || file == "" || strings.HasPrefix(file, ".") {
		return c.Next()
	}
	dst := filepath.Join(m.dir, name, version, filepath.FromSlash(file))
	if !strings.HasPrefix(dst, filepath.Join(m.dir, name, version)+string(filepath.Separator)) {
		return c.Next()
	}
	if _, err := os.Stat(dst); err == nil {
		return c.Next()
	}
	_, err, _ := m.group.Do(dst, func() (any, error) {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		return nil, m.fetch(ctx, name, version, file, dst)
	})
	switch {
	case err == nil, errors.Is(err, fs.ErrNotExist):
		return c.Next()
	case errors.Is(err, modules.ErrIntegrity):
		m.log.Error("module file in the store does not match its published integrity; not served",
			"module", name, "version", version, "file", file, "err", err)
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		return c.Status(fiber.StatusBadGateway).SendString("module file failed its integrity check")
	default:
		m.log.Error("module file not fetched from the module store", "module", name, "version", version, "file", file, "err", err)
		c.Set(fiber.HeaderCacheControl, site.NoStore)
		return c.Status(fiber.StatusBadGateway).SendString("module store unavailable")
	}
}

// fetch writes a file and its precompressed copies, each checked, into the cache
// directory: the copies first, so that once the file is there the static handler finds
// them too. A copy that cannot be had is left out (the file is compressed in memory).
func (m *storeFiles) fetch(ctx context.Context, name, version, file, dst string) error {
	b, err := m.reg.File(ctx, name, version, file)
	if err != nil {
		return err
	}
	for _, suffix := range compressedSuffixes {
		cb, err := m.reg.File(ctx, name, version, file+suffix)
		if err != nil {
			if !errors.Is(err, fs.ErrNotExist) {
				m.log.Warn("precompressed module file not fetched; the file is compressed on the fly",
					"module", name, "version", version, "file", file+suffix, "err", err)
			}
			continue
		}
		if err := modules.WriteAtomic(dst+suffix, cb); err != nil {
			return err
		}
	}
	return modules.WriteAtomic(dst, b)
}
