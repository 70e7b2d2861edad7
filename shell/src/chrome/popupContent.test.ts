import { configureApi } from '@henhouse/kit/api/client';
import { useAppStore } from '@henhouse/kit/state/store';
import { fetchPopupsEarly, newPage, popupContent } from './popupContent';
import { setBootstrap, type Bootstrap, type RouteEntry } from '@henhouse/kit/bootstrap';
import table from '../../../edge/internal/routes/testdata/routes.json';

const popups = [
  {
    id: 'welcome',
    kind: 'welcome',
    version: 2,
    title: 'Welcome to Henhouse',
    text: 'Fried fresh.',
    show: 'no-user',
    image: { filename: '/static/img/welcome.svg', alt: '', width: 320, height: 180 },
  },
  {
    id: 'promo',
    kind: 'site',
    version: 1,
    title: 'Double points',
    text: 'Earn more.',
    show: 'all',
    image: { filename: '/static/img/promo.svg', alt: '', width: 320, height: 180 },
  },
];

let fetches = 0;
const images: string[] = [];

beforeEach(() => {
  // The site's route table: it says which pages are content pages (./popupVisit.ts).
  setBootstrap({ routes: table as RouteEntry[], path: '/', status: 200, layout: 'default' } as Bootstrap);
  newPage();
  fetches = 0;
  images.length = 0;
  localStorage.clear();
  useAppStore.getState().reset(['token', 'user']);
  configureApi({
    fetchImpl: (async () => {
      fetches++;
      return {
        ok: true,
        status: 200,
        headers: { get: () => 'application/json' },
        text: async () => JSON.stringify({ popups }),
      };
    }) as unknown as typeof fetch,
  });
  jest.spyOn(window, 'Image').mockImplementation(() => {
    const img = document.createElement('img');
    Object.defineProperty(img, 'src', {
      set: (v: string) => {
        images.push(v);
        setTimeout(() => img.onload?.(new Event('load')), 5);
      },
    });
    return img;
  });
});
afterEach(() => jest.restoreAllMocks());

test('the early fetch serves the popups once, with the image of the popup that will show', async () => {
  fetchPopupsEarly();
  fetchPopupsEarly(); // once per page
  const answer = await popupContent(new AbortController().signal);
  expect(answer.popups.map((p) => p.id)).toEqual(['welcome', 'promo']);
  expect(fetches).toBe(1);
  expect(images).toEqual(['/static/img/welcome.svg']);
  // A retry asks again.
  await popupContent(new AbortController().signal);
  expect(fetches).toBe(2);
});

test('the image fetched is the one of the popup this visitor will see', async () => {
  localStorage.setItem('henhouse:popups', JSON.stringify(['welcome@2']));
  fetchPopupsEarly();
  await popupContent(new AbortController().signal);
  expect(images).toEqual(['/static/img/promo.svg']);
});

test('a failed early fetch is the popups’ own failure, seen when they take it', async () => {
  configureApi({
    fetchImpl: (async () => ({
      ok: false,
      status: 503,
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify({ error: { code: 'unavailable', message: 'Content is down.' } }),
    })) as unknown as typeof fetch,
  });
  fetchPopupsEarly();
  await expect(popupContent(new AbortController().signal)).rejects.toMatchObject({ status: 503 });
  expect(images).toEqual([]);
});

test('the popups’ code is fetched with their content when a popup will show, and not when none will', async () => {
  let codeLoaded = false;
  const loadCode = jest.fn(() => new Promise((r) => setTimeout(r, 20)).then(() => (codeLoaded = true)));
  await fetchPopupsEarly(loadCode);
  // It answers once the popup's code and image are here.
  expect(loadCode).toHaveBeenCalledTimes(1);
  expect(codeLoaded).toBe(true);
  expect(images).toEqual(['/static/img/welcome.svg']);
  expect((await popupContent(new AbortController().signal)).popups).toHaveLength(2);

  newPage();
  localStorage.setItem('henhouse:popups', JSON.stringify(['welcome@2', 'promo@1']));
  const again = jest.fn(async () => undefined);
  await fetchPopupsEarly(again);
  expect(again).not.toHaveBeenCalled();
  expect(images).toEqual(['/static/img/welcome.svg']);
});

test('a failed fetch of the content still answers, with nothing to load', async () => {
  configureApi({
    fetchImpl: (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch,
  });
  const loadCode = jest.fn(async () => undefined);
  await expect(fetchPopupsEarly(loadCode)).resolves.toBeUndefined();
  expect(loadCode).not.toHaveBeenCalled();
  await expect(popupContent(new AbortController().signal)).rejects.toBeTruthy();
});
