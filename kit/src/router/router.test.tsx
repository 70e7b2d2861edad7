import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  getBrowserHistory,
  isActivePath,
  matchPattern,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from '.';
import { createBrowserHistory, resolveTo } from './history';

function Where() {
  const l = useLocation();
  return <output data-testid="where">{l.pathname + l.search + l.hash}</output>;
}
const where = () => screen.getByTestId('where').textContent;

function Buttons() {
  const navigate = useNavigate();
  const l = useLocation();
  return (
    <>
      <button onClick={() => navigate('/b?x=1', { state: { from: 'a' } })}>push</button>
      <button onClick={() => navigate('/c', { replace: true })}>replace</button>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={() => navigate({ search: '?q=2' })}>search only</button>
      <output data-testid="state">{JSON.stringify(l.state)}</output>
    </>
  );
}

// Whether the router left the last click to the browser (did not prevent it). The
// listener then prevents it itself, since jsdom cannot load another page.
let leftToBrowser: boolean | null = null;
const recordClick = (e: Event) => {
  leftToBrowser = !e.defaultPrevented;
  e.preventDefault();
};
beforeEach(() => {
  leftToBrowser = null;
  document.addEventListener('click', recordClick);
});
afterEach(() => document.removeEventListener('click', recordClick));

describe('links', () => {
  it('a plain click navigates in the page; the link has the real href', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/menu?x=1">Menu</Link>
        <Where />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Menu' });
    expect(link).toHaveAttribute('href', '/menu?x=1');
    await userEvent.click(link);
    expect(leftToBrowser).toBe(false);
    expect(where()).toBe('/menu?x=1');
  });

  it.each([{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }])(
    'a click with %p is left to the browser',
    (init) => {
      render(
        <MemoryRouter initialEntries={['/a']}>
          <Link to="/menu">Menu</Link>
          <Where />
        </MemoryRouter>,
      );
      fireEvent.click(screen.getByRole('link'), init);
      expect(leftToBrowser).toBe(true);
      expect(where()).toBe('/a');
    },
  );

  it('target=_blank and external URLs are left to the browser', () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/menu" target="_blank">
          New tab
        </Link>
        <Link to="https://careers.example.com/jobs">Careers</Link>
        <Where />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'New tab' }));
    expect(leftToBrowser).toBe(true);
    const careers = screen.getByRole('link', { name: 'Careers' });
    expect(careers).toHaveAttribute('href', 'https://careers.example.com/jobs');
    fireEvent.click(careers);
    expect(leftToBrowser).toBe(true);
    expect(where()).toBe('/a');
  });

  it('a handler that prevents the click keeps the page where it is', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Link to="/menu" onClick={(e) => e.preventDefault()}>
          Menu
        </Link>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link'));
    expect(where()).toBe('/a');
  });

  it('NavLink marks the current page, and the pages below it', async () => {
    render(
      <MemoryRouter initialEntries={['/menu/m-standard']}>
        <NavLink to="/menu">Menu</NavLink>
        <NavLink to="/locations">Locations</NavLink>
        <NavLink to="/">Home</NavLink>
        <Link to="/locations">go</Link>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Menu' })).toHaveClass('active');
    expect(screen.getByRole('link', { name: 'Locations' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    await userEvent.click(screen.getByRole('link', { name: 'go' }));
    expect(screen.getByRole('link', { name: 'Locations' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Menu' })).not.toHaveAttribute('aria-current');
  });
});

describe('navigation', () => {
  it('pushes with state, replaces, and goes back', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Buttons />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByText('push'));
    expect(where()).toBe('/b?x=1');
    expect(screen.getByTestId('state').textContent).toBe('{"from":"a"}');
    await userEvent.click(screen.getByText('replace'));
    expect(where()).toBe('/c');
    await userEvent.click(screen.getByText('back')); // /b was replaced by /c: back is /a
    expect(where()).toBe('/a');
  });

  it('a destination with only a query keeps the path', async () => {
    render(
      <MemoryRouter initialEntries={['/menu/m1?q=1']}>
        <Buttons />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByText('search only'));
    expect(where()).toBe('/menu/m1?q=2');
  });

  it('Navigate redirects, replacing the entry', () => {
    render(
      <MemoryRouter initialEntries={['/old?keep=1']}>
        <Routes>
          <Route path="/old" element={<Navigate to="/new?keep=1" replace />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(where()).toBe('/new?keep=1');
  });

  it('useSearchParams reads the query and sets a new one', async () => {
    function Filter() {
      const [params, setParams] = useSearchParams();
      return (
        <>
          <span data-testid="cat">{params.get('cat')}</span>
          <button onClick={() => setParams({ cat: 'wings', tag: ['a', 'b'] })}>set</button>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/menu?cat=sides']}>
        <Filter />
        <Where />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('cat').textContent).toBe('sides');
    await userEvent.click(screen.getByText('set'));
    expect(screen.getByTestId('cat').textContent).toBe('wings');
    expect(where()).toBe('/menu?cat=wings&tag=a&tag=b');
  });

  it('Routes picks the pattern that matches and gives its parameters', () => {
    function Params() {
      return <output data-testid="params">{JSON.stringify(useParams())}</output>;
    }
    render(
      <MemoryRouter initialEntries={['/locations/ky/lexington']}>
        <Routes>
          <Route path="*" element={<Where />} />
          <Route path="/locations/:state/:city?/:address?" element={<Params />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('params').textContent).toBe('{"state":"ky","city":"lexington"}');
  });

  it('hooks outside a router say so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Where />)).toThrow(/outside a router/);
  });
});

describe('the browser history', () => {
  beforeEach(() => window.history.replaceState(null, '', '/start'));

  it('follows window.history: push, replace, state, back', async () => {
    const h = createBrowserHistory();
    const seen: string[] = [];
    h.listen((l, action) => seen.push(`${action} ${l.pathname}${l.search}`));
    h.push('/menu?x=1', { n: 1 });
    expect(window.location.pathname + window.location.search).toBe('/menu?x=1');
    expect(h.location.state).toEqual({ n: 1 });
    h.replace('/menu?x=2');
    expect(window.location.search).toBe('?x=2');
    const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
    h.go(-1);
    await popped;
    expect(h.location.pathname).toBe('/start');
    expect(seen).toEqual(['PUSH /menu?x=1', 'REPLACE /menu?x=2', 'POP /start']);
  });

  it('BrowserRouter renders again on back and forward', async () => {
    render(
      <BrowserRouter>
        <Buttons />
        <Where />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByText('push'));
    expect(where()).toBe('/b?x=1');
    await act(async () => {
      const popped = new Promise((r) => window.addEventListener('popstate', r, { once: true }));
      getBrowserHistory().go(-1);
      await popped;
    });
    expect(where()).toBe('/start');
  });
});

describe('paths', () => {
  it('resolves destinations like a browser link', () => {
    const at = { pathname: '/menu/m1', search: '?a=1', hash: '' };
    expect(resolveTo('?b=2', at)).toBe('/menu/m1?b=2');
    expect(resolveTo('/x#y', at)).toBe('/x#y');
    expect(resolveTo({ search: '' }, at)).toBe('/menu/m1');
  });

  it('tells the current path, and the paths below it', () => {
    expect(isActivePath('/menu', '/menu')).toBe(true);
    expect(isActivePath('/menu/m1', '/menu')).toBe(true);
    expect(isActivePath('/menus', '/menu')).toBe(false);
    expect(isActivePath('/menu/m1', '/menu', true)).toBe(false);
  });

  it('matches patterns with optional parameters and a rest', () => {
    expect(matchPattern('/a/:id', '/a/1')).toEqual({ id: '1' });
    expect(matchPattern('/a/:id', '/a')).toBeNull();
    expect(matchPattern('/a/:id?', '/a')).toEqual({});
    expect(matchPattern('*', '/anything/here')).toEqual({ '*': 'anything/here' });
    expect(matchPattern('/menu', '/menu/x')).toBeNull();
  });
});
