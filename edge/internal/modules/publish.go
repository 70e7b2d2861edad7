package modules

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

var (
	// ErrVersionExists: the version is published with other bytes; published files
	// never change (browsers cache them for a year), so a fix is a new version.
	ErrVersionExists = errors.New("modules: this version is already published with other files")
	// ErrBadUpload: not a version's build (no readable mf-manifest.json, a path
	// outside the version, a bad name or version), or a build made against another
	// major version of a singleton the page shares with the shell (singletons.go).
	ErrBadUpload = errors.New("modules: not a publishable build")
)

// Published is the outcome of Publish.
type Published struct {
	Module  string `json:"module"`
	Version string `json:"version"`
	// Created is false when the same files were already published (nothing changed).
	Created bool `json:"created"`
	// Files is the integrity of each file, by path inside the version.
	Files map[string]string `json:"files"`
}

// ValidName reports whether name can be a module ("mf-menu").
func ValidName(name string) bool { return nameRe.MatchString(name) }

// ValidVersion reports whether v is a version ("1.4.0", "1.5.0-rc.1").
func ValidVersion(v string) bool { return versionRe.MatchString(v) }

// Publish puts a version's files (paths relative to the version, as the build wrote
// them) under <name>/<version>/ (in Dir, or the module store every edge shares) with
// an IntegrityFile, and tells every edge to
// scan again. Publishing the same files again changes nothing; other files for a
// published version are refused (ErrVersionExists). The version goes to no visitor
// until it is made stable or a canary, unless the module had no version at all.
// A build whose shared singletons (React, zustand, the kit) are another major version
// than the shell's is refused (ErrBadUpload): the page has one copy of each.
func (r *Registry) Publish(ctx context.Context, name, version string, files map[string][]byte, actor string) (Published, error) {
	if !ValidName(name) || !ValidVersion(version) {
		return Published{}, fmt.Errorf("%w: module name %q or version %q", ErrBadUpload, name, version)
	}
	sums := map[string]string{}
	for p, b := range files {
		if !safePath(p) {
			return Published{}, fmt.Errorf("%w: file path %q", ErrBadUpload, p)
		}
		if p == IntegrityFile {
			continue // written by the edge
		}
		sums[p] = Integrity(b)
	}
	if err := sameCompressedCopies(files); err != nil {
		return Published{}, err
	}
	man, ok := files["mf-manifest.json"]
	if !ok {
		return Published{}, fmt.Errorf("%w: no mf-manifest.json", ErrBadUpload)
	}
	if _, err := parseManifest(man); err != nil {
		return Published{}, fmt.Errorf("%w: mf-manifest.json: %v", ErrBadUpload, err)
	}
	if err := r.checkSingletons(name, man); err != nil {
		return Published{}, err
	}
	out := Published{Module: name, Version: version, Files: sums}
	have, err := r.src.integrity(ctx, name, version)
	if err == nil {
		if !sameFiles(have, sums) {
			return Published{}, fmt.Errorf("%w: %s@%s", ErrVersionExists, name, version)
		}
		return out, r.announceRescan(ctx) // a scan may have missed it
	} else if !errors.Is(err, fs.ErrNotExist) {
		return Published{}, err
	}
	if err := r.pinStable(ctx, name); err != nil {
		return Published{}, err
	}
	ib, _ := json.MarshalIndent(sums, "", "  ")
	if err := r.src.write(ctx, name, version, files, ib); err != nil {
		if !errors.Is(err, errRaced) {
			return Published{}, err
		}
		// Another edge published it meanwhile: the same files are fine.
		have, herr := r.src.integrity(ctx, name, version)
		if herr != nil {
			return Published{}, herr
		}
		if !sameFiles(have, sums) {
			return Published{}, fmt.Errorf("%w: %s@%s", ErrVersionExists, name, version)
		}
		return out, nil
	}
	out.Created = true
	if err := r.Rescan(); err != nil {
		return out, err
	}
	if r.store != nil {
		r.audit(ctx, AuditEntry{Actor: actor, Action: "publish", Module: name, Version: version,
			Detail: fmt.Sprintf("%d files", len(sums))})
	}
	return out, r.announceRescan(ctx)
}

// pinStable records the stable version in force when none is recorded (the newest on
// disk), so that a newer version published next to it goes to no visitor by itself.
func (r *Registry) pinStable(ctx context.Context, name string) error {
	if r.store == nil || len(r.Versions(name)) == 0 {
		return nil
	}
	read, eff, err := r.current(ctx, name)
	if err != nil || read.Stable == eff.Stable {
		return err
	}
	_, err = r.cas(ctx, name, read, "stable", eff.Stable)
	return err
}

// rescanMessage on the change channel makes every edge scan the modules directory
// again (edges that share it see a version another one published).
const rescanMessage = "*rescan"

func (r *Registry) announceRescan(ctx context.Context) error {
	if r.store == nil {
		return nil
	}
	return r.store.Client.Publish(ctx, r.changedChannel(), rescanMessage).Err()
}

// sameCompressedCopies refuses a build whose precompressed copies (X.gz, X.br, X.zst,
// which the edge serves in place of X to browsers that take them) hold other bytes
// than X: browsers would run code the integrity was not computed for, or refuse it.
// Such a build is usually an edited file whose copies were not made again.
func sameCompressedCopies(files map[string][]byte) error {
	for p, b := range files {
		ext := path.Ext(p)
		decode, ok := decoders[ext]
		if !ok {
			continue
		}
		orig, ok := files[strings.TrimSuffix(p, ext)]
		if !ok {
			continue
		}
		got, err := decode(b, len(orig))
		if err != nil || !bytes.Equal(got, orig) {
			return fmt.Errorf("%w: %s does not hold the bytes of %s (compress it again from that file)", ErrBadUpload, p, strings.TrimSuffix(p, ext))
		}
	}
	return nil
}

// decoders read a precompressed copy, at most want+1 bytes of it (a copy longer than
// the original differs from it whatever follows).
var decoders = map[string]func(b []byte, want int) ([]byte, error){
	".gz": func(b []byte, want int) ([]byte, error) {
		zr, err := gzip.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		return io.ReadAll(io.LimitReader(zr, int64(want)+1))
	},
	".br": func(b []byte, want int) ([]byte, error) {
		return io.ReadAll(io.LimitReader(brotli.NewReader(bytes.NewReader(b)), int64(want)+1))
	},
	".zst": func(b []byte, want int) ([]byte, error) {
		zr, err := zstd.NewReader(bytes.NewReader(b))
		if err != nil {
			return nil, err
		}
		defer zr.Close()
		return io.ReadAll(io.LimitReader(zr, int64(want)+1))
	},
}

func safePath(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.Contains(p, "\\") || strings.Contains(p, "\x00") {
		return false
	}
	clean := path.Clean(p)
	return clean == p && clean != "." && !strings.HasPrefix(clean, "../") && clean != ".."
}

// An upload's bounds besides its bytes: a small archive of empty entries must not
// make the edge hold a map of hundreds of thousands of names. A remote's build has a
// few hundred files with short names.
const (
	// MaxUploadFiles is the most files one version may hold.
	MaxUploadFiles = 5000
	// MaxUploadPath is the longest path, in bytes, of a file in a version.
	MaxUploadPath = 200
)

// ReadTar reads a tar archive, gzip-compressed or not, of a version's files (as
// TarDir writes it), holding at most limit bytes of files, MaxUploadFiles files and
// paths of MaxUploadPath bytes; the raw archive may be at most 1 MB more than limit.
func ReadTar(r io.Reader, limit int64) (map[string][]byte, error) {
	raw := &io.LimitedReader{R: r, N: limit + 1<<20 + 1}
	files, err := readTar(raw, limit)
	if raw.N <= 0 {
		return nil, fmt.Errorf("%w: the archive is larger than %d bytes", ErrTooLarge, limit+1<<20)
	}
	return files, err
}

func readTar(r io.Reader, limit int64) (map[string][]byte, error) {
	br := bufioPeek(r)
	var src io.Reader = br
	if head, _ := br.Peek(2); len(head) == 2 && head[0] == 0x1f && head[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadUpload, err)
		}
		defer zr.Close()
		src = zr
	}
	tr := tar.NewReader(src)
	files := map[string][]byte{}
	var total int64
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadUpload, err)
		}
		switch h.Typeflag {
		case tar.TypeDir:
			continue
		case tar.TypeReg:
		default:
			return nil, fmt.Errorf("%w: %q is not a regular file", ErrBadUpload, h.Name)
		}
		name := strings.TrimPrefix(h.Name, "./")
		if len(name) > MaxUploadPath {
			return nil, fmt.Errorf("%w: a file path is longer than %d bytes", ErrBadUpload, MaxUploadPath)
		}
		if !safePath(name) {
			return nil, fmt.Errorf("%w: file path %q", ErrBadUpload, h.Name)
		}
		if len(files) >= MaxUploadFiles {
			return nil, fmt.Errorf("%w: more than %d files", ErrTooLarge, MaxUploadFiles)
		}
		total += h.Size
		if total > limit {
			return nil, fmt.Errorf("%w: more than %d bytes of files", ErrTooLarge, limit)
		}
		b, err := io.ReadAll(io.LimitReader(tr, h.Size))
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrBadUpload, err)
		}
		files[name] = b
	}
	return files, nil
}

// ErrTooLarge: the upload is over the limit.
var ErrTooLarge = errors.New("modules: upload too large")

// TarDir writes a gzip-compressed tar of every regular file under dir (paths relative
// to dir), the form Publish's admin route takes.
func TarDir(dir string) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := tw.WriteHeader(&tar.Header{Name: filepath.ToSlash(rel), Mode: 0o644, Size: int64(len(b)), Typeflag: tar.TypeReg}); err != nil {
			return err
		}
		_, err = tw.Write(b)
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func (r *Registry) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}

func bufioPeek(r io.Reader) *bufio.Reader { return bufio.NewReader(r) }
