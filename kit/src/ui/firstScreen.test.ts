import { firstScreen } from './firstScreen';

it('resolves once a screen is in the main area, not before', async () => {
  let done = false;
  void firstScreen.then(() => (done = true));
  document.body.innerHTML = '<main id="main"><p>loading</p></main><div data-screen="drawer"></div>';
  await new Promise((r) => setTimeout(r, 20));
  expect(done).toBe(false);
  document.getElementById('main')!.innerHTML = '<section data-screen="mf-menu/Menu"></section>';
  await firstScreen;
  expect(done).toBe(true);
});
