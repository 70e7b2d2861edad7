import { screen, within } from '@testing-library/react';
import { apiError, mockApi, mount, recordedAnswers, resetStore, setupUser } from '@henhouse/kit/test/harness';
import { useAppStore } from '@henhouse/kit/state/store';
import recorded from '../test/jobs-api.json';
import Jobs, { payRange, postedAgo } from './Jobs';

// The edge's own answers (record-jobs.mjs), posted dates counted back from 15 Jan 2030.
const real = recordedAnswers<keyof typeof recorded>(recorded);
/** The fake API's key for a city's jobs. */
const route = (city: string) => `GET /careers/cities/${city}/jobs`;
const recordedFor = (c: string) => real(`GET /api/careers/cities/{city}/jobs ${c}` as keyof typeof recorded);

/** The jobs route as the shell mounts it, for a city. */
const mountJobs = (city: string) =>
  mount(Jobs, `/henhouse-${city}-jobs`, { routeId: 'jobs', params: { brand: 'henhouse', city } });

/** Fixes the clock at 15 Jan 2030, 3 pm, and only the clock: React and the testing
 *  library keep their real timers. */
function todayIs15Jan2030() {
  jest.useFakeTimers({
    now: new Date('2030-01-15T15:00:00'),
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
}

describe('Jobs (docs/careers.md)', () => {
  beforeEach(() => resetStore());
  afterEach(() => jest.useRealTimers());

  it('lists the openings of each restaurant with pay, schedule, posting date and an apply link', async () => {
    todayIs15Jan2030();
    const api = mockApi({ [route('columbus')]: recordedFor('columbus') });
    mountJobs('columbus');
    expect(screen.getByText('Loading open roles…')).toHaveAttribute('role', 'status');
    // The screen is marked loading: the shell holds the footer back until it is not.
    expect(screen.getByRole('region', { name: 'Jobs in Columbus' })).toHaveAttribute('data-screen-loading');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jobs in Columbus, OH' })).toBeInTheDocument();
    expect(api.calls[0].path).toBe('/careers/cities/columbus/jobs');
    // The document is named as the edge names it on a first load (the shell reads this).
    expect(useAppStore.getState().pageTitle).toEqual({
      path: '/henhouse-columbus-jobs',
      title: 'Jobs in Columbus, OH',
    });
    expect(screen.getByText('5 open roles at our restaurants in Columbus.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Jobs in Columbus, OH' })).not.toHaveAttribute('data-screen-loading');

    // A section per restaurant, by name, each with its own list.
    const sections = screen.getAllByRole('region', { name: /^Henhouse / });
    expect(sections.map((s) => within(s).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Henhouse Columbus Clintonville',
      'Henhouse Columbus Downtown',
    ]);
    const downtown = within(sections[1]).getByRole('list', { name: 'Open roles at Henhouse Columbus Downtown' });
    expect(within(sections[1]).getByText('5405 Oak Ave, Columbus, OH 43215')).toBeInTheDocument();
    const roles = within(downtown).getAllByRole('article');
    expect(roles.map((r) => within(r).getByRole('heading', { level: 4 }).textContent)).toEqual([
      'Team Member',
      'Restaurant Manager',
      'Cook',
    ]);

    const manager = screen.getByRole('article', { name: 'Restaurant Manager' });
    expect(within(manager).getByText('Pay').nextSibling).toHaveTextContent('$52,000–$62,000 a year');
    expect(within(manager).getByText('Type').nextSibling).toHaveTextContent('Full time');
    expect(within(manager).getByText('Schedule').nextSibling).toHaveTextContent(
      '45–50 hours a week, five days including one weekend day',
    );
    expect(within(manager).getByText('Shifts').nextSibling).toHaveTextContent('Morning, afternoon, evening, weekend');
    expect(within(manager).getByText(/^Posted/)).toHaveTextContent('Posted 6 days ago');
    expect(within(manager).getByText('6 days ago')).toHaveAttribute('datetime', '2030-01-09');

    const apply = within(manager).getByRole('link', {
      name: 'Apply for Restaurant Manager at Henhouse Columbus Downtown (opens in a new tab)',
    });
    expect(apply).toHaveAttribute(
      'href',
      'https://careers.henhouse.example/jobs/oh-columbus-downtown-restaurant-manager',
    );
    expect(apply).toHaveAttribute('target', '_blank');
    expect(apply.getAttribute('rel')).toContain('noopener');

    const cook = screen.getByRole('article', { name: 'Cook' });
    expect(within(cook).getByText('Pay').nextSibling).toHaveTextContent('$14.50–$17.50 an hour');
    expect(within(cook).getByText('Type').nextSibling).toHaveTextContent('Part time');
    expect(
      screen.getByRole('link', { name: 'See every job on our careers site (opens in a new tab)' }),
    ).toHaveAttribute('href', 'https://careers.henhouse.example');
  });

  it('says so when a city has restaurants and no openings, with links to every job and to its restaurants', async () => {
    mockApi({ [route('toledo')]: recordedFor('toledo') });
    mountJobs('toledo');
    expect(await screen.findByRole('heading', { level: 2, name: 'Jobs in Toledo, OH' })).toBeInTheDocument();
    expect(screen.getByText('No open roles in Toledo right now.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'See every job on our careers site (opens in a new tab)' }),
    ).toHaveAttribute('target', '_blank');
    const user = setupUser();
    await user.click(screen.getByRole('link', { name: 'Our restaurants in Toledo, OH' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/locations/oh/toledo');
  });

  it('shows the not-found page for a city without a restaurant', async () => {
    mockApi({ [route('atlantis')]: recordedFor('not_found') });
    mountJobs('atlantis');
    expect(await screen.findByRole('heading', { name: 'This page could not be found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
  });

  it('says why the openings did not load and loads them again on "Try again"', async () => {
    const api = mockApi({
      [route('dayton')]: [
        apiError(503, 'storage_unavailable', 'We are having trouble right now.'),
        recordedFor('dayton'),
      ],
    });
    mountJobs('dayton');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We are having trouble right now.');
    expect(screen.getByRole('heading', { level: 2, name: 'Jobs in Dayton' })).toBeInTheDocument();
    const user = setupUser();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Jobs in Dayton, OH' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Shift Leader' })).toBeInTheDocument();
    expect(screen.getByText('4 open roles at our restaurants in Dayton.')).toBeInTheDocument();
    expect(api.to('GET /careers/cities/dayton/jobs')).toHaveLength(2);
  });
});

describe('payRange and postedAgo', () => {
  it('writes pay per hour with cents and per year without', () => {
    expect(payRange({ min_cents: 1650, max_cents: 1950, unit: 'hour', currency: 'USD' })).toBe('$16.50–$19.50 an hour');
    expect(payRange({ min_cents: 1500, max_cents: 1800, unit: 'hour', currency: 'USD' })).toBe('$15–$18 an hour');
    expect(payRange({ min_cents: 1500, max_cents: 1500, unit: 'hour', currency: 'USD' })).toBe('$15 an hour');
    expect(payRange({ min_cents: 5200000, max_cents: 6200000, unit: 'year', currency: 'USD' })).toBe(
      '$52,000–$62,000 a year',
    );
    // As Intl writes other currencies.
    expect(payRange({ min_cents: 1500, max_cents: 1850, unit: 'hour', currency: 'CAD' })).toBe(
      'CA$15.00–CA$18.50 an hour',
    );
  });

  it('counts the days since posting, and gives the date past two weeks', () => {
    const now = new Date(2030, 0, 15, 9, 30);
    expect(postedAgo('2030-01-15T00:00:00Z', now)).toBe('today');
    expect(postedAgo('2030-01-14T00:00:00Z', now)).toBe('yesterday');
    expect(postedAgo('2030-01-12T00:00:00Z', now)).toBe('3 days ago');
    expect(postedAgo('2030-01-01T00:00:00Z', now)).toBe('14 days ago');
    expect(postedAgo('2029-12-31T00:00:00Z', now)).toBe('on December 31, 2029');
    // Written as the browser's en-US long date would be.
    for (const iso of ['2029-03-05T12:00:00Z', '2028-11-20T00:00:00Z', '2027-02-01T23:59:00Z']) {
      const intl = new Date(iso).toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(postedAgo(iso, now)).toBe(`on ${intl}`);
    }
  });
});
