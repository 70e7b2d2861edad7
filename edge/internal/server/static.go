package server

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/gofiber/fiber/v3"
	"github.com/gofiber/fiber/v3/middleware/static"
)

// The build directory is read-only to the edge (docs/security.md, "A read-only build").
// The front-end builds write a gzip and a brotli copy next to each compressible file
// (kit/build/webpack.cjs, PrecompressPlugin); the static middleware serves the copy a
// client accepts, and compresses a file that has none in memory. It never writes: a
// static handler over a plain directory would save compressed copies into it.

// compressedSuffixes name the precompressed copies by encoding (fiber.Config).
var compressedSuffixes = map[string]string{"gzip": ".gz", "br": ".br", "zstd": ".zst"}

// serveBuild is static.New over dir, read-only, with precompressed copies.
func serveBuild(dir string, cfg static.Config) fiber.Handler {
	cfg.FS = buildFS{os.DirFS(dir)}
	cfg.Compress = true
	return static.New("", cfg)
}

// buildFS is a build directory as an fs.FS. Given an fs.FS rather than a directory,
// fasthttp compresses files without a precompressed copy in memory instead of saving
// the result next to them. A copy older than its original (a file rebuilt without its
// copies) is hidden: fasthttp would delete it and compress again.
type buildFS struct{ fs.FS }

func (b buildFS) Open(name string) (fs.File, error) {
	if name == "." {
		// The static middleware checks its root once, on the first request; a build
		// that finishes after that must still be served.
		f, err := b.FS.Open(name)
		if errors.Is(err, fs.ErrNotExist) {
			return emptyDir{}, nil
		}
		return f, err
	}
	for _, suffix := range compressedSuffixes {
		original, ok := strings.CutSuffix(name, suffix)
		if !ok {
			continue
		}
		o, err := fs.Stat(b.FS, original)
		if err != nil {
			break
		}
		if c, err := fs.Stat(b.FS, name); err == nil && o.ModTime().Sub(c.ModTime()) >= time.Second {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
		}
		break
	}
	return b.FS.Open(name)
}

// emptyDir stands for a build directory that does not exist yet.
type emptyDir struct{}

func (emptyDir) Stat() (fs.FileInfo, error) { return emptyDirInfo{}, nil }
func (emptyDir) Read([]byte) (int, error) {
	return 0, &fs.PathError{Op: "read", Path: ".", Err: fs.ErrInvalid}
}
func (emptyDir) Close() error { return nil }

type emptyDirInfo struct{}

func (emptyDirInfo) Name() string       { return "." }
func (emptyDirInfo) Size() int64        { return 0 }
func (emptyDirInfo) Mode() fs.FileMode  { return fs.ModeDir | 0o555 }
func (emptyDirInfo) ModTime() time.Time { return time.Time{} }
func (emptyDirInfo) IsDir() bool        { return true }
func (emptyDirInfo) Sys() any           { return nil }
