// An order as it moves through the kitchen: loaded once, then kept current by the edge's
// event stream (Server-Sent Events), or by asking every few seconds where the browser or
// the network cannot keep a stream open.
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@henhouse/kit/api/client';
import { getOrder, orderEventsUrl, type Order } from '@henhouse/kit/api/checkout';
import { asApiError } from '@henhouse/kit/api/useLoad';

/** How often the fallback asks for the order, in ms. */
export const POLL_MS = 5000;
/** Failed reconnections in a row before the page stops using the stream. */
const MAX_STREAM_FAILURES = 3;
/** EventSource.CLOSED: the browser will not reconnect. */
const CLOSED = 2;

const final = (o: Order | null) => o?.status === 'completed' || o?.status === 'cancelled';

export type OrderState =
  | { status: 'loading'; order: null; error: null }
  | { status: 'ready'; order: Order; error: null; live: 'stream' | 'polling' | 'done' }
  | { status: 'error'; order: null; error: ApiError };

export function useOrderStatus(id: string, opts: { pollMs?: number; EventSourceImpl?: typeof EventSource } = {}) {
  const [state, setState] = useState<OrderState>({ status: 'loading', order: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const orderRef = useRef<Order | null>(null);
  const pollMs = opts.pollMs ?? POLL_MS;
  const ES =
    'EventSourceImpl' in opts ? opts.EventSourceImpl : typeof EventSource === 'undefined' ? undefined : EventSource;

  useEffect(() => {
    let gone = false;
    let es: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ctl = new AbortController();
    const show = (o: Order, live: 'stream' | 'polling') => {
      orderRef.current = o;
      if (!gone) setState({ status: 'ready', order: o, error: null, live: final(o) ? 'done' : live });
    };
    const poll = () => {
      if (gone || final(orderRef.current)) return;
      timer = setTimeout(() => {
        getOrder(id, ctl.signal).then(
          (r) => {
            show(r.order, 'polling');
            poll();
          },
          // A failed poll is tried again at the next tick; the last status stays on screen.
          () => poll(),
        );
      }, pollMs);
    };
    const stream = () => {
      if (!ES || final(orderRef.current)) return poll();
      const source = new ES(orderEventsUrl(id), { withCredentials: true });
      es = source;
      let failures = 0;
      source.addEventListener('order', (e) => {
        failures = 0;
        try {
          show((JSON.parse((e as MessageEvent).data) as { order: Order }).order, 'stream');
        } catch {
          /* a malformed event is skipped; the next one carries the whole order again */
        }
        if (final(orderRef.current)) source.close();
      });
      source.onerror = () => {
        // The browser reconnects a dropped stream by itself (the edge ends each one after
        // ten minutes). A stream refused outright, or one that keeps failing (a proxy that
        // does not pass it on), gives way to asking every few seconds.
        failures++;
        if (es === source && (source.readyState === CLOSED || failures >= MAX_STREAM_FAILURES)) {
          source.close();
          es = null;
          if (!gone) setState((s) => (s.status === 'ready' ? { ...s, live: 'polling' } : s));
          poll();
        }
      };
    };
    getOrder(id, ctl.signal).then(
      (r) => {
        show(r.order, ES ? 'stream' : 'polling');
        stream();
      },
      (e: unknown) => !gone && setState({ status: 'error', order: null, error: asApiError(e) }),
    );
    return () => {
      gone = true;
      ctl.abort();
      es?.close();
      if (timer) clearTimeout(timer);
    };
  }, [id, attempt, pollMs, ES]);

  return {
    ...state,
    retry: () => setAttempt((a) => a + 1),
    /** replace puts an answer of an action (I'm here, cancel) on screen at once. */
    replace: (o: Order) => {
      orderRef.current = o;
      setState((s) => ({
        status: 'ready',
        order: o,
        error: null,
        live: final(o) ? 'done' : s.status === 'ready' ? s.live : 'stream',
      }));
    },
  };
}
