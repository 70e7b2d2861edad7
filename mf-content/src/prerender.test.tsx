import { screen } from '@testing-library/react';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, canonical, filled } from '@henhouse/kit/prerender/test/compare';
import type { CareersCity, ContentPage as Page } from '@henhouse/kit/api/types';
import fixture from '../../edge/internal/pages/testdata/jobs-screen.json';
import heroes from '../../edge/internal/pages/testdata/hero-screen.json';
import { renderScreens } from './prerender';
import Jobs from './screens/Jobs';
import ContentPage from './screens/ContentPage';

// The jobs page's copy, filled in as the edge fills it (the cases and the edge's values
// are in jobs-screen.json, which the edge's own test checks too), is the top of the screen
// once it has the city's jobs: the copy goes without anything in it moving.
beforeEach(() => resetStore());

const copy = renderScreens().screens.Jobs;

it('draws the top of a jobs page for the edge to fill, the rest waiting for the screen', () => {
  expect(copy.partial).toBe(true);
  expect(copy.when ?? []).toEqual([]);
  expect(Object.keys(copy.layouts)).toEqual(['default']);
  expect(copy.layouts.default).not.toMatch(/^<link/);
});

it.each(fixture.cases.map((c) => [c.about, c] as const))(
  'is the top of the screen, filled with the values the edge gives: %s',
  async (_, c) => {
    const city = c.city as unknown as CareersCity;
    mockApi({ [`GET /careers/cities/${city.slug}/jobs`]: { status: 200, body: { city } } });
    mount(Jobs, `/henhouse-${city.slug}-jobs`, { routeId: 'jobs', params: { brand: 'henhouse', city: city.slug } });
    await screen.findByRole('heading', { level: 2, name: `Jobs in ${city.name}, ${city.state}` });

    // The screen down to its first opening, the day it was posted left out as the copy
    // leaves it out (it counts on the guest's own calendar).
    const root = document.querySelector('[data-screen="mf-content/Jobs"]')!.cloneNode(true) as Element;
    const jobs = root.querySelector('.hh-jobs')!;
    const first = jobs.querySelector('.hh-jobs__location')!;
    [...jobs.children].filter((e) => e !== first && !e.matches('.hh-jobs__count')).forEach((e) => e.remove());
    [...first.querySelectorAll('.hh-job')].slice(1).forEach((e) => e.remove());
    first.querySelector('.hh-job__posted')!.textContent = '\u00a0';
    const wrap = document.createElement('div');
    wrap.append(root);

    expect(canonical(wrap)).toBe(asPageHolds(filled(copy.layouts.default ?? '', c.slots)));
  },
);

// A content page's copy, filled in as the edge fills it from the page (hero-screen.json,
// which the edge's own test checks too), is the screen's top for a guest: the page's
// hidden title and its hero, buttons and all.
const hero = renderScreens().screens.ContentPage;

it('draws the hero of a content page for a guest, the rest waiting for the screen', () => {
  expect(hero.partial).toBe(true);
  expect(hero.when).toEqual(['signedOut']);
  expect(Object.keys(hero.layouts)).toEqual(['default']);
});

it.each(heroes.cases.filter((c) => c.slots).map((c) => [c.about, c] as const))(
  'is the top of a content page, filled with the values the edge gives: %s',
  async (_, c) => {
    const page = c.page as unknown as Page;
    mockApi({ [`GET /content/pages/${page.slug}`]: { status: 200, body: page } });
    mount(ContentPage, `/${page.slug}`, { routeId: 'content', params: { slug: page.slug } });
    await screen.findByRole('heading', { level: 2, name: page.title });

    // The screen down to its hero.
    const root = document.querySelector('[data-screen="mf-content/ContentPage"]')!.cloneNode(true) as Element;
    const top = root.querySelector('.hh-hero')!;
    [...root.children].slice([...root.children].indexOf(top) + 1).forEach((e) => e.remove());
    const wrap = document.createElement('div');
    wrap.append(root);

    // The copy as the page shows it: a button the hero does not have is hidden
    // (content.css), and so is the row of buttons when both are.
    const copy = document.createElement('div');
    copy.innerHTML = filled(hero.layouts.default ?? '', c.slots as Record<string, string>);
    copy.querySelectorAll('.hh-cbutton:empty').forEach((e) => e.remove());
    copy.querySelectorAll('.hh-block__actions:empty').forEach((e) => e.remove());
    expect(canonical(wrap)).toBe(asPageHolds(copy.innerHTML));
  },
);
