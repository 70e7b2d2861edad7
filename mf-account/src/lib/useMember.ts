import { useEffect, useState } from 'react';
import { actions } from '@henhouse/kit/actions';
import { useAppStore } from '@henhouse/kit/state/store';
import type { User } from '@henhouse/kit/api/types';

export type Who = 'member' | 'checking' | 'guest';

/**
 * useMember says whether a member is signed in. A token without a user (after a reload,
 * before the shell's start-up has fetched the user) asks the edge; a 401 means guest.
 * `paused` stops the checks (while signing out).
 */
export function useMember(paused = false): { who: Who; user: User | null } {
  const user = useAppStore((s) => s.user);
  const token = useAppStore((s) => s.token);
  // The token the edge refused: with it the visitor is a guest.
  const [refused, setRefused] = useState<typeof token>(null);
  const now: Who = user ? 'member' : token && token !== refused ? 'checking' : 'guest';
  // Paused, the answer stays what it was (a member signing out is not sent to sign in),
  // unless a user is there. The held answer follows while rendering, not in an effect.
  const [held, setHeld] = useState<Who>(now);
  if (!paused && held !== now) setHeld(now);
  const who = paused && !user ? held : now;
  useEffect(() => {
    if (user || paused || !token || token === refused) return;
    let live = true;
    actions.getUser().then(
      () => undefined,
      () => live && setRefused(token),
    );
    return () => {
      live = false;
    };
  }, [user, token, paused, refused]);
  return { who, user };
}

/** signInPath sends a guest to sign in, coming back to `back`. */
export const signInPath = (back: string) => `/account/signin?return=${encodeURIComponent(back)}`;
