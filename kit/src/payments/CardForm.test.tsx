import { useRef } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HostedFields } from '@henhouse/kit/payments/hostedFields';
import { CardForm } from './CardForm';

jest.mock('@henhouse/kit/payments/hostedFields', () => ({
  ...jest.requireActual('@henhouse/kit/payments/hostedFields'),
  loadCheckoutClient: () => jest.requireActual('@henhouse/kit/payments/test/cardFields').fakeCheckoutClient(),
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
