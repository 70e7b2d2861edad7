import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from '@henhouse/kit/router';
import { DEFAULT_TOAST_MS, dismissToast, toast } from './toast';
import { Toaster } from './toaster';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function page() {
  return render(
    <MemoryRouter initialEntries={['/menu']}>
      <button type="button">Add to cart</button>
      <Toaster />
      <Where />
    </MemoryRouter>,
  );
}

const polite = () => document.getElementById('hh-live-polite');

afterEach(() => {
  jest.useRealTimers();
});

test('shows the message, announces it once politely, and does not take focus', () => {
  page();
  const trigger = screen.getByRole('button', { name: 'Add to cart' });
  trigger.focus();
  act(() => void toast({ message: 'Added 8 Nuggets to your cart' }));
  expect(screen.getByText('Added 8 Nuggets to your cart')).toBeVisible();
  expect(polite()).toHaveTextContent('Added 8 Nuggets to your cart');
  expect(trigger).toHaveFocus();
  // The toast is not a live region of its own: it would be read a second time.
  expect(screen.getByText('Added 8 Nuggets to your cart').closest('[aria-live],[role=status],[role=alert]')).toBeNull();
  // Pointing at it, tabbing into it: it is not said again.
  polite()!.textContent = '';
  fireEvent.pointerEnter(screen.getByText('Added 8 Nuggets to your cart'));
  act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
  expect(polite()).toHaveTextContent('');
});

test('the action is a button reachable by Tab; pressing it runs it and closes the toast', async () => {
  const onClick = jest.fn();
  page();
  screen.getByRole('button', { name: 'Add to cart' }).focus();
  act(() => void toast({ message: 'Item removed', action: { label: 'Undo', onClick } }));
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  expect(onClick).toHaveBeenCalledTimes(1);
  expect(screen.queryByText('Item removed')).toBeNull();
});

test('an action with href is a link that goes there', async () => {
  page();
  act(() => void toast({ message: 'Added to your cart', action: { label: 'View cart', href: '/cart' } }));
  const link = screen.getByRole('link', { name: 'View cart' });
  expect(link).toHaveAttribute('href', '/cart');
  await userEvent.click(link);
  expect(screen.getByTestId('where')).toHaveTextContent('/cart');
  expect(screen.queryByText('Added to your cart')).toBeNull();
});

test('goes away after its duration (6 s unless told)', () => {
  jest.useFakeTimers();
  page();
  act(() => void toast({ message: 'Saved' }));
  act(() => jest.advanceTimersByTime(DEFAULT_TOAST_MS - 100));
  expect(screen.getByText('Saved')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(200));
  expect(screen.queryByText('Saved')).toBeNull();

  act(() => void toast({ message: 'Quick', duration: 1000 }));
  act(() => jest.advanceTimersByTime(1001));
  expect(screen.queryByText('Quick')).toBeNull();
});

test('stays while focus is in it', () => {
  jest.useFakeTimers();
  page();
  act(() => void toast({ message: 'Item removed', action: { label: 'Undo' }, duration: 1000 }));
  act(() => screen.getByRole('button', { name: 'Undo' }).focus());
  act(() => jest.advanceTimersByTime(5000));
  expect(screen.getByText('Item removed')).toBeInTheDocument();
  act(() => screen.getByRole('button', { name: 'Add to cart' }).focus());
  act(() => jest.advanceTimersByTime(2001));
  expect(screen.queryByText('Item removed')).toBeNull();
});

test('one at a time: a new toast replaces the old, whose dismissal no longer applies', () => {
  jest.useFakeTimers();
  page();
  let first = '';
  act(() => void (first = toast({ message: 'First', duration: 1000 })));
  act(() => jest.advanceTimersByTime(800));
  act(() => void toast({ message: 'Second', duration: 1000 }));
  expect(screen.queryByText('First')).toBeNull();
  expect(screen.getByText('Second')).toBeInTheDocument();
  expect(polite()).toHaveTextContent('Second');
  act(() => dismissToast(first));
  // The first one's timer is gone too: 800 + 300 ms would have closed it.
  act(() => jest.advanceTimersByTime(300));
  expect(screen.getByText('Second')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(800));
  expect(screen.queryByText('Second')).toBeNull();
});

test('the close button dismisses it', async () => {
  page();
  act(() => void toast({ message: 'Saved' }));
  await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
  expect(screen.queryByText('Saved')).toBeNull();
});
