package modules

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"gocloud.dev/blob"
)

// A registry over a bucket (here a directory through fileblob, as a shared volume
// would be): publishing writes the version's files into the bucket and nothing into
// the registry's directory, a second registry on the same bucket lists it and reads
// its files checked, a version whose integrity file is not written yet is not listed,
// and a file changed in the bucket is refused.
func TestRegistryOverABucket(t *testing.T) {
	ctx := context.Background()
	shared := t.TempDir()
	open := func() *Registry {
		t.Helper()
		b, err := OpenBucket(ctx, "file://"+filepath.ToSlash(shared)+"?metadata=skip")
		if err != nil {
			t.Fatal(err)
		}
		r, err := OpenStore(filepath.Join(t.TempDir(), "modules"), b, nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		return r
	}
	a, b := open(), open()
	files := build("1.4.0")
	p, err := a.Publish(ctx, "mf-menu", "1.4.0", files, "alice")
	if err != nil || !p.Created {
		t.Fatalf("publish: %+v %v", p, err)
	}
	if _, err := os.Stat(filepath.Join(a.Dir(), "mf-menu")); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("the registry's directory holds the version: %v", err)
	}
	if again, err := a.Publish(ctx, "mf-menu", "1.4.0", build("1.4.0"), "alice"); err != nil || again.Created {
		t.Fatalf("the same files again: %+v %v", again, err)
	}
	other := build("1.4.0")
	other["remoteEntry.js"] = []byte("var other")
	if _, err := b.Publish(ctx, "mf-menu", "1.4.0", other, "bob"); !errors.Is(err, ErrVersionExists) {
		t.Fatalf("other files for the version through the other edge: %v", err)
	}

	if err := b.Rescan(); err != nil {
		t.Fatal(err)
	}
	m, ok := b.Resolve(ctx, "mf-menu", "v1")
	if !ok || m.Version != "1.4.0" || m.Integrity != sri(files["remoteEntry.js"]) {
		t.Fatalf("the other registry: %+v %v", m, ok)
	}
	for _, f := range []string{"remoteEntry.js", "static/js/1.js.gz"} {
		if got, err := b.File(ctx, "mf-menu", "1.4.0", f); err != nil || string(got) != string(files[f]) {
			t.Errorf("%s: %q %v", f, got, err)
		}
	}
	for _, f := range []string{"static/js/2.js", "../1.3.0/remoteEntry.js"} {
		if _, err := b.File(ctx, "mf-menu", "1.4.0", f); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s: %v, want not found", f, err)
		}
	}

	// Half a version: its files but no integrity file yet.
	bucket, err := blob.OpenBucket(ctx, "file://"+filepath.ToSlash(shared)+"?metadata=skip")
	if err != nil {
		t.Fatal(err)
	}
	defer bucket.Close()
	for f, body := range build("1.5.0") {
		if err := bucket.WriteAll(ctx, "mf-menu/1.5.0/"+f, body, nil); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Rescan(); err != nil || slices.Contains(b.Versions("mf-menu"), "1.5.0") {
		t.Fatalf("a version without its integrity file is listed: %v %v", b.Versions("mf-menu"), err)
	}

	if err := bucket.WriteAll(ctx, "mf-menu/1.4.0/static/js/1.js", []byte("stealCards()"), nil); err != nil {
		t.Fatal(err)
	}
	if got, err := b.File(ctx, "mf-menu", "1.4.0", "static/js/1.js"); !errors.Is(err, ErrIntegrity) || got != nil {
		t.Fatalf("a changed file: %q %v", got, err)
	}
}
