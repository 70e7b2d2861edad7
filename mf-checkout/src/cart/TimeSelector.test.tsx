import { screen, waitFor, within } from '@testing-library/react';
import type { Cart } from '@henhouse/kit/api/types';
import { mockApi, mount, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { TimeSelector } from './TimeSelector';

const cart = { location_id: 'oh-dayton', time: { mode: 'asap' } } as Cart;
const times = {
  asap_available: true,
  open_now: true,
  next_ready: '2030-01-15T17:10:00Z',
  earliest: '2030-01-15T17:20:00Z', // the next ready time moved 10 minutes later
  time_zone: 'America/New_York',
  days: [
    {
      date: '2030-01-15',
      slots: [
        { at: '2030-01-15T17:30:00Z', available: false },
        { at: '2030-01-15T17:45:00Z', available: true },
      ],
    },
    { date: '2030-01-16', slots: [{ at: '2030-01-16T16:00:00Z', available: true }] },
  ],
};

beforeEach(resetStore);

test('ASAP, Later, or a date and time; the earliest time is shown and full times are not offered', async () => {
  const api = mockApi({
    'GET /locations/oh-dayton/times': { body: times },
    'PUT /cart/time': ({ body }) => ({ body: { cart: { ...cart, time: body } } }),
  });
  const u = setupUser();
  mount(() => <TimeSelector cart={cart} />, '/');
  expect(await screen.findByText('Earliest available:')).toHaveTextContent('Earliest available: 12:20 PM');
  expect(screen.getByRole('radio', { name: 'ASAP' })).toBeChecked();
  await u.click(screen.getByRole('radio', { name: 'Later' }));
  const time = screen.getByLabelText('Select Time');
  expect(
    within(time)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Choose a time', '12:45 PM']);
  await u.click(screen.getByRole('radio', { name: 'Select date and time' }));
  await u.selectOptions(screen.getByLabelText('Select Date'), '2030-01-16');
  await u.selectOptions(screen.getByLabelText('Select Time'), '2030-01-16T16:00:00Z');
  await waitFor(() => expect(api.to('PUT /cart/time')).toHaveLength(1));
  expect(api.to('PUT /cart/time')[0].body).toEqual({ mode: 'advance', at: '2030-01-16T16:00:00Z' });
});
