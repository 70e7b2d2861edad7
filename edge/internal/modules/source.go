package modules

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	// The bucket kinds MODULE_STORE may name (gocloud.dev URLs). Google Cloud Storage
	// and Azure Blob Storage drivers are left out: together they add 42 MB to the edge's
	// binary (63 MB without a store, 75 MB with these two, 117 MB with all four). Cloud
	// Storage is reached through its S3-compatible endpoint, Azure through a mount.
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/s3blob"
)

// source is where published versions' files live: the modules directory on the edge's
// own disk, or a bucket every edge shares (MODULE_STORE). Both hold the same layout,
// <name>/<version>/<file>, with an IntegrityFile per version.
type source interface {
	// list returns every version that may be published, by module name.
	list(ctx context.Context) (map[string][]string, error)
	// read returns one file of a version; an error wrapping fs.ErrNotExist when absent.
	read(ctx context.Context, name, version, file string) ([]byte, error)
	// integrity returns the integrity of each file of a version; an error wrapping
	// fs.ErrNotExist when the version is not (completely) there.
	integrity(ctx context.Context, name, version string) (map[string]string, error)
	// write stores a version's files and then its IntegrityFile. errRaced: the version
	// appeared meanwhile (another edge published it).
	write(ctx context.Context, name, version string, files map[string][]byte, integrity []byte) error
}

var errRaced = errors.New("modules: version published meanwhile")

// dirSource is the modules directory on local disk.
type dirSource struct{ dir string }

func (d dirSource) list(context.Context) (map[string][]string, error) {
	out := map[string][]string{}
	names, err := os.ReadDir(d.dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("modules: %w", err)
	}
	for _, n := range names {
		if !n.IsDir() || !nameRe.MatchString(n.Name()) {
			continue
		}
		vers, _ := os.ReadDir(filepath.Join(d.dir, n.Name()))
		for _, v := range vers {
			if v.IsDir() && versionRe.MatchString(v.Name()) {
				out[n.Name()] = append(out[n.Name()], v.Name())
			}
		}
	}
	return out, nil
}

func (d dirSource) read(_ context.Context, name, version, file string) ([]byte, error) {
	return os.ReadFile(filepath.Join(d.dir, name, version, filepath.FromSlash(file)))
}

func (d dirSource) integrity(_ context.Context, name, version string) (map[string]string, error) {
	return readIntegrity(filepath.Join(d.dir, name, version))
}

func (d dirSource) write(_ context.Context, name, version string, files map[string][]byte, integrity []byte) error {
	if err := os.MkdirAll(filepath.Join(d.dir, name), 0o755); err != nil {
		return err
	}
	// Written beside the target under a name the scan ignores, then renamed in one step:
	// an edge never sees half a version.
	tmp, err := os.MkdirTemp(filepath.Join(d.dir, name), ".publish-"+version+"-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for p, b := range files {
		if p == IntegrityFile {
			continue
		}
		dst := filepath.Join(tmp, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, IntegrityFile), integrity, 0o644); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return err
	}
	target := filepath.Join(d.dir, name, version)
	if err := os.Rename(tmp, target); err != nil {
		if _, serr := os.Stat(filepath.Join(target, IntegrityFile)); serr == nil {
			return errRaced
		}
		return err
	}
	return nil
}

// bucketSource is a bucket shared by every edge. A version counts once its
// IntegrityFile is there: it is written last, so an edge never takes half a version.
type bucketSource struct{ b *blob.Bucket }

func (s bucketSource) list(ctx context.Context) (map[string][]string, error) {
	out := map[string][]string{}
	names, err := s.dirs(ctx, "")
	if err != nil {
		return nil, err
	}
	for _, n := range names {
		if !nameRe.MatchString(n) {
			continue
		}
		vers, err := s.dirs(ctx, n+"/")
		if err != nil {
			return nil, err
		}
		for _, v := range vers {
			if versionRe.MatchString(v) {
				out[n] = append(out[n], v)
			}
		}
	}
	return out, nil
}

// dirs lists the "directories" right under prefix.
func (s bucketSource) dirs(ctx context.Context, prefix string) ([]string, error) {
	var out []string
	it := s.b.List(&blob.ListOptions{Prefix: prefix, Delimiter: "/"})
	for {
		o, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("modules: listing the module store: %w", err)
		}
		if o.IsDir {
			out = append(out, strings.TrimSuffix(strings.TrimPrefix(o.Key, prefix), "/"))
		}
	}
}

func (s bucketSource) read(ctx context.Context, name, version, file string) ([]byte, error) {
	b, err := s.b.ReadAll(ctx, path.Join(name, version, file))
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, fmt.Errorf("modules: %s@%s/%s: %w", name, version, file, fs.ErrNotExist)
	}
	return b, err
}

func (s bucketSource) integrity(ctx context.Context, name, version string) (map[string]string, error) {
	b, err := s.read(ctx, name, version, IntegrityFile)
	if err != nil {
		return nil, err
	}
	var m map[string]string
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("modules: %s@%s/%s: %w", name, version, IntegrityFile, err)
	}
	return m, nil
}

func (s bucketSource) write(ctx context.Context, name, version string, files map[string][]byte, integrity []byte) error {
	for p, b := range files {
		if p == IntegrityFile {
			continue
		}
		if err := s.b.WriteAll(ctx, path.Join(name, version, p), b, nil); err != nil {
			return fmt.Errorf("modules: writing to the module store: %w", err)
		}
	}
	// Last, and only when no other edge wrote it meanwhile (where the store can tell).
	err := s.b.Upload(ctx, path.Join(name, version, IntegrityFile), bytes.NewReader(integrity),
		&blob.WriterOptions{ContentType: "application/json", IfNotExist: true})
	if gcerrors.Code(err) == gcerrors.FailedPrecondition {
		return errRaced
	}
	if err != nil {
		return fmt.Errorf("modules: writing to the module store: %w", err)
	}
	return nil
}

// OpenBucket opens a module store URL (gocloud.dev/blob: s3://, file://).
func OpenBucket(ctx context.Context, url string) (*blob.Bucket, error) {
	b, err := blob.OpenBucket(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("modules: MODULE_STORE: %w", err)
	}
	return b, nil
}

// ErrIntegrity: a file read from the module store does not hold the bytes its
// version's IntegrityFile names (changed or damaged in the store). It is never served.
var ErrIntegrity = errors.New("modules: file does not match its published integrity")

// File reads one file of a published version from where versions live, checked
// against the version's integrity: an error wrapping fs.ErrNotExist for a version or
// file the registry does not know, ErrIntegrity for bytes that do not match.
func (r *Registry) File(ctx context.Context, name, version, file string) ([]byte, error) {
	notFound := fmt.Errorf("modules: %s@%s/%s: %w", name, version, file, fs.ErrNotExist)
	if !safePath(file) {
		return nil, notFound
	}
	r.mu.RLock()
	p, ok := r.versions[name][version]
	r.mu.RUnlock()
	if !ok {
		return nil, notFound
	}
	want, listed := p.integrity[file]
	if !listed && file != IntegrityFile {
		return nil, notFound
	}
	b, err := r.src.read(ctx, name, version, file)
	if err != nil {
		return nil, err
	}
	if listed && Integrity(b) != want {
		return nil, fmt.Errorf("%w: %s@%s/%s", ErrIntegrity, name, version, file)
	}
	return b, nil
}
