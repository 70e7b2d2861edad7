// /group/{code} (and /app/group/{code} in the app): a group order as someone the host
// shared the link with sees it (docs/group-orders.md, "Join" and "Closed"). The group's
// menu at its location under a banner; a guest gives their name once, then what they add
// goes into their own part of the host's cart.
import { useState } from 'react';
import { Link, useNavigate } from '@henhouse/kit/router';
import { groupActions } from '@henhouse/kit/group/actions';
import type { GroupView } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import type { ScreenProps } from '@henhouse/kit/screen';
import { participantGroup } from '@henhouse/kit/state/group';
import { useAppStore } from '@henhouse/kit/state/store';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { GroupBanner } from '../group/GroupBanner';
import { JoinDialog } from '../group/JoinDialog';
import { Announce } from '../ui/Status';
import { MenuView } from './Menu';
import '../menu.css';

export default function Group({ params, query, layout }: ScreenProps) {
  const code = params.code ?? '';
  const load = useLoad(code || null, () => groupActions.loadGroup(code));
  // The group as the store has it now: joining and adding answer a newer view.
  const kept = useAppStore((s) => (s.groupCode === code ? s.group : null));
  const participant = useAppStore((s) => (s.groupCode === code ? participantGroup(s) : null));
  const navigate = useNavigate();
  const [asking, setAsking] = useState(true);
  const [joined, setJoined] = useState('');

  if (load.status === 'loading') return <Loading className="hh-menu-loading" what="the group order" />;
  if (load.status === 'error') {
    if (load.error.status === 404) return <NotFound />;
    if (load.error.status === 410) return <Closed />;
    return <LoadFailed className="hh-menu-notice" error={load.error} retry={load.retry} />;
  }
  const g: GroupView = kept ?? load.data;
  const closed = g.state === 'closed';
  // A late joiner is too late: the group takes no one new once closed.
  if (closed && !g.me && !g.host) return <Closed />;

  const banner = (
    <GroupBanner
      group={g}
      inline={layout === 'app'}
      onJoin={() => setAsking(true)}
      onLeave={() => navigate(`/menu/${encodeURIComponent(g.menu_id)}`)}
    />
  );
  const unjoined = !g.me && !g.host;
  return (
    <div className="hh-group" data-screen="mf-menu/Group">
      {closed && !g.host ? (
        // A participant of a closed group keeps their items in it; nothing more is added.
        <div className="hh-menu">
          {banner}
          <p>
            <Link to={`/menu/${encodeURIComponent(g.menu_id)}`}>Order for yourself from this menu</Link>
          </p>
        </div>
      ) : (
        <MenuView
          mid={g.menu_id}
          locationId={g.location_id}
          query={query}
          group={participant}
          banner={banner}
          // Adding before joining asks for the name first.
          beforeAdd={() => {
            if (!unjoined) return false;
            setAsking(true);
            return true;
          }}
        />
      )}
      {unjoined && (
        <JoinDialog
          open={asking && !closed}
          group={g}
          onCancel={() => setAsking(false)}
          onJoined={() => {
            setAsking(false);
            setJoined(`You joined ${g.host_name}'s group order.`);
          }}
        />
      )}
      <Announce text={joined} />
    </div>
  );
}

/** A code never issued (or mistyped). */
function NotFound() {
  return (
    <section className="hh-menu hh-menu-notice" aria-labelledby="hh-group-gone" data-screen="mf-menu/Group">
      <h2 id="hh-group-gone">Group order not found</h2>
      <p>We couldn&apos;t find that group order. Check the link.</p>
      <NextSteps />
    </section>
  );
}

/** A group that is over: past its deadline, ordered, or ended by its host. */
function Closed() {
  return (
    <section className="hh-menu hh-menu-notice" aria-labelledby="hh-group-gone" data-screen="mf-menu/Group">
      <h2 id="hh-group-gone">This group order is closed</h2>
      <p>It no longer takes items. You can still order for yourself.</p>
      <NextSteps />
    </section>
  );
}

/** What a guest can do without the host. */
function NextSteps() {
  return (
    <ul className="hh-group-next">
      <li>
        <Link to="/menu">See the menu</Link>
      </li>
      <li>
        <Link to="/locations">Find a location</Link>
      </li>
    </ul>
  );
}
