package store

import (
	"context"
	"errors"
	"io"
	"net"

	"github.com/redis/go-redis/v9"
)

// A Cluster client sends a command again when its answer does not come: after a
// read timeout or a connection closed mid-answer, it tries the same node, then
// another, up to MaxRedirects times (MaxRetries, which the edge sets to -1, does not
// govern this). Redis may well have run the command the first time: a cart change
// would then be made twice, or answered as a change by someone else; a second
// LPUSH would list an order twice. The edge sends every command once: a lost answer
// is an error (the breaker counts it, the guest is told to try again, and the
// operations that must not be repeated carry their own keys: idempotency keys,
// cart versions). Redirections (MOVED, ASK) and answers saying a command was not run
// (TRYAGAIN, CLUSTERDOWN, LOADING) are still followed: nothing ran twice.
//
// Pipelines and transactions decide their retries inside go-redis, out of a hook's
// reach; docs/operations.md ("Keys and Cluster slots") says what that leaves.

// sentOnce is each Cluster node's hook: it hides a lost answer from the Cluster
// client's retry, which tells such errors by their type (a timeout, io.EOF).
type sentOnce struct{}

func (sentOnce) DialHook(next redis.DialHook) redis.DialHook { return next }

func (sentOnce) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return hideLostAnswer(next(ctx, cmd))
	}
}

func (sentOnce) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// lostAnswer is an error after which a command may or may not have run. It has no
// Unwrap on purpose: go-redis's retry looks through wrapping for timeouts and EOFs.
// answerLost, on the Cluster client itself, puts the original error back, so
// callers and the breaker see what happened.
type lostAnswer struct{ err error }

func (e lostAnswer) Error() string { return e.err.Error() }

func hideLostAnswer(err error) error {
	if err == nil {
		return nil
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" {
		return err // never connected: nothing was sent, a retry is safe
	}
	var ne net.Error
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || (errors.As(err, &ne) && ne.Timeout()) {
		return lostAnswer{err}
	}
	return err
}

// answerLost is the Cluster client's innermost hook: it gives callers the error
// sentOnce hid from the retry.
type answerLost struct{}

func (answerLost) DialHook(next redis.DialHook) redis.DialHook { return next }

func (answerLost) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		err := next(ctx, cmd)
		var lost lostAnswer
		if errors.As(err, &lost) {
			cmd.SetErr(lost.err)
			return lost.err
		}
		return err
	}
}

func (answerLost) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return next
}

// newUniversalClient is redis.NewUniversalClient, with commands sent once on a Cluster.
func newUniversalClient(o *redis.UniversalOptions) redis.UniversalClient {
	if o.MasterName != "" || (len(o.Addrs) <= 1 && !o.IsClusterMode) {
		return redis.NewUniversalClient(o)
	}
	co := o.Cluster()
	co.NewClient = func(opt *redis.Options) *redis.Client {
		c := redis.NewClient(opt)
		c.AddHook(sentOnce{})
		return c
	}
	return redis.NewClusterClient(co)
}
