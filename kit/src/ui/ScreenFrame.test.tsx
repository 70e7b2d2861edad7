import { render, screen } from '@testing-library/react';
import { firstScreen } from './firstScreen';
import { ScreenFrame } from './ScreenFrame';

// A frame still loading shows its title and holds the footer back, but is not yet the
// screen: the shell's deferred work, and a prerendered copy of the screen, wait for its
// content (docs/shell.md, "Prerendered screens").
it('is the screen once its content is there, not while it loads', async () => {
  let shown = false;
  void firstScreen.then(() => (shown = true));
  const main = document.body.appendChild(document.createElement('main'));
  main.id = 'main';
  const { rerender } = render(<ScreenFrame name="mf-content/Jobs" title="Jobs in Dayton" loading />, {
    container: main,
  });
  const frame = screen.getByRole('region', { name: 'Jobs in Dayton' });
  expect(frame).toHaveAttribute('data-screen-loading');
  expect(frame).not.toHaveAttribute('data-screen');
  await new Promise((r) => setTimeout(r, 20));
  expect(shown).toBe(false);

  rerender(<ScreenFrame name="mf-content/Jobs" title="Jobs in Dayton, OH" />);
  const shownFrame = screen.getByRole('region', { name: 'Jobs in Dayton, OH' });
  expect(shownFrame).toHaveAttribute('data-screen', 'mf-content/Jobs');
  expect(shownFrame).not.toHaveAttribute('data-screen-loading');
  await firstScreen;
  expect(shown).toBe(true);
});
