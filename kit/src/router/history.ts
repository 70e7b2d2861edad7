// The history under the router (docs/shell.md, "Router"): the browser's, over
// window.history and popstate, or one in memory for tests. The edge's route table
// (kit/src/routing/match.ts) does the matching; this only keeps where the page is.

/** Location is where the page is: the path as in the address bar, the query ("?…" or
 *  ""), the fragment ("#…" or ""), the state given when navigating there, and a key
 *  unique to this history entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** To is a destination: a URL (absolute path, or relative to the current one, such as
 *  "?q=1"), or its parts, where the missing ones stay those of the current location
 *  (pathname) or become empty (search, hash). */
export type To = string | { pathname?: string; search?: string; hash?: string };

export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface History {
  readonly location: Location;
  readonly action: Action;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  /** go moves through the history by delta entries (-1 is back). */
  go(delta: number): void;
  /** listen is called after every change of location; it returns the unsubscribe. */
  listen(fn: (location: Location, action: Action) => void): () => void;
  /** href is what an <a href> should hold for a destination. */
  href(to: To): string;
}

const ORIGIN = 'http://localhost';

/** createPath writes a location's parts as a URL path. */
export function createPath(l: { pathname: string; search?: string; hash?: string }): string {
  const search = l.search && l.search !== '?' ? (l.search.startsWith('?') ? l.search : `?${l.search}`) : '';
  const hash = l.hash && l.hash !== '#' ? (l.hash.startsWith('#') ? l.hash : `#${l.hash}`) : '';
  return l.pathname + search + hash;
}

/** resolveTo turns a destination into a path, resolved against the current location
 *  the way a browser resolves a link (so "?q=1" keeps the path and "#x" the query). */
export function resolveTo(to: To, from: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  if (typeof to !== 'string') {
    return createPath({ pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' });
  }
  const u = new URL(to, ORIGIN + createPath(from));
  return u.pathname + u.search + u.hash;
}

/** isExternal tells a URL that leaves the site's path space (another scheme or host). */
export function isExternal(to: To): boolean {
  return typeof to === 'string' && /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(to);
}

function parse(path: string, state: unknown, key: string): Location {
  const u = new URL(path, ORIGIN);
  return { pathname: u.pathname, search: u.search, hash: u.hash, state, key };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

type Listener = (location: Location, action: Action) => void;

// What the browser history keeps in each entry's state: the caller's state (usr), the
// entry's key and its index (idx), so a later popstate gives the location back whole.
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

function entryState(raw: unknown): Partial<EntryState> {
  return raw && typeof raw === 'object' ? (raw as Partial<EntryState>) : {};
}

/** createBrowserHistory keeps the location in window.history and follows back/forward. */
export function createBrowserHistory(win: Window = window): History {
  const listeners = new Set<Listener>();
  const read = (): Location => {
    const s = entryState(win.history.state);
    return {
      pathname: win.location.pathname,
      search: win.location.search,
      hash: win.location.hash,
      state: s.usr ?? null,
      key: s.key ?? 'default',
    };
  };
  let index = entryState(win.history.state).idx ?? 0;
  if (entryState(win.history.state).idx == null) {
    // The first entry gets its index, keeping whatever else the page stored there.
    win.history.replaceState({ ...entryState(win.history.state), usr: null, key: 'default', idx: 0 }, '');
  }
  let location = read();
  let action: Action = 'POP';
  const notify = () => listeners.forEach((fn) => fn(location, action));

  win.addEventListener('popstate', () => {
    location = read();
    index = entryState(win.history.state).idx ?? index;
    action = 'POP';
    notify();
  });

  const change = (kind: 'PUSH' | 'REPLACE', to: To, state: unknown) => {
    const path = resolveTo(to, location);
    const key = newKey();
    if (kind === 'PUSH') index += 1;
    const entry: EntryState = { usr: state ?? null, key, idx: index };
    if (kind === 'PUSH') {
      try {
        win.history.pushState(entry, '', path);
      } catch {
        // Too many entries or state that cannot be cloned (Safari limits pushState):
        // a full page load still gets the user there.
        win.location.assign(path);
        return;
      }
    } else win.history.replaceState(entry, '', path);
    location = read();
    action = kind;
    notify();
  };

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    push: (to, state) => change('PUSH', to, state),
    replace: (to, state) => change('REPLACE', to, state),
    go: (delta) => win.history.go(delta),
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    href: (to) => resolveTo(to, location),
  };
}

/** createMemoryHistory keeps its entries in memory (tests, and anything off-page). */
export function createMemoryHistory({
  initialEntries = ['/'],
  initialIndex,
}: { initialEntries?: (string | Partial<Location>)[]; initialIndex?: number } = {}): History {
  const listeners = new Set<Listener>();
  const entries: Location[] = initialEntries.map((e, i) =>
    typeof e === 'string'
      ? parse(e, null, i === 0 ? 'default' : newKey())
      : parse(createPath({ pathname: e.pathname ?? '/', search: e.search, hash: e.hash }), e.state ?? null, newKey()),
  );
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let action: Action = 'POP';
  const notify = () => listeners.forEach((fn) => fn(entries[index], action));
  return {
    get location() {
      return entries[index];
    },
    get action() {
      return action;
    },
    push(to, state) {
      const next = parse(resolveTo(to, entries[index]), state ?? null, newKey());
      index += 1;
      entries.splice(index, entries.length, next);
      action = 'PUSH';
      notify();
    },
    replace(to, state) {
      entries[index] = parse(resolveTo(to, entries[index]), state ?? null, newKey());
      action = 'REPLACE';
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      notify();
    },
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    href: (to) => resolveTo(to, entries[index]),
  };
}
