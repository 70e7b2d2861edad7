// A member's favorite locations, to mark and change from a result. Guests have none and
// see no toggle (signed in means the store holds a user), nor does anyone when the
// loyalty programme keeps no favorites (the page's `favorites` feature is off).
import { useState } from 'react';
import { addFavorite, getFavorites, removeFavorite } from '@henhouse/kit/api/account';
import type { Location } from '@henhouse/kit/api/types';
import { reportError, useLoad } from '@henhouse/kit/api/useLoad';
import { useAppStore } from '@henhouse/kit/state/store';
import { featureOn } from '@henhouse/kit/features';

export interface Favorites {
  /** Whether favorites can be changed: a member is signed in. */
  enabled: boolean;
  has: (id: string) => boolean;
  busy: (id: string) => boolean;
  toggle: (location: Location) => Promise<void>;
}

export function useFavorites(): Favorites {
  const member = useAppStore((s) => s.user?.id ?? null);
  const userId = member !== null && featureOn('favorites') ? member : null;
  const list = useLoad(userId ? `favorites:${userId}` : null, (signal) =>
    getFavorites(signal).then((r) => r.favorites.map((l) => l.id)),
  );
  const [pending, setPending] = useState<string[]>([]);
  const ids = list.status === 'ready' ? list.data : [];
  const has = (id: string) => ids.includes(id);

  const toggle = async (location: Location) => {
    setPending((p) => [...p, location.id]);
    try {
      const r = await (has(location.id) ? removeFavorite(location.id) : addFavorite(location.id));
      list.setData(r.favorites.map((l) => l.id));
    } catch (e) {
      // At most 10 favorites, or a session that ended: the edge's sentence says which.
      reportError(e);
    } finally {
      setPending((p) => p.filter((x) => x !== location.id));
    }
  };

  return { enabled: userId !== null, has, busy: (id) => pending.includes(id), toggle };
}
