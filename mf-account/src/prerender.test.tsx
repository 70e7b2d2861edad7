import { screen } from '@testing-library/react';
import { mockApi, mount, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, canonical, clientFirstRender, filled } from '@henhouse/kit/prerender/test/compare';
import type { Plan } from '@henhouse/kit/api/types';
import plans from '../../edge/internal/pages/testdata/plans-screen.json';
import { renderScreens } from './prerender';
import SignIn from './screens/SignIn';
import SignUp from './screens/SignUp';
import Forgot from './screens/Forgot';
import Confirmed from './screens/Confirmed';
import AppCode from './screens/AppCode';
import Subscribe from './screens/Subscribe';

// The sign-in page's copy is what the screen renders first in its place: the copy goes
// without a visible change, and the guest's first paint is the form they will use.
beforeEach(() => {
  resetStore();
  mockApi({});
});
afterEach(() => {
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
  delete (navigator as { geolocation?: unknown }).geolocation;
});

it('draws the sign-in form as the screen first renders it, on the site', () => {
  const copy = renderScreens().screens.SignIn;
  expect(copy.when).toEqual(['signedOut']);
  const html = copy.layouts.default ?? '';
  expect(html).toContain('Sign in with your email and password');
  expect(html).not.toContain('data-screen=');
  expect(
    clientFirstRender(
      <SignIn routeId="account-signin" params={{}} query={{}} layout="default" />,
      '/account/signin',
      'default',
    ),
  ).toBe(asPageHolds(html));
});

it('draws the app sign-in as the app shows it, with its own sign-up', () => {
  const html = renderScreens().screens.SignIn.layouts.app ?? '';
  expect(html).toContain('Create an account');
  (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage: () => {} };
  expect(
    clientFirstRender(<SignIn routeId="app-signin" params={{}} query={{}} layout="app" />, '/app/signin', 'app'),
  ).toBe(asPageHolds(html));
});

it('draws the sign-up form, with no favorite location yet, as the screen first renders it', () => {
  // A browser's: every browser the site supports can be asked for its position.
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition() {} }, configurable: true });
  const copy = renderScreens().screens.SignUp;
  expect(copy.when).toEqual(['signedOut', 'noQuery', 'noLocation']);
  const html = copy.layouts.default ?? '';
  expect(html).toContain('Create account');
  expect(html).toContain('Favorite location');
  expect(html).toContain('Use my location');
  expect(html).not.toContain('data-screen=');
  expect(html).not.toContain(' style=');
  expect(
    clientFirstRender(
      <SignUp routeId="account-signup" params={{}} query={{}} layout="default" />,
      '/account/signup',
      'default',
    ),
  ).toBe(asPageHolds(html));
});

it("draws the forgotten password's first step, the same for everyone", () => {
  const copy = renderScreens().screens.Forgot;
  expect(copy.when).toBeUndefined();
  const html = copy.layouts.default ?? '';
  expect(html).toContain('Forgot Password');
  expect(html).not.toContain(' style=');
  expect(
    clientFirstRender(
      <Forgot routeId="account-forgot" params={{}} query={{}} layout="default" />,
      '/account/forgot',
      'default',
    ),
  ).toBe(asPageHolds(html));
});

it("draws the confirmation link's page without its code as the screen first renders it, for a guest", () => {
  const copy = renderScreens().screens.Confirmed;
  expect(copy.when).toEqual(['signedOut', 'noQuery']);
  const html = copy.layouts.default ?? '';
  expect(html).toContain('We couldn&#x27;t confirm your account');
  expect(html).toContain('This link is missing its confirmation code.');
  expect(html).toContain('href="/account/signin"');
  expect(html).not.toContain('data-screen=');
  expect(
    clientFirstRender(
      <Confirmed routeId="account-confirmed" params={{}} query={{}} layout="default" />,
      '/account/confirmed',
      'default',
    ),
  ).toBe(asPageHolds(html));
});

it('draws the single sign-on return without its code as the app shows it', () => {
  const copy = renderScreens().screens.AppCode;
  expect(copy.when).toEqual(['noQuery']);
  expect(Object.keys(copy.layouts)).toEqual(['app']);
  const html = copy.layouts.app ?? '';
  expect(html).toContain('This sign-in link is incomplete. Please start signing in again.');
  expect(html).toContain('Back to sign in');
  expect(
    clientFirstRender(<AppCode routeId="app-code" params={{}} query={{}} layout="app" />, '/app/code', 'app'),
  ).toBe(asPageHolds(html));
});

// The app's subscription page for a guest: the copy, its plans filled in as the edge
// fills them (plans-screen.json, which the edge's own test checks too), is the screen once
// it has read the plans, so the copy goes without anything on the page changing.
it('draws the plans for the edge to fill in, for a guest in the app', () => {
  const copy = renderScreens().screens.Subscribe;
  expect(copy.when).toEqual(['signedOut', 'noQuery']);
  expect(copy.partial).toBeUndefined();
  expect(Object.keys(copy.layouts)).toEqual(['app']);
  expect(copy.layouts.app).toMatch(/__hh_eachplans__<li .*__hh_endplans__<\/ul>/);
});

it.each(plans.cases.filter((c) => c.entries).map((c) => [c.about, c] as const))(
  'is the subscription screen of a guest, filled with the plans the edge gives: %s',
  async (_, c) => {
    mockApi({ 'GET /subscriptions/plans': { body: { plans: c.plans as Plan[] } } });
    mount(Subscribe, '/app/subscribe', { layout: 'app', routeId: 'app-subscribe' });
    await screen.findByRole('link', { name: 'Sign in' });
    const wrap = document.createElement('div');
    wrap.append(document.querySelector('[data-screen="mf-account/Subscribe"]')!.cloneNode(true));
    const copy = renderScreens().screens.Subscribe.layouts.app ?? '';
    expect(canonical(wrap)).toBe(asPageHolds(filled(copy, {}, { plans: c.entries ?? [] })));
    expect(wrap).toHaveTextContent(c.plans[0].name);
  },
);
