// The site's router (docs/shell.md, "Router"): where the page is, links, and
// navigation. The edge's route table, shared through the bootstrap, does the matching
// (kit/src/routing/match.ts), so this keeps no routes of its own; Routes/Route below
// exist for tests that mount a screen at a path pattern.
//
// One instance on the page: kit is shared as a singleton through module federation
// (kit/build/webpack.cjs), so the remotes' links and hooks read the shell's router.
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  isExternal,
  resolveTo,
  type Action,
  type History,
  type Location,
  type To,
} from '@henhouse/kit/router/history';

export { createPath, resolveTo } from '@henhouse/kit/router/history';
export type { Action, History, Location, To } from '@henhouse/kit/router/history';

interface RouterState {
  history: History;
  location: Location;
  action: Action;
}

const RouterContext = createContext<RouterState | null>(null);
const ParamsContext = createContext<Record<string, string>>({});

function useRouter(hook: string): RouterState {
  const r = useContext(RouterContext);
  if (!r) throw new Error(`${hook} is used outside a router (BrowserRouter or MemoryRouter)`);
  return r;
}

/** Router renders its children at the location of a history, and again after each change. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState(() => ({ location: history.location, action: history.action }));
  // A navigation is a transition, so a screen that suspends while loading keeps the
  // current page on screen until it is ready (as React Router did).
  useLayoutEffect(
    () => history.listen((location, action) => startTransition(() => setState({ location, action }))),
    [history],
  );
  const value = useMemo(() => ({ history, ...state }), [history, state]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

let browserHistory: History | null = null;

/** getBrowserHistory is the page's one browser history (created on first use). */
export function getBrowserHistory(): History {
  browserHistory ??= createBrowserHistory();
  return browserHistory;
}

/** BrowserRouter follows the address bar: window.history, back and forward. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  return <Router history={getBrowserHistory()}>{children}</Router>;
}

/** MemoryRouter keeps its history in memory, for tests. */
export function MemoryRouter({
  initialEntries,
  initialIndex,
  children,
}: {
  initialEntries?: (string | Partial<Location>)[];
  initialIndex?: number;
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory({ initialEntries, initialIndex }));
  return <Router history={history}>{children}</Router>;
}

/** useLocation is the current location; a component using it renders again on each change. */
export function useLocation(): Location {
  return useRouter('useLocation').location;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** A number moves through the history: -1 is back, 1 forward. */
  (delta: number): void;
}

/** useNavigate gives a function that goes to a destination (or back/forward by a number). */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter('useNavigate');
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') {
        history.go(to);
        return;
      }
      // Going where the page already is adds no history entry.
      const same = resolveTo(to, history.location) === createPath(history.location);
      if (options.replace || same) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    [history],
  ) as NavigateFunction;
}

type SearchInit = string | URLSearchParams | Record<string, string | string[]> | [string, string][];
type SetSearchParams = (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void;

/** useSearchParams is the current query, and a setter that navigates to a new one. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const init = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      const q = new URLSearchParams(
        Array.isArray(init) || typeof init === 'string' || init instanceof URLSearchParams
          ? init
          : Object.entries(init).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : [[k, v]])),
      ).toString();
      navigate({ search: q ? `?${q}` : '' }, options);
    },
    [navigate, params],
  );
  return [params, set];
}

/** useParams is the path parameters of the enclosing <Route> (tests only; the shell
 *  passes a screen its parameters as props). */
export function useParams(): Record<string, string | undefined> {
  return useContext(ParamsContext);
}

/** Navigate goes to a destination when it renders (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

// A click the browser should handle itself: another button, a modifier (new tab,
// new window, download), another target, or one a handler already took.
function browserHandles(e: MouseEvent<HTMLAnchorElement>, target?: string): boolean {
  return (
    e.defaultPrevented ||
    e.button !== 0 ||
    e.metaKey ||
    e.altKey ||
    e.ctrlKey ||
    e.shiftKey ||
    (!!target && target !== '_self')
  );
}

/** Link is an <a href> that navigates within the page on a plain click; modifier-clicks,
 *  other targets and external URLs are left to the browser. */
export function Link({ to, replace, state, onClick, target, ref, children, ...rest }: LinkProps) {
  const { history } = useRouter('Link');
  const navigate = useNavigate();
  const external = isExternal(to);
  const href = external ? (to as string) : history.href(to);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (external || browserHandles(e, target)) return;
        e.preventDefault();
        navigate(to, { replace, state });
      }}
    >
      {children}
    </a>
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** A class name, or one chosen from whether the link is current. */
  className?: string | ((s: { isActive: boolean }) => string | undefined);
  /** Only the exact path is current (otherwise paths below it are too). */
  end?: boolean;
}

/** isActivePath tells whether a link's path is the current one or (unless end) above it. */
export function isActivePath(current: string, target: string, end = false): boolean {
  if (current === target) return true;
  if (end || target === '/') return false;
  const base = target.endsWith('/') ? target.slice(0, -1) : target;
  return current.startsWith(base + '/');
}

/** NavLink is a Link that says when it points at the current page: aria-current="page"
 *  and the class "active". */
export function NavLink({ className, end, ...rest }: NavLinkProps) {
  const { location, history } = useRouter('NavLink');
  const target = isExternal(rest.to) ? null : new URL(history.href(rest.to), 'http://localhost').pathname;
  const isActive = target != null && isActivePath(location.pathname, target, end);
  const cls =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ') || undefined;
  return <Link {...rest} className={cls} aria-current={isActive ? 'page' : undefined} />;
}

export interface RouteProps {
  /** A pattern: "/a/:param", an optional "/:param?", and "*" at the end for the rest. */
  path?: string;
  element?: ReactNode;
}

/** Route is one pattern inside <Routes> (tests only). */
export function Route(_: RouteProps): ReactElement | null {
  return null;
}

/** matchPattern matches a path against a <Route> pattern; null when it does not. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const names: string[] = [];
  const body = pattern
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((seg) => {
      if (seg === '*') {
        names.push('*');
        return '(?:/(.*))?';
      }
      const m = /^:(\w+)(\?)?$/.exec(seg);
      if (!m) return '/' + seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1]);
      return m[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  const re = new RegExp(`^${pattern === '*' ? '(?:/(.*))?' : body}/?$`, 'i');
  if (pattern === '*') names.splice(0, names.length, '*');
  const m = re.exec(pathname);
  if (!m) return null;
  const params: Record<string, string> = {};
  names.forEach((n, i) => {
    if (m[i + 1] !== undefined) params[n] = decodeURIComponent(m[i + 1]);
  });
  return params;
}

/** Routes renders the first <Route> whose pattern matches the current path; a pattern
 *  with "*" loses to one without (tests only). */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  const routes = Children.toArray(children).filter(
    (c): c is ReactElement<RouteProps> => isValidElement(c) && c.type === Route,
  );
  const ranked = [
    ...routes.filter((r) => !r.props.path?.includes('*')),
    ...routes.filter((r) => r.props.path?.includes('*')),
  ];
  for (const r of ranked) {
    const params = matchPattern(r.props.path ?? '*', pathname);
    if (params) return <ParamsContext.Provider value={params}>{r.props.element}</ParamsContext.Provider>;
  }
  return null;
}
