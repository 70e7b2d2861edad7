import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import { useEffect, useState, type ReactElement } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Loading } from '@henhouse/kit/ui/Status';
import type { ScreenProps } from '@henhouse/kit/screen';

jest.mock('../federation/remotes', () => ({ loadScreen: jest.fn(), moduleVersions: () => ({}) }));
const props: ScreenProps = { routeId: 'signin', params: {}, query: {}, layout: 'default' };

/**
 * A page as the edge writes it with a copy of its screen in the main area, and the
 * shell's modules loaded fresh on it (the copy is read, and the first screen awaited,
 * once per page).
 */
function pageWithCopy(name: string, partial = false) {
  document.body.innerHTML =
    `<div id="root"><main id="main"><div class="hh-prerendered" data-prerendered="${name}" ${partial ? 'data-screen-loading=""' : ''} inert aria-busy="true">` +
    '<section><h2>The copy</h2><form><label for="e">Email</label><input id="e"></form></section>' +
    '</div></main></div>';
  jest.resetModules();
  jest.doMock('react', () => React); // the page's one React, which the test renders with
  jest.doMock('react/jsx-runtime', () => JsxRuntime);
  /* eslint-disable @typescript-eslint/no-require-imports -- fresh modules for each page */
  const { RemoteScreen } = require('../federation/RemoteScreen') as typeof import('../federation/RemoteScreen');
  const { loadScreen } = require('../federation/remotes') as typeof import('../federation/remotes');
  const { screenRendered } = require('@henhouse/kit/ui/firstScreen') as typeof import('@henhouse/kit/ui/firstScreen');
  /* eslint-enable @typescript-eslint/no-require-imports */
  document.body.innerHTML = '';
  const area = (n: string) => {
    const [module, screenName] = n.split('/');
    return render(
      <main id="main" className="hh-main">
        <RemoteScreen module={module} screen={screenName} {...props} />
      </main>,
    );
  };
  return { area, load: jest.mocked(loadScreen), screenRendered };
}

const copy = () => document.querySelector('[data-prerendered]');

it("while the first screen's code is on its way, the page's copy of it stands beside the loading state, and goes when the screen comes", async () => {
  const { area, load } = pageWithCopy('mf-account/SignIn');
  let arrive!: (m: { default: () => ReactElement }) => void;
  load.mockReturnValue(new Promise((r) => (arrive = r)));
  area('mf-account/SignIn');
  expect(copy()).toHaveAttribute('inert');
  expect(copy()).toHaveAttribute('aria-busy', 'true');
  expect(copy()).not.toHaveAttribute('data-screen-loading');
  expect(copy()?.querySelector('h2')).toHaveTextContent('The copy');
  arrive({ default: () => <p data-screen="mf-account/SignIn">the sign-in screen</p> });
  expect(await screen.findByText('the sign-in screen')).toBeInTheDocument();
  // The first screen is noticed by an observer of the page, then the copy goes.
  await waitFor(() => expect(copy()).toBeNull());
});

it('a partial copy stays while the screen shows only its loading state, keeping the footer back, and goes with the first data', async () => {
  const { area, load } = pageWithCopy('mf-menu/Product', true);
  let data!: () => void;
  function Product() {
    const [ready, setReady] = useState(false);
    useEffect(() => void (data = () => setReady(true)), []);
    return ready ? <div data-screen="mf-menu/Product">the product</div> : <Loading what="the item" />;
  }
  load.mockResolvedValue({ default: Product });
  area('mf-menu/Product');
  expect(await screen.findByText('Loading the item…')).toBeInTheDocument();
  await act(() => Promise.resolve());
  expect(copy()).toHaveAttribute('data-screen-loading', '');
  act(() => data());
  expect(await screen.findByText('the product')).toBeInTheDocument();
  // The first screen is noticed by an observer of the page, then the copy goes.
  await waitFor(() => expect(copy()).toBeNull());
});

it('another screen has no copy, and once a screen has rendered no copy comes back', async () => {
  const { area, load, screenRendered } = pageWithCopy('mf-account/SignIn');
  load.mockReturnValue(new Promise(() => {}));
  const { unmount } = area('mf-account/SignUp');
  expect(copy()).toBeNull();
  unmount();
  screenRendered();
  await Promise.resolve();
  area('mf-account/SignIn');
  expect(copy()).toBeNull();
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
});
