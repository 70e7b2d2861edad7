import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { HandoffMode } from '@henhouse/kit/api/types';
import { HandoffModePicker, handoffChoices, handoffModes } from './modes';

const user = () => userEvent.setup({ delay: null });

function Picker({ offered, start = 'pickup' }: { offered?: (m: HandoffMode) => boolean; start?: HandoffMode }) {
  const [mode, setMode] = useState<HandoffMode>(start);
  return (
    <>
      <HandoffModePicker value={mode} onChange={setMode} offered={offered} />
      <output>{mode}</output>
    </>
  );
}

test('handoffModes: delivery, and pickup with the sub-modes In-store (pickup) and Curbside (curbside)', () => {
  expect(handoffModes.map((m) => m.key)).toEqual(['delivery', 'pickup']);
  expect(handoffModes[1].sub_handoff_modes).toEqual(['In-store', 'Curbside']);
  expect(handoffModes[1].sub_handoff_modes_keys).toEqual(['pickup', 'curbside']);
  expect(handoffModes.map((m) => [m.mobile, m.desktop, m.icon])).toEqual([
    ['Delivery', 'Delivery', 'delivery'],
    ['Pickup', 'Pickup', 'pickup'],
  ]);
  expect(handoffChoices).toEqual([
    { key: 'delivery', mobile: 'Delivery', desktop: 'Delivery' },
    { key: 'pickup', mobile: 'In-store', desktop: 'In-store pickup' },
    { key: 'curbside', mobile: 'Curbside', desktop: 'Curbside pickup' },
  ]);
});

describe('HandoffModePicker', () => {
  it('is Delivery or Pickup, and for Pickup In-store or Curbside, with desktop and mobile labels and icons', () => {
    render(<Picker />);
    expect(screen.getByRole('group', { name: "How you'll get your order" })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Pickup' })).toBeInTheDocument();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(4);
    expect(radios[0].closest('label')).toHaveTextContent(/^Delivery$/);
    expect(radios[1].closest('label')).toHaveTextContent(/^Pickup$/);
    expect(radios[1]).toBeChecked();
    // Each mode carries its classes.
    expect(radios[0].closest('label')!.querySelector('.hh-handoff-mode--delivery')).not.toBeNull();
    expect(radios[1].closest('label')!.querySelector('.hh-handoff-mode--pickup')).not.toBeNull();
    const inStore = radios[2].closest('label')!;
    expect(inStore.querySelector('.hh-only-desktop')).toHaveTextContent('In-store pickup');
    expect(inStore.querySelector('.hh-only-mobile')).toHaveTextContent('In-store');
    expect(inStore.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    expect(radios[2]).toBeChecked();
  });

  it('shows no pickup sub-modes for delivery; Pickup picks curbside where in-store is not offered', async () => {
    const u = user();
    render(<Picker start="delivery" offered={(m) => m !== 'pickup'} />);
    expect(screen.queryByRole('group', { name: 'Pickup' })).toBeNull();
    await u.click(screen.getByRole('radio', { name: 'Pickup' }));
    expect(screen.getByRole('status')).toHaveTextContent('curbside');
    expect(screen.getByRole('radio', { name: /In-store/ })).toBeDisabled();
  });

  it('takes another legend', () => {
    render(<HandoffModePicker value="delivery" onChange={() => {}} legend="Order type" />);
    expect(screen.getByRole('group', { name: 'Order type' })).toBeInTheDocument();
  });

  it('is chosen by click and by the arrow keys', async () => {
    const u = user();
    render(<Picker />);
    await u.click(screen.getByRole('radio', { name: /Curbside/ }));
    expect(screen.getByRole('status')).toHaveTextContent('curbside');
    expect(screen.getByRole('radio', { name: /Curbside/ })).toHaveFocus();
    await u.keyboard('{ArrowLeft}');
    expect(screen.getByRole('status')).toHaveTextContent('pickup');
    expect(screen.getByRole('radio', { name: /In-store/ })).toBeChecked();
  });

  it('does not offer what the location does not', async () => {
    const u = user();
    render(<Picker offered={(m) => m !== 'delivery'} />);
    const delivery = screen.getByRole('radio', { name: 'Delivery' });
    expect(delivery).toBeDisabled();
    await u.click(delivery);
    expect(screen.getByRole('status')).toHaveTextContent('pickup');
  });
});
