import { mockApi, resetStore } from '@henhouse/kit/test/harness';
import { asPageHolds, clientFirstRender } from '@henhouse/kit/prerender/test/compare';
import { renderScreens } from './prerender';
import SignIn from './screens/SignIn';

// The sign-in page's copy is what the screen renders first in its place: the copy goes
// without a visible change, and the guest's first paint is the form they will use.
beforeEach(() => {
  resetStore();
  mockApi({});
});
afterEach(() => {
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
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
