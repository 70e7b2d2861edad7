// The sign-in's webview variant, as the shell shows it: the app layout (no site chrome)
// and the webview start-up, whether the app opens /app/signin or /account/signin?webview=1.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from '@henhouse/kit/router';
import type { Bootstrap, RouteEntry } from '@henhouse/kit/bootstrap';
import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import table from '../../../edge/internal/routes/testdata/routes.json';
import { startWebview } from '../session/webview';
import { Root } from './Root';
import { toast } from '@henhouse/kit/ui/toast';
import { waitFor } from '@testing-library/react';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';

const loadScreen = jest.fn((_module: string, _screen: string) => new Promise(() => {}));
jest.mock('../federation/remotes', () => ({ loadScreen: (m: string, s: string) => loadScreen(m, s) }));
jest.mock('../session/webview', () => ({ startWebview: jest.fn(() => Promise.resolve()) }));

function show(url: string, layout: Bootstrap['layout']) {
  const boot = {
    path: new URL(url, 'http://localhost').pathname,
    status: 200,
    layout,
    heading: '',
    routes: table as RouteEntry[],
    modules: {},
    config: { brandName: 'Henhouse', environment: 'test', features: {} },
    session: { signedIn: false, forcedSignOut: false },
  } as unknown as Bootstrap;
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  act(() =>
    root.render(
      <MemoryRouter initialEntries={[url]}>
        <Root boot={boot} />
      </MemoryRouter>,
    ),
  );
  return {
    el,
    done: () => {
      act(() => root.unmount());
      el.remove();
    },
  };
}

beforeEach(() => {
  resetStore();
  loadScreen.mockClear();
  (startWebview as jest.Mock).mockClear();
  window.scrollTo = () => {};
  mockApi({ 'GET /content/popups': { body: { popups: [] } } });
});

describe('the sign-in in the webview', () => {
  it.each([
    ['/app/signin', 'app'],
    ['/account/signin?webview=1', 'default'],
  ] as const)('%s shows the sign-in in the app layout, without site chrome', (url, served) => {
    const page = show(url, served);
    expect(page.el.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('app');
    expect(page.el.querySelector('header, footer')).toBeNull();
    expect(loadScreen).toHaveBeenCalledWith('mf-account', 'SignIn');
    expect(startWebview).toHaveBeenCalledTimes(1);
    page.done();
  });

  it('keeps /account/signin in the default layout in a browser', () => {
    const page = show('/account/signin', 'default');
    expect(page.el.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('default');
    expect(page.el.querySelector('header')).not.toBeNull();
    expect(startWebview).not.toHaveBeenCalled();
    page.done();
  });
});

describe('a client-side navigation', () => {
  it('keeps the served page as the edge wrote it, then titles and focuses each new page', () => {
    document.title = 'Henhouse';
    const page = show('/', 'default');
    expect(document.activeElement).toBe(document.body);
    expect(document.title).toBe('Henhouse');

    // The route table's title, as the edge writes it (edge/internal/routes/table.go).
    const contact = page.el.querySelector<HTMLAnchorElement>('footer a[href="/contact"]')!;
    act(() => contact.click());
    expect(document.title).toBe('Contact Us | Henhouse');
    const h1 = page.el.querySelector('h1')!;
    expect(document.activeElement).toBe(h1);
    expect(h1).toHaveTextContent('Page contact');

    // The route table's title.
    act(() => page.el.querySelector<HTMLAnchorElement>('footer a[href="/locations/all"]')!.click());
    expect(document.title).toBe('All Locations | Henhouse');
    expect(document.activeElement).toBe(page.el.querySelector('h1'));
    page.done();
  });
});

describe('toasts', () => {
  it('shows a toast any screen raises, once, outside the root, with a Tab-reachable action', async () => {
    const page = show('/about', 'default');
    act(() => {
      toast({ message: 'Added to your cart', action: { label: 'View cart', onClick: () => {} } });
    });
    // The toaster mounts once the first screen is shown and the browser is idle; a toast
    // raised before waits in the store.
    act(() => screenRendered());
    await waitFor(
      () => expect(document.querySelector('.hh-toaster .hh-toast')).toHaveTextContent('Added to your cart'),
      {
        timeout: 5000,
      },
    );
    const shown = document.querySelector('.hh-toaster .hh-toast');
    expect(page.el.contains(shown)).toBe(false);
    expect(document.querySelectorAll('.hh-toaster')).toHaveLength(1);
    expect(shown?.querySelector('button.hh-toast__action')).toHaveTextContent('View cart');
    page.done();
  });
});
