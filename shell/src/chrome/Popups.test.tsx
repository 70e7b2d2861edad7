import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from '@henhouse/kit/router';
import { configureApi } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';
import { newVisit, Popups } from './Popups';

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

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}
async function mount(at = '/') {
  configureApi({
    fetchImpl: (async () => ({
      ok: true,
      status: 200,
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify({ popups }),
    })) as unknown as typeof fetch,
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
  newVisit();
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
