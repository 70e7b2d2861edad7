import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DeliveryAddressForm, VehicleForm } from './forms';

const user = () => userEvent.setup({ delay: null });

describe('DeliveryAddressForm', () => {
  it('labels its fields, with autofill for a shipping address', () => {
    render(<DeliveryAddressForm submitLabel="Deliver here" showNotes onSubmit={() => {}} />);
    expect(screen.getByLabelText('Street address')).toHaveAttribute('autocomplete', 'shipping address-line1');
    expect(screen.getByLabelText('Apartment or suite (optional)')).toHaveAttribute(
      'autocomplete',
      'shipping address-line2',
    );
    expect(screen.getByLabelText('City')).toHaveAttribute('autocomplete', 'shipping address-level2');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAttribute('autocomplete', 'shipping address-level1');
    expect(screen.getByLabelText('ZIP code')).toHaveAttribute('autocomplete', 'shipping postal-code');
    expect(screen.getByRole('textbox', { name: 'Notes for the driver (optional)' }).tagName).toBe('TEXTAREA');
  });

  it('leaves the notes out unless asked', () => {
    render(<DeliveryAddressForm submitLabel="Find locations" onSubmit={() => {}} />);
    expect(screen.queryByLabelText(/Notes for the driver/)).toBeNull();
  });

  it('says what is missing next to each field, focuses the first and sends nothing', async () => {
    const u = user();
    const onSubmit = jest.fn();
    render(<DeliveryAddressForm submitLabel="Deliver here" showNotes onSubmit={onSubmit} />);
    await u.type(screen.getByLabelText('City'), 'Louisville');
    await u.type(screen.getByLabelText('ZIP code'), '402');
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const street = screen.getByLabelText('Street address');
    expect(street).toHaveFocus();
    expect(street).toHaveAttribute('aria-invalid', 'true');
    expect(street).toHaveAccessibleDescription('Enter a street address');
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveAccessibleDescription('Enter a state');
    expect(screen.getByLabelText('ZIP code')).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Apartment or suite (optional)')).not.toHaveAttribute('aria-invalid');
  });

  it('sends the trimmed address and the notes', async () => {
    const u = user();
    const onSubmit = jest.fn();
    render(<DeliveryAddressForm submitLabel="Deliver here" showNotes onSubmit={onSubmit} />);
    await u.type(screen.getByLabelText('Street address'), ' 9838 Madison Ave ');
    await u.type(screen.getByLabelText('City'), 'Louisville');
    await u.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Kentucky');
    await u.type(screen.getByLabelText('ZIP code'), '40202');
    await u.type(screen.getByLabelText(/Notes for the driver/), 'Side door');
    await u.keyboard('{Tab}{Enter}');
    expect(onSubmit).toHaveBeenCalledWith(
      { street: '9838 Madison Ave', city: 'Louisville', state: 'KY', zip: '40202' },
      'Side door',
    );
  });

  it('starts from the address it is given, and keeps a unit', async () => {
    const u = user();
    const onSubmit = jest.fn();
    render(
      <DeliveryAddressForm
        submitLabel="Deliver here"
        defaultValue={{ street: '1 Main St', unit: 'Apt 2', city: 'Dayton', state: 'oh', zip: '45402' }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveDisplayValue('Ohio');
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(onSubmit).toHaveBeenCalledWith(
      { street: '1 Main St', unit: 'Apt 2', city: 'Dayton', state: 'OH', zip: '45402' },
      undefined,
    );
  });

  it('shows the edge’s field messages on the fields, focused, and the form message as an alert', async () => {
    const u = user();
    function WithServer() {
      const [errors, setErrors] = useState<Record<string, string> | undefined>();
      return (
        <DeliveryAddressForm
          submitLabel="Deliver here"
          defaultValue={{ street: '1 Far Rd', city: 'Dayton', state: 'OH', zip: '45402' }}
          errors={errors}
          formError={errors ? 'That address is 12.0 miles away; Henhouse Dayton delivers within 7.5 miles.' : null}
          onSubmit={() => setErrors({ 'address.street': 'Outside the delivery area', mode: 'not offered here' })}
        />
      );
    }
    render(<WithServer />);
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    const street = screen.getByLabelText('Street address');
    expect(street).toHaveAccessibleDescription('Outside the delivery area');
    expect(street).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('That address is 12.0 miles away');
    // Submitting again with a problem of its own: the form's message replaces the old one.
    await u.clear(street);
    await u.click(screen.getByRole('button', { name: 'Deliver here' }));
    expect(street).toHaveAccessibleDescription('Enter a street address');
  });

  it('ignores a submit while busy, without disabling the button', async () => {
    const u = user();
    const onSubmit = jest.fn();
    render(
      <DeliveryAddressForm
        submitLabel="Deliver here"
        busy
        defaultValue={{ street: '1 Main St', city: 'Dayton', state: 'OH', zip: '45402' }}
        onSubmit={onSubmit}
      />,
    );
    const button = screen.getByRole('button', { name: 'Deliver here' });
    expect(button).toBeEnabled();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await u.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('VehicleForm', () => {
  it('asks for make, model and colour, focusing the first missing', async () => {
    const u = user();
    const onSubmit = jest.fn();
    render(<VehicleForm submitLabel="Save car details" defaultValue={{ make: 'Honda' }} onSubmit={onSubmit} />);
    await u.click(screen.getByRole('button', { name: 'Save car details' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Car model')).toHaveFocus();
    expect(screen.getByLabelText('Car model')).toHaveAccessibleDescription('Enter the model of your car');
    expect(screen.getByLabelText('Car color')).toHaveAccessibleDescription('Enter the color of your car');
    expect(screen.getByLabelText('Car make')).not.toHaveAttribute('aria-invalid');

    await u.type(screen.getByLabelText('Car model'), 'Civic');
    await u.type(screen.getByLabelText('Car color'), 'Blue ');
    await u.click(screen.getByRole('button', { name: 'Save car details' }));
    expect(onSubmit).toHaveBeenCalledWith({ make: 'Honda', model: 'Civic', color: 'Blue' });
    expect(screen.getByLabelText('Car model')).not.toHaveAttribute('aria-invalid');
  });

  it('shows the edge’s messages on its fields and the form error', () => {
    render(
      <VehicleForm
        submitLabel="Save car details"
        errors={{ 'vehicle.color': 'The color of your car can be at most 20 characters' }}
        formError="Check the highlighted fields."
        onSubmit={() => {}}
      />,
    );
    expect(screen.getByLabelText('Car color')).toHaveAccessibleDescription(
      'The color of your car can be at most 20 characters',
    );
    expect(screen.getByLabelText('Car color')).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
  });
});
