import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@henhouse/kit/router';
import { configureApi } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';
import { POPUP_WAIT_MS, Popups } from './lazy';
import { newPage } from './popupContent';
import { newVisit } from './Popups';
import { setBootstrap, type Bootstrap, type RouteEntry } from '@henhouse/kit/bootstrap';
import table from '../../../edge/internal/routes/testdata/routes.json';

// When the welcome popup shows: with the first screen once its code and image are here,
// not only once the browser is idle (which a map or a long list can put off for a while).

const welcome = {
  id: 'welcome',
  kind: 'welcome',
  version: 1,
  title: 'Welcome to Henhouse',
  text: 'Fried fresh.',
  show: 'no-user',
  image: { filename: '/static/img/welcome.svg', alt: '', width: 200, height: 150 },
};

let idle: (() => void)[] = [];
let loadImage: (() => void)[] = [];

beforeEach(() => {
  // The site's route table: it says which pages are content pages (./popupVisit.ts).
  setBootstrap({ routes: table as RouteEntry[], path: '/', status: 200, layout: 'default' } as Bootstrap);
  newPage();
  newVisit();
  idle = [];
  loadImage = [];
  localStorage.clear();
  useAppStore.getState().reset(['token', 'user']);
  configureApi({
    fetchImpl: (async () => ({
      ok: true,
      status: 200,
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify({ popups: [welcome] }),
    })) as unknown as typeof fetch,
  });
  // The browser stays busy until a test says otherwise.
  window.requestIdleCallback = ((fn: () => void) => {
    idle.push(fn);
    return idle.length;
  }) as typeof window.requestIdleCallback;
  jest.spyOn(window, 'Image').mockImplementation(() => {
    const img = document.createElement('img');
    Object.defineProperty(img, 'src', { set: () => loadImage.push(() => img.onload?.(new Event('load'))) });
    return img;
  });
});
afterEach(() => {
  jest.restoreAllMocks();
  delete (window as Partial<Window>).requestIdleCallback;
});

const mount = async () => {
  render(
    <MemoryRouter>
      <Popups />
    </MemoryRouter>,
  );
  await act(async () => {});
};

test('the popup shows with the first screen once its image is here, while the browser is still busy', async () => {
  await mount();
  screenRendered();
  await act(async () => {});
  // The image is still on its way: no popup yet.
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(loadImage).toHaveLength(1);
  await act(async () => loadImage[0]());
  // Not before the page's next frame is drawn: the modal then costs the browser only the
  // dialog's own style and layout, not the whole new page's.
  expect(screen.queryByRole('dialog')).toBeNull();
  await act(() => new Promise<void>((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  // In one commit then: its code was fetched with the content, so nothing suspends.
  expect(screen.getByRole('dialog', { name: 'Welcome to Henhouse' })).toBeInTheDocument();
  expect(screen.getByRole('dialog').querySelector('img')).toHaveAttribute('src', '/static/img/welcome.svg');
});

test('a popup whose image does not come shows once the browser is idle, a while later', async () => {
  await mount();
  screenRendered();
  await act(async () => {});
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(idle.length).toBeGreaterThan(0);
  const idleAt = Date.now();
  await act(async () => idle.forEach((fn) => fn()));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(await screen.findByRole('dialog', { name: 'Welcome to Henhouse' }, { timeout: 3000 })).toBeInTheDocument();
  expect(Date.now() - idleAt).toBeGreaterThanOrEqual(POPUP_WAIT_MS - 50);
});
