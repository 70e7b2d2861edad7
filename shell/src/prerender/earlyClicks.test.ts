import { EARLY_TAP_ATTRIBUTE, holdEarlyClicks } from './earlyClicks';
import { renderChrome, HEADING_MARKER } from './chrome';

// The kit's watch for the first screen observes the whole document, and these tests
// replace it often; it has no part in them.
jest.mock('@henhouse/kit/ui/firstScreen', () => ({ firstScreen: new Promise(() => {}), screenRendered: () => {} }));

// The default layout's prerendered chrome, as the edge puts it in the root.
function prerenderedPage(): HTMLElement {
  document.body.innerHTML = `<div id="root">${renderChrome('default').replace(HEADING_MARKER, 'Our Story')}</div>`;
  return document.getElementById('root')!;
}

// What the shell's first render does: the root's children replaced by its own chrome,
// here reduced to the two buttons, whose clicks are counted.
function shellTakesOver(root: HTMLElement) {
  const clicks: string[] = [];
  const shell = document.createElement('div');
  shell.innerHTML =
    '<header><button class="hh-burger">Menu</button><button class="hh-cart-button">Cart, 0 items</button></header>';
  for (const b of Array.from(shell.querySelectorAll('button')))
    b.addEventListener('click', () => clicks.push(b.className));
  root.replaceChildren(shell);
  return clicks;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

test('a tap on the prerendered cart button opens the cart once the shell has rendered', async () => {
  const root = prerenderedPage();
  holdEarlyClicks(root);
  const seen = jest.fn();
  document.addEventListener('click', seen);
  root.querySelector<HTMLButtonElement>('button.hh-cart-button')!.click();
  // Held: nothing else on the page sees the tap meanwhile.
  expect(seen).not.toHaveBeenCalled();

  const clicks = shellTakesOver(root);
  await flush();
  expect(clicks).toEqual(['hh-cart-button']);
  document.removeEventListener('click', seen);
});

test('a tap the page noted before the entry ran is given too, unless a later one was held', async () => {
  let root = prerenderedPage();
  root.setAttribute(EARLY_TAP_ATTRIBUTE, 'hh-cart-button');
  holdEarlyClicks(root);
  let clicks = shellTakesOver(root);
  await flush();
  expect(clicks).toEqual(['hh-cart-button']);
  expect(root.hasAttribute(EARLY_TAP_ATTRIBUTE)).toBe(false);

  root = prerenderedPage();
  root.setAttribute(EARLY_TAP_ATTRIBUTE, 'hh-cart-button');
  holdEarlyClicks(root);
  root.querySelector<HTMLButtonElement>('button.hh-burger')!.click();
  clicks = shellTakesOver(root);
  await flush();
  expect(clicks).toEqual(['hh-burger']);
});

test('the last of several early taps is the one given (the menu here)', async () => {
  const root = prerenderedPage();
  holdEarlyClicks(root);
  root.querySelector<HTMLButtonElement>('button.hh-cart-button')!.click();
  root.querySelector<HTMLButtonElement>('button.hh-burger')!.click();
  const clicks = shellTakesOver(root);
  await flush();
  expect(clicks).toEqual(['hh-burger']);
});

test('without an early tap nothing is clicked, and after the take-over taps are the shell’s own', async () => {
  const root = prerenderedPage();
  holdEarlyClicks(root);
  const clicks = shellTakesOver(root);
  await flush();
  expect(clicks).toEqual([]);
  root.querySelector<HTMLButtonElement>('button.hh-cart-button')!.click();
  expect(clicks).toEqual(['hh-cart-button']);
});

test('links are not held: they work as links before any script runs', () => {
  const root = prerenderedPage();
  holdEarlyClicks(root);
  const link = root.querySelector('a[href]')!;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  link.dispatchEvent(event);
  expect(event.defaultPrevented).toBe(false);
});
