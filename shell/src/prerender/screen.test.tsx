import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { screenRendered } from '@henhouse/kit/ui/firstScreen';
import type { ScreenProps } from '@henhouse/kit/screen';
import { loadScreen } from '../federation/remotes';
import { RemoteScreen } from '../federation/RemoteScreen';
import { takeCopy } from './screen';

jest.mock('../federation/remotes', () => ({ loadScreen: jest.fn(), moduleVersions: () => ({}) }));
const load = jest.mocked(loadScreen);
const props: ScreenProps = { routeId: 'signin', params: {}, query: {}, layout: 'default' };

// The page as the edge writes it with a copy of its screen in the main area.
function pageWithCopy() {
  document.body.innerHTML =
    '<div id="root"><main id="main"><div class="hh-prerendered" data-prerendered="mf-account/SignIn" inert aria-busy="true">' +
    '<section data-prerendered-screen="mf-account/SignIn"><h2>Sign In</h2><form><label for="e">Email</label><input id="e"></form></section>' +
    '</div></main></div>';
  takeCopy();
  document.body.innerHTML = '';
}

beforeEach(() => load.mockReset());

it("while the first screen's code is on its way, its area shows the page's copy of it, which the guest cannot use", async () => {
  pageWithCopy();
  let arrive!: (m: { default: () => ReactElement }) => void;
  load.mockReturnValue(new Promise((r) => (arrive = r)));
  render(<RemoteScreen module="mf-account" screen="SignIn" {...props} />);
  expect(screen.queryByRole('status')).not.toBeInTheDocument(); // no spinner in its place
  const copy = document.querySelector('[data-prerendered="mf-account/SignIn"]')!;
  expect(copy).toHaveAttribute('inert');
  expect(copy).toHaveAttribute('aria-busy', 'true');
  expect(copy.querySelector('h2')).toHaveTextContent('Sign In');
  arrive({ default: () => <p data-screen="mf-account/SignIn">the sign-in screen</p> });
  expect(await screen.findByText('the sign-in screen')).toBeInTheDocument();
  expect(document.querySelector('[data-prerendered]')).toBeNull();
});

it('another screen loads with the spinner, and once a screen has rendered the copy is gone', async () => {
  pageWithCopy();
  load.mockReturnValue(new Promise(() => {}));
  const { unmount } = render(<RemoteScreen module="mf-account" screen="SignUp" {...props} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  unmount();
  screenRendered();
  await Promise.resolve();
  render(<RemoteScreen module="mf-account" screen="SignIn" {...props} />);
  expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  expect(document.querySelector('[data-prerendered]')).toBeNull();
});
