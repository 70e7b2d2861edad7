package storetest

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/redis/go-redis/v9"
)

// In a Redis Cluster every key lives in one of 16384 slots, and a command, script or
// MULTI/EXEC that names keys of several slots fails with CROSSSLOT. The stores this
// package gives tests refuse such calls the same way, so every test of code that
// uses the store also checks that its multi-key operations would run on a Cluster
// (docs/operations.md, "Keys and Cluster slots").

// Slot is the Cluster hash slot of a key: CRC16 of the key, or of the part between
// the first "{" and the next "}" when that part is not empty (the hash tag).
func Slot(key string) int {
	if s := strings.IndexByte(key, '{'); s >= 0 {
		if e := strings.IndexByte(key[s+1:], '}'); e > 0 {
			key = key[s+1 : s+1+e]
		}
	}
	return int(crc16(key) % 16384)
}

// crc16 is CRC-16/XMODEM, the checksum Redis Cluster uses.
func crc16(s string) uint16 {
	var crc uint16
	for i := 0; i < len(s); i++ {
		crc ^= uint16(s[i]) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// keysOf returns the keys a command names, for the commands the edge uses.
func keysOf(cmd redis.Cmder) []string {
	args := cmd.Args()
	str := func(from int, step int) []string {
		var out []string
		for i := from; i < len(args); i += step {
			out = append(out, fmt.Sprint(args[i]))
		}
		return out
	}
	switch cmd.Name() {
	case "multi", "exec", "discard", "ping", "select", "hello", "client", "script", "info", "time", "echo",
		"function", "command", "cluster", "readonly", "auth", "dbsize", "flushall", "flushdb", "keys", "scan", "unwatch",
		"publish": // a channel is no key: a Cluster takes a PUBLISH on any node, in any transaction
		return nil
	case "eval", "evalsha", "eval_ro", "evalsha_ro", "fcall", "fcall_ro":
		if len(args) < 3 {
			return nil
		}
		n, _ := strconv.Atoi(fmt.Sprint(args[2]))
		if 3+n > len(args) {
			return nil
		}
		return str(3, 1)[:n]
	case "mget", "del", "unlink", "exists", "touch", "watch", "sunionstore", "sinterstore", "sdiffstore", "sunion", "sinter", "sdiff":
		return str(1, 1)
	case "mset", "msetnx":
		return str(1, 2)
	case "rename", "renamenx", "smove", "lmove", "rpoplpush", "copy", "blmove", "brpoplpush":
		if len(args) < 3 {
			return nil
		}
		return []string{fmt.Sprint(args[1]), fmt.Sprint(args[2])}
	}
	if len(args) < 2 {
		return nil
	}
	return []string{fmt.Sprint(args[1])}
}

// slotCheck is the hook that refuses what a Cluster would refuse, and reports it
// (t.Errorf), so the test names the keys rather than a later symptom.
type slotCheck struct {
	report func(format string, args ...any)
}

func checkSlots(t testing.TB) slotCheck { return slotCheck{report: t.Errorf} }

func oneSlot(keys []string) bool {
	for _, k := range keys[min(1, len(keys)):] {
		if Slot(k) != Slot(keys[0]) {
			return false
		}
	}
	return true
}

func (h slotCheck) refuse(what string, keys []string) error {
	shown := strings.Join(keys[:min(len(keys), 6)], " ")
	if len(keys) > 6 {
		shown += fmt.Sprintf(" and %d more", len(keys)-6)
	}
	h.report("%s names keys in different Cluster slots (add a shared {hash tag}): %s", what, shown)
	return redis.ErrCrossSlot
}

func (h slotCheck) DialHook(next redis.DialHook) redis.DialHook {
	return func(ctx context.Context, network, addr string) (net.Conn, error) { return next(ctx, network, addr) }
}

func (h slotCheck) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		if keys := keysOf(cmd); !oneSlot(keys) {
			err := h.refuse(strings.ToUpper(cmd.Name()), keys)
			cmd.SetErr(err)
			return err
		}
		return next(ctx, cmd)
	}
}

func (h slotCheck) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		tx := len(cmds) > 0 && cmds[0].Name() == "multi"
		var all []string
		for _, c := range cmds {
			keys := keysOf(c)
			if !oneSlot(keys) {
				err := h.refuse(strings.ToUpper(c.Name())+" in a pipeline", keys)
				c.SetErr(err)
				return err
			}
			all = append(all, keys...)
		}
		if tx && !oneSlot(all) {
			err := h.refuse("MULTI/EXEC", all)
			for _, c := range cmds {
				c.SetErr(err)
			}
			return err
		}
		return next(ctx, cmds)
	}
}
