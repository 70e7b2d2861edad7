package modules

import (
	"crypto/sha512"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// IntegrityFile is written into each version's directory when it is published: the
// Subresource Integrity value ("sha384-<base64>") of every other file in it, by path
// relative to the version's directory. A version copied onto the disk without one has
// its files hashed when the registry scans it.
const IntegrityFile = "mf-integrity.json"

// Integrity is the Subresource Integrity value of b: "sha384-" and the base64 of its
// SHA-384 digest.
func Integrity(b []byte) string {
	sum := sha512.Sum384(b)
	return "sha384-" + base64.StdEncoding.EncodeToString(sum[:])
}

// readIntegrity returns the integrity of every file of a version's directory: from
// its IntegrityFile when there is one, else hashed from the files.
func readIntegrity(dir string) (map[string]string, error) {
	if b, err := os.ReadFile(filepath.Join(dir, IntegrityFile)); err == nil {
		var m map[string]string
		if err := json.Unmarshal(b, &m); err != nil {
			return nil, err
		}
		return m, nil
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	return hashDir(dir)
}

// hashDir hashes every regular file under dir but the IntegrityFile.
func hashDir(dir string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if rel == IntegrityFile {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		out[rel] = Integrity(b)
		return nil
	})
	return out, err
}

// sameFiles reports whether two integrity maps name the same files with the same bytes.
func sameFiles(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
