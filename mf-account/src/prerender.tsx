// The screens of this remote drawn at build time (kit/src/prerender/screens.tsx): the
// sign-in and sign-up forms, the same for every signed-out visitor (the sign-up's for one
// who has chosen no location yet), and the forgotten password's first step, the same for
// everyone, are on the page with its first paint; so is what the confirmation link's and
// the single sign-on return's pages say when their address has lost its code; and the
// app's subscription plans for a signed-out visitor, with a list the edge fills in from
// the plans it reads for the page.
import { Status } from '@henhouse/kit/ui/forms/Field';
import {
  prerenderBrand,
  prerenderScreen,
  slot,
  slotList,
  type ScreenPrerenders,
} from '@henhouse/kit/prerender/screens';
import SignIn from './screens/SignIn';
import SignUp from './screens/SignUp';
import Forgot from './screens/Forgot';
import Confirmed from './screens/Confirmed';
import AppCode from './screens/AppCode';
import { PlanItem, PlanList, SignInToSubscribe, SubscribeFrame } from './screens/Subscribe';

/** The native app's bridge as the webview has it before the page loads: inside the app
 *  the sign-in offers the app's own sign-up, so the copy does too (a browser opening
 *  /app/signin, with no app to ask, loses that line when the screen renders). */
function withAppBridge<T>(draw: () => T): T {
  const g: { window?: object } = globalThis;
  const made = g.window === undefined; // no window at build time, in Node
  const win = g.window ?? (g.window = {});
  Reflect.set(win, 'ReactNativeWebView', { postMessage: () => {} });
  try {
    return draw();
  } finally {
    Reflect.deleteProperty(win, 'ReactNativeWebView');
    if (made) delete g.window;
  }
}

export function renderScreens(): ScreenPrerenders {
  return {
    brandName: prerenderBrand,
    screens: {
      SignIn: {
        when: ['signedOut'],
        layouts: {
          default: prerenderScreen(
            <SignIn routeId="signin" params={{}} query={{}} layout="default" />,
            '/account/signin',
            'default',
          ),
          app: withAppBridge(() =>
            prerenderScreen(<SignIn routeId="app-signin" params={{}} query={{}} layout="app" />, '/app/signin', 'app'),
          ),
        },
      },
      // A member is sent on, a sign-in link keeps the address's ?return=, and a chosen
      // location is the favorite the form starts with: none of those is in the copy.
      SignUp: {
        when: ['signedOut', 'noQuery', 'noLocation'],
        layouts: {
          default: prerenderScreen(
            <SignUp routeId="account-signup" params={{}} query={{}} layout="default" />,
            '/account/signup',
            'default',
          ),
        },
      },
      Forgot: {
        layouts: {
          default: prerenderScreen(
            <Forgot routeId="account-forgot" params={{}} query={{}} layout="default" />,
            '/account/forgot',
            'default',
          ),
        },
      },
      // Without its code the link cannot confirm anything: the screen says so at once,
      // with a way to sign in (a member's goes to the account instead).
      Confirmed: {
        when: ['signedOut', 'noQuery'],
        layouts: {
          default: prerenderScreen(
            <Confirmed routeId="account-confirmed" params={{}} query={{}} layout="default" />,
            '/account/confirmed',
            'default',
          ),
        },
      },
      // The same for the single sign-on return without its code and state.
      AppCode: {
        when: ['noQuery'],
        layouts: {
          app: prerenderScreen(<AppCode routeId="app-code" params={{}} query={{}} layout="app" />, '/app/code', 'app'),
        },
      },
      // The plans as the screen shows them to a guest once it has them, a way to sign in
      // below: each plan's name, cost, description and perk the edge's (docs/identity.md).
      // A member sees their own subscription and the form instead; so does one the app
      // sends with a handover code in the address, signed in once the page has loaded.
      Subscribe: {
        when: ['signedOut', 'noQuery'],
        layouts: {
          app: prerenderScreen(
            <SubscribeFrame layout="app">
              <Status message={null} className="hh-acct-success" />
              <PlanList>
                {slotList(
                  'plans',
                  <PlanItem
                    name={slot('name')}
                    cost={slot('cost')}
                    description={slot('description')}
                    perk={slot('perk')}
                  />,
                )}
              </PlanList>
              <SignInToSubscribe />
            </SubscribeFrame>,
            '/app/subscribe',
            'app',
          ),
        },
      },
    },
  };
}
