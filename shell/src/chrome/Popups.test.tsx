import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { configureApi } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';
import { newVisit, Popups } from './Popups';
import { newEarlyPopupPage } from './earlyPopup';
import { setBootstrap, type Bootstrap, type RouteEntry } from '@henhouse/kit/bootstrap';
import table from '../../../edge/internal/routes/testdata/routes.json';

const popups = [
  {
    id: 'welcome',
    kind: 'welcome',
    version: 1,
    title: 'Welcome to Henhouse',
    text: 'Fried fresh.',
    show: 'no-user',
    exclude: ['/checkout'],
    button: { component: 'button', text: 'Find a Location', link: { cached_url: 'locations', linktype: 'story' } },
  },
  { id: 'promo', kind: 'site', version: 1, title: 'Double points on Tuesdays', text: 'Earn more.', show: 'all' },
];

// A content button that, once, runs mockDuringRender as it renders: something that
// happens in the middle of a render, before it is committed.
let mockDuringRender: (() => void) | null = null;
jest.mock('@henhouse/kit/ui/ContentButton', () => {
  const actual = jest.requireActual('@henhouse/kit/ui/ContentButton');
  return {
    ...actual,
    ContentButton: (props: object) => {
      const run = mockDuringRender;
      mockDuringRender = null;
      run?.();
      return actual.ContentButton(props);
    },
  };
});

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
/** mount renders the popups at `at`; their content answers once `held` resolves. */
async function mount(at = '/', held: Promise<void> = Promise.resolve()) {
  configureApi({
    fetchImpl: (async () => {
      await held;
      return {
        ok: true,
        status: 200,
        headers: { get: () => 'application/json' },
        text: async () => JSON.stringify({ popups }),
      };
    }) as unknown as typeof fetch,
  });
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <Popups />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  await act(async () => {});
}

beforeEach(() => {
  // The site's route table: it says which pages are content pages (./popupVisit.ts).
  setBootstrap({ routes: table as RouteEntry[], path: '/', status: 200, layout: 'default' } as Bootstrap);
  newVisit();
  newEarlyPopupPage();
  document.getElementById('hh-early-popup')?.remove();
  localStorage.clear();
  useAppStore.getState().reset(['token', 'user']);
});

test('a first visit sees the welcome popup; "Close" dismisses it and the site popup waits for the next visit', async () => {
  await mount();
  expect(await screen.findByRole('dialog', { name: 'Welcome to Henhouse' })).toHaveTextContent('Fried fresh.');
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog', { name: 'Welcome to Henhouse' })).toBeNull();
  expect(JSON.parse(localStorage.getItem('henhouse:popups')!)).toEqual(['welcome@1']);
  expect(screen.queryByRole('dialog')).toBeNull();
  cleanup();
  newVisit();
  await mount();
  expect(await screen.findByRole('dialog', { name: 'Double points on Tuesdays' })).toBeInTheDocument();
});

test('the popup button navigates and dismisses', async () => {
  await mount();
  fireEvent.click(await screen.findByRole('button', { name: 'Find a Location' }));
  expect(screen.getByTestId('where')).toHaveTextContent('/locations');
  expect(localStorage.getItem('henhouse:popups')).toContain('welcome@1');
});

test('remembered dismissals stay dismissed on a new visit', async () => {
  localStorage.setItem('henhouse:popups', JSON.stringify(['welcome@1', 'promo@1']));
  await mount();
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('members skip the guests-only welcome popup', async () => {
  useAppStore.getState().set({ token: { provider: 'henhouse-loyalty', version: '1' } });
  await mount();
  expect(await screen.findByRole('dialog', { name: 'Double points on Tuesdays' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Welcome to Henhouse' })).toBeNull();
});

test('excluded paths show no popup', async () => {
  await mount('/checkout');
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test.each([
  '/menu/m-louisville',
  '/menu/m1/product/p1',
  '/locations',
  '/gift-cards/buy',
  '/contact',
  '/account/signup',
])('no popup covers the task page %s', async (path) => {
  await mount(path);
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a visit has one popup: it waits for a content page, and the next content page has none', async () => {
  await mount('/menu/m-louisville');
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('dialog')).toBeNull();
  cleanup();
  await mount('/');
  fireEvent.click(
    within(await screen.findByRole('dialog', { name: 'Welcome to Henhouse' })).getByRole('button', { name: 'Close' }),
  );
  expect(document.cookie).toContain('hh_popup_visit=1');
  cleanup();
  await mount('/about');
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('dialog')).toBeNull();
  // The next visit (a new browser session) sees the site popup.
  cleanup();
  newVisit();
  await mount('/about');
  expect(await screen.findByRole('dialog', { name: 'Double points on Tuesdays' })).toBeInTheDocument();
});

test('a popup meant for guests never shows to a member', async () => {
  const forGuests = popups.map((p) => ({ ...p, show: 'no-user' }));
  popups.splice(0, popups.length, ...forGuests);
  try {
    useAppStore.getState().set({ token: { provider: 'henhouse-loyalty', version: '1' } });
    await mount('/');
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('dialog')).toBeNull();
  } finally {
    popups.splice(0, popups.length, ...forGuests.map((p) => ({ ...p, show: p.kind === 'site' ? 'all' : 'no-user' })));
  }
});

/** The popup as the edge writes it into the page, outside the shell's root. */
function edgePopup(key = 'welcome@1') {
  const d = document.createElement('dialog');
  d.id = 'hh-early-popup';
  d.className = 'hh-dialog hh-dialog--early';
  d.dataset.popupKey = key;
  d.setAttribute('open', '');
  d.innerHTML = '<h2>Welcome to Henhouse</h2><form method="dialog"><button value="close">Close</button></form>';
  document.body.prepend(d);
  return d;
}

test("the edge's popup stays until the shell's own shows, then goes", async () => {
  const early = edgePopup();
  await mount();
  expect(await screen.findByRole('dialog', { name: 'Welcome to Henhouse' })).toHaveAttribute('aria-modal', 'true');
  expect(early.isConnected).toBe(false);
  expect(document.querySelectorAll('dialog')).toHaveLength(1);
});

test("the edge's popup goes when the shell finds none to show (dismissed in this browser)", async () => {
  localStorage.setItem('henhouse:popups', JSON.stringify(['welcome@1', 'promo@1']));
  const early = edgePopup();
  await mount();
  await new Promise((r) => setTimeout(r, 20));
  expect(early.isConnected).toBe(false);
  expect(screen.queryByRole('dialog')).toBeNull();
  // The edge is told, so the next page comes without it.
  expect(document.cookie).toContain('hh_popups=welcome%401%20promo%401');
});

test("a popup closed before the popups' code ran is remembered, and no other shows on this visit", async () => {
  const early = edgePopup();
  early.removeAttribute('open'); // its "Close" (a method="dialog" form) worked without script
  await mount();
  await new Promise((r) => setTimeout(r, 20));
  expect(early.isConnected).toBe(false);
  expect(JSON.parse(localStorage.getItem('henhouse:popups')!)).toEqual(['welcome@1']);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test('a popup closed while its content loads is remembered too', async () => {
  const early = edgePopup();
  let answer!: () => void;
  await mount('/', new Promise<void>((r) => (answer = r)));
  early.dispatchEvent(new Event('close'));
  expect(early.isConnected).toBe(false);
  await act(async () => answer());
  await new Promise((r) => setTimeout(r, 20));
  expect(JSON.parse(localStorage.getItem('henhouse:popups')!)).toEqual(['welcome@1']);
  expect(screen.queryByRole('dialog')).toBeNull();
});

test("a popup closed after the popups' code has adopted it, before the shell's shows, stays closed", async () => {
  const early = edgePopup();
  // The guest's tap lands while the popups' render is under way (between its slices):
  // after they chose the welcome popup, as its button renders, before it is on the page.
  mockDuringRender = () => early.dispatchEvent(new Event('close'));
  await mount();
  await new Promise((r) => setTimeout(r, 20));
  expect(mockDuringRender).toBeNull(); // the tap came
  expect(early.isConnected).toBe(false);
  expect(JSON.parse(localStorage.getItem('henhouse:popups')!)).toEqual(['welcome@1']);
  expect(screen.queryByRole('dialog')).toBeNull();
});
