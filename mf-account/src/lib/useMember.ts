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
  const [who, setWho] = useState<Who>(user ? 'member' : token ? 'checking' : 'guest');
  useEffect(() => {
    if (user) return setWho('member');
    if (paused) return;
    if (!token) return setWho('guest');
    setWho('checking');
    let live = true;
    actions.getUser().then(
      () => undefined,
      () => live && setWho('guest'),
    );
    return () => {
      live = false;
    };
  }, [user, token, paused]);
  return { who, user };
}

/** signInPath sends a guest to sign in, coming back to `back`. */
export const signInPath = (back: string) => `/account/signin?return=${encodeURIComponent(back)}`;
