import { screen, waitFor, within } from '@testing-library/react';
import type { Cart } from '@henhouse/kit/api/types';
import { mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { TimeSelector } from './TimeSelector';

const cart = { location_id: 'oh-dayton', time: { mode: 'asap' }, products: [] as Cart['products'] } as Cart;
const times = {
  asap_available: true,
  open_now: true,
  later_available: true,
  next_ready: '2030-01-15T17:10:00Z',
  earliest: '2030-01-15T17:20:00Z', // the next ready time moved 10 minutes later
  earliest_label: '12:20 PM',
  time_zone: 'America/New_York',
  days: [
    {
      date: '2030-01-15',
      label: 'Today',
      today: true,
      slots: [
        { at: '2030-01-15T17:30:00Z', available: false, label: '12:30 PM' },
        { at: '2030-01-15T17:45:00Z', available: true, label: '12:45 PM' },
      ],
    },
    {
      date: '2030-01-16',
      label: 'Wed, Jan 16',
      today: false,
      slots: [{ at: '2030-01-16T16:00:00Z', available: true, label: 'Wed 11:00 AM' }],
    },
  ],
};

beforeEach(resetStore);

const names = (group: HTMLElement) =>
  within(group)
    .getAllByRole('radio')
    .map(
      (r) =>
        r.getAttribute('aria-labelledby') && document.getElementById(r.getAttribute('aria-labelledby')!)?.textContent,
    );

test('ASAP, Later, or a date and time as kit choices; days and times as chips; full times are not offered', async () => {
  const api = mockApi({
    'GET /cart/times': { body: times },
    'PUT /cart/time': ({ body }) => ({ body: { cart: { ...cart, time: body } } }),
  });
  const u = setupUser();
  const { container } = mount(() => <TimeSelector cart={cart} />, '/');
  expect(await screen.findByText('Earliest available:')).toHaveTextContent('Earliest available: 12:20 PM');
  expect(screen.getByRole('radio', { name: 'ASAP' })).toBeChecked();
  await u.click(screen.getByRole('radio', { name: 'Later' }));
  expect(names(screen.getByRole('group', { name: 'Select Time' }))).toEqual(['12:45 PM']);
  await u.click(screen.getByRole('radio', { name: 'Select date and time' }));
  expect(names(screen.getByRole('group', { name: 'Select Date' }))).toEqual(['Today', 'Wed, Jan 16']);
  await u.click(screen.getByRole('radio', { name: 'Wed, Jan 16' }));
  expect(names(screen.getByRole('group', { name: 'Select Time' }))).toEqual(['Wed 11:00 AM']);
  await u.click(screen.getByRole('radio', { name: 'Wed 11:00 AM' }));
  await waitFor(() => expect(api.to('PUT /cart/time')).toHaveLength(1));
  expect(api.to('PUT /cart/time')[0].body).toEqual({ mode: 'advance', at: '2030-01-16T16:00:00Z' });
  // Every choice is a kit control: no bare radio and no select.
  expect(container.querySelectorAll('select')).toHaveLength(0);
  for (const r of container.querySelectorAll('input[type=radio]'))
    expect(r.closest('[data-hh-control]')).not.toBeNull();
});

test('at night the times name their day, ASAP and Later are not offered, and each says why', async () => {
  const night = {
    ...times,
    asap_available: false,
    open_now: false,
    later_available: false,
    earliest: '2030-01-16T16:00:00Z',
    earliest_label: 'Wed 11:00 AM',
    notice: "Tender Tray (small) needs 24 hours' notice: the earliest time is Wed 11:00 AM.",
    days: times.days.slice(1),
  };
  mockApi({ 'GET /cart/times': { body: night } });
  const u = setupUser();
  mount(() => <TimeSelector cart={cart} />, '/');
  expect(await screen.findByText('Earliest available:')).toHaveTextContent('Earliest available: Wed 11:00 AM');
  const asap = screen.getByRole('radio', { name: 'ASAP' });
  expect(asap).toBeDisabled();
  expect(asap).not.toBeChecked();
  expect(asap).toHaveAccessibleDescription(night.notice);
  const later = screen.getByRole('radio', { name: 'Later' });
  expect(later).toBeDisabled();
  expect(later).toHaveAccessibleDescription('No more times today. Select date and time instead.');
  await u.click(screen.getByRole('radio', { name: 'Select date and time' }));
  expect(names(screen.getByRole('group', { name: 'Select Time' }))).toEqual(['Wed 11:00 AM']);
});
