package random

import (
	"bytes"
	"testing"
)

// Bytes handed out are never handed out again: many small reads, no 16-byte value twice.
func TestReadNeverRepeats(t *testing.T) {
	seen := map[[16]byte]bool{}
	for range 20000 { // several blocks
		var v [16]byte
		Read(v[:])
		if v == ([16]byte{}) {
			t.Fatal("read returned zeros")
		}
		if seen[v] {
			t.Fatalf("value %x handed out twice", v)
		}
		seen[v] = true
	}
}

func TestReadLarge(t *testing.T) {
	a, b := make([]byte, 3*blockSize), make([]byte, 3*blockSize)
	Read(a)
	Read(b)
	if bytes.Equal(a, b) || bytes.Equal(a, make([]byte, len(a))) {
		t.Fatal("large reads are not random")
	}
}

func TestReadConcurrent(t *testing.T) {
	done := make(chan map[[16]byte]bool)
	for range 4 {
		go func() {
			m := map[[16]byte]bool{}
			for range 5000 {
				var v [16]byte
				Read(v[:])
				m[v] = true
			}
			done <- m
		}()
	}
	all := map[[16]byte]bool{}
	for range 4 {
		for v := range <-done {
			if all[v] {
				t.Fatalf("value %x handed out to two goroutines", v)
			}
			all[v] = true
		}
	}
	if len(all) != 20000 {
		t.Fatalf("%d distinct values of 20000", len(all))
	}
}

func BenchmarkRead66(b *testing.B) {
	var p [66]byte
	for b.Loop() {
		Read(p[:])
	}
}
