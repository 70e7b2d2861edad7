import { covered, whenUncovered } from './uncovered';

const tick = () => new Promise((r) => setTimeout(r, 10));

function track(p: Promise<void>) {
  const state = { done: false };
  void p.then(() => (state.done = true));
  return state;
}

afterEach(() => {
  document.body.innerHTML = '';
});

it('resolves at once when no dialog is open', async () => {
  document.body.innerHTML = '<dialog id="closed"></dialog><main></main>';
  expect(covered()).toBe(false);
  const state = track(whenUncovered());
  await tick();
  expect(state.done).toBe(true);
});

it('waits while a dialog is open, through one dialog taking the place of another', async () => {
  document.body.innerHTML = '<dialog id="early" open><button>Close</button></dialog><main></main>';
  expect(covered()).toBe(true);
  const state = track(whenUncovered());
  await tick();
  expect(state.done).toBe(false);

  // The shell's popup opens in the edge's popup's place, which is then removed.
  const modal = document.createElement('dialog');
  document.body.appendChild(modal);
  modal.setAttribute('open', '');
  document.getElementById('early')!.remove();
  await tick();
  expect(state.done).toBe(false);

  // The guest closes it.
  modal.removeAttribute('open');
  await tick();
  expect(state.done).toBe(true);
  expect(covered()).toBe(false);
});

it('resolves when the open dialog leaves the page', async () => {
  document.body.innerHTML = '<dialog id="early" open></dialog>';
  const state = track(whenUncovered());
  await tick();
  expect(state.done).toBe(false);
  document.getElementById('early')!.remove();
  await tick();
  expect(state.done).toBe(true);
});
