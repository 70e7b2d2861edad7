// The banner of group mode (docs/group-orders.md, "Join"): whose group order the guest adds
// to and until when, as the edge words it, the host's note and limit, the guest's own
// items so far, and the way back to ordering for themselves.
import type { GroupView } from '@henhouse/kit/api/types';
import { groupActions } from '@henhouse/kit/group/actions';
import { money } from '@henhouse/kit/format';
import { useAppStore } from '@henhouse/kit/state/store';
import { Button } from '@henhouse/kit/ui/controls/Button';
import { MyItems } from './MyItems';

/** The banner's first line: open, whose and until when; closed, just that. */
export function groupHeadline(g: GroupView): string {
  if (g.state === 'closed') return 'This group order is closed';
  return `Adding to ${g.host_name}'s group order · closes at ${g.deadline_label}`;
}

export function GroupBanner({
  group: g,
  onJoin,
  onLeave,
  inline = false,
}: {
  group: GroupView;
  /** The guest's items listed here rather than in the cart drawer (the app layout has none). */
  inline?: boolean;
  /** Shown to a guest who has not joined yet: opens the question of their name. */
  onJoin?: () => void;
  /** After leaving (the group is forgotten): where the page goes next. */
  onLeave?: () => void;
}) {
  const setUi = useAppStore((s) => s.setUi);
  const me = g.me;
  return (
    <section className="hh-group-banner" aria-labelledby="hh-group-banner-title">
      <h2 id="hh-group-banner-title" className="hh-group-banner__title">
        {groupHeadline(g)}
      </h2>
      {g.host && <p>This is your group order — add your own items to your cart as usual.</p>}
      {g.note && (
        <p className="hh-group-banner__note">
          Note from {g.host_name}: {g.note}
        </p>
      )}
      {g.limit_cents != null && <p>Up to {money(g.limit_cents)} each</p>}
      {me && !g.host && (
        <div className="hh-group-banner__row">
          <p>
            Your items: {me.item_count} · {money(me.subtotal_cents)}
          </p>
          {!inline && (
            <Button type="button" variant="secondary" onClick={() => setUi({ cartOpen: true })}>
              View your items
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              groupActions.leaveGroup();
              onLeave?.();
            }}
          >
            Leave group order
          </Button>
        </div>
      )}
      {inline && me && !g.host && <MyItems group={g} />}
      {!me && !g.host && g.state === 'open' && onJoin && (
        <div className="hh-group-banner__row">
          <Button type="button" variant="primary" onClick={onJoin}>
            Join {g.host_name}&rsquo;s group order
          </Button>
        </div>
      )}
    </section>
  );
}
