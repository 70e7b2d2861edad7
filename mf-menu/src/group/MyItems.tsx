// A participant's own items in the native app (docs/group-orders.md, "Join"): the app
// layout has no cart drawer, so the group's page lists them itself, each with Remove,
// with "I'm done" for the host to see. The browser's drawer does the same on the site.
import { useState } from 'react';
import { removeGroupLine, setGroupDone } from '@henhouse/kit/api/group';
import type { GroupView } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { money } from '@henhouse/kit/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { Button } from '@henhouse/kit/ui/controls/Button';

export function MyItems({ group: g }: { group: GroupView }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const me = g.me;
  if (!me) return null;
  const open = g.state === 'open';
  const run = async (call: () => Promise<{ group: GroupView }>) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      useAppStore.getState().set({ group: (await call()).group });
    } catch (e) {
      setError(messageFor(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="hh-group-mine" aria-labelledby="hh-group-mine-title">
      <h3 id="hh-group-mine-title">Your items</h3>
      {me.products.length === 0 ? (
        <p>Nothing yet: add what you'd like from the menu below.</p>
      ) : (
        <ul className="hh-group-mine__list">
          {me.products.map((l) => (
            <li key={l.id}>
              <span>
                {l.quantity > 1 ? `${l.quantity} × ` : ''}
                {l.data.name}
              </span>{' '}
              <span>{money(l.total_cents)}</span>
              {open && (
                <Button
                  type="button"
                  variant="ghost"
                  aria-label={`Remove ${l.data.name}`}
                  onClick={() => void run(() => removeGroupLine(g.code, l.id))}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <Button type="button" variant="secondary" onClick={() => void run(() => setGroupDone(g.code, !me.done))}>
          {me.done ? 'I’m not done' : 'I’m done'}
        </Button>
      )}
      {me.done && open && <p role="status">{g.host_name} can see you’re done.</p>}
      {error && (
        <p className="hh-field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
