// Package random hands out bytes from crypto/rand read ahead in blocks. A new
// visitor's page needs three small reads (visitor id, CSRF token pad, CSP nonce), and
// each crypto/rand.Read has a fixed cost (getrandom, a system call where the kernel
// has no vDSO for it); one 4 KB read serves about sixty visitors.
//
// Every byte comes from crypto/rand and is handed out once: a block belongs to one
// caller between taking it from the pool and putting it back, and a block the pool
// drops is never read again.
package random

import (
	"crypto/rand"
	"sync"
)

// blockSize is how much is read from crypto/rand at a time: about sixty new visitors.
const blockSize = 4096

type block struct {
	b   [blockSize]byte
	off int // bytes of b already handed out
}

var blocks = sync.Pool{New: func() any { return &block{off: blockSize} }}

// Read fills p with random bytes from crypto/rand. Reads larger than a block go to
// crypto/rand directly.
func Read(p []byte) {
	if len(p) > blockSize/4 {
		_, _ = rand.Read(p) // crypto/rand.Read never fails (it panics where no source exists)
		return
	}
	k := blocks.Get().(*block)
	if blockSize-k.off < len(p) {
		_, _ = rand.Read(k.b[:])
		k.off = 0
	}
	n := copy(p, k.b[k.off:])
	clear(k.b[k.off : k.off+n]) // a byte handed out is not kept
	k.off += n
	blocks.Put(k)
}
