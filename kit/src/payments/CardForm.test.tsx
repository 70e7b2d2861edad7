import { useRef } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostedFields } from '@henhouse/kit/payments/hostedFields';
import { CardForm } from './CardForm';
import { checkoutClientLoadError } from './hostedFields';

const mockLoad = jest.fn(() => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient());
jest.mock('@henhouse/kit/payments/checkoutClient', () => ({
  loadCheckoutClient: () => mockLoad(),
}));

function Form() {
  const fieldsRef = useRef<HostedFields | null>(null);
  return (
    <form>
      <label>
        Name <input />
      </label>
      <CardForm processor="hosted" fieldsRef={fieldsRef} />
    </form>
  );
}

// The processor loads its frame lazily; a guest who starts on the form gets it loaded at
// once, so Tab never reaches an empty frame.
test('the card frame loads as soon as the guest starts on the form', async () => {
  render(<Form />);
  const frame = await waitFor(() => screen.getByTitle('Card details'));
  frame.setAttribute('loading', 'lazy'); // as the processor's client mounts it
  await userEvent.click(screen.getByLabelText('Name'));
  expect(frame.getAttribute('loading')).toBe('eager');
});

test('a card form that cannot load says so, and Try again loads it', async () => {
  mockLoad.mockRejectedValueOnce(new Error(checkoutClientLoadError));
  render(<Form />);
  expect(await screen.findByRole('alert')).toHaveTextContent(checkoutClientLoadError);
  expect(screen.queryByTitle('Card details')).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
  await waitFor(() => screen.getByTitle('Card details'));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
