import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { act } from 'react';
import { announce, mountAnnouncer, useAnnounce, useAnnounceNow, POLITE_ID, ASSERTIVE_ID } from './announce';

const polite = () => document.getElementById(POLITE_ID)!;
const assertive = () => document.getElementById(ASSERTIVE_ID)!;

beforeEach(() => {
  document.body.innerHTML = '';
});

test('the shell mounts one polite status region and one assertive alert region', () => {
  mountAnnouncer();
  mountAnnouncer();
  expect(document.querySelectorAll(`#${POLITE_ID}`)).toHaveLength(1);
  expect(polite()).toHaveAttribute('role', 'status');
  expect(polite()).toHaveAttribute('aria-live', 'polite');
  expect(assertive()).toHaveAttribute('role', 'alert');
  expect(assertive()).toHaveAttribute('aria-live', 'assertive');
});

test('announce fills the polite region, or the assertive one for errors', () => {
  mountAnnouncer();
  announce('Cart, 2 items');
  announce('Enter your email.', { assertive: true });
  expect(screen.getByRole('status')).toHaveTextContent('Cart, 2 items');
  expect(screen.getByRole('alert')).toHaveTextContent('Enter your email.');
});

test('the same words again later are announced again: the region text changes', () => {
  const now = jest.spyOn(Date, 'now').mockReturnValue(1000);
  announce('Total $9.99');
  const once = polite().textContent;
  now.mockReturnValue(3000);
  announce('Total $9.99');
  now.mockRestore();
  expect(polite().textContent).not.toBe(once);
  expect(polite()).toHaveTextContent('Total $9.99');
});

function Counter({ now }: { now?: boolean }) {
  const [n, setN] = useState(1);
  const hook = now ? useAnnounceNow : useAnnounce;
  hook(`${n} in your cart`);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      more
    </button>
  );
}

test('useAnnounce says changes, not what a screen shows first', () => {
  mountAnnouncer();
  render(<Counter />);
  expect(polite()).toBeEmptyDOMElement();
  act(() => screen.getByRole('button').click());
  expect(polite()).toHaveTextContent('2 in your cart');
});

test('useAnnounceNow says its text as soon as it is shown', () => {
  mountAnnouncer();
  render(<Counter now />);
  expect(polite()).toHaveTextContent('1 in your cart');
});

test('messages of one moment are read together, and none twice', () => {
  mountAnnouncer();
  const now = jest.spyOn(Date, 'now').mockReturnValue(1000);
  announce('1 item in your cart.');
  announce('Added 1 Tenders to your cart. 1 item in your cart.');
  expect(polite().textContent).toBe('Added 1 Tenders to your cart. 1 item in your cart.');
  announce('1 item in your cart.');
  expect(polite().textContent).toBe('Added 1 Tenders to your cart. 1 item in your cart.');
  announce('Total $5.00.');
  expect(polite().textContent).toBe('Added 1 Tenders to your cart. 1 item in your cart. Total $5.00.');
  now.mockReturnValue(5000);
  announce('Total $6.00.');
  expect(polite().textContent).toBe('Total $6.00.');
  now.mockRestore();
});

test('an error summary that goes away leaves the region empty', () => {
  mountAnnouncer();
  function Summary({ text }: { text: string | null }) {
    useAnnounceNow(text, { assertive: true });
    return null;
  }
  const { rerender } = render(<Summary text="Enter your email." />);
  expect(assertive()).toHaveTextContent('Enter your email.');
  rerender(<Summary text={null} />);
  expect(assertive()).toBeEmptyDOMElement();
});

test('while a modal dialog is open, announcements are said from inside it', () => {
  mountAnnouncer();
  const dialog = document.createElement('dialog');
  document.body.append(dialog);
  dialog.setAttribute('open', '');
  // jsdom has no :modal; the browser's answer for a dialog opened with showModal().
  const matches = dialog.matches.bind(dialog);
  dialog.matches = (sel: string) => sel === ':modal' || matches(sel);
  mountAnnouncer(dialog);
  announce('Total $5.00.');
  expect(dialog.querySelector('[data-live="polite"]')).toHaveTextContent('Total $5.00.');
  expect(polite()).toBeEmptyDOMElement();
});
