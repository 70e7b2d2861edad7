import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  Button,
  Checkbox,
  Chips,
  ChoiceCard,
  ChoiceGroup,
  Segmented,
  Select,
  Stepper,
} from '@henhouse/kit/ui/controls';

type When = 'asap' | 'later' | 'pick';
const WHEN = [
  { value: 'asap' as const, label: 'ASAP', hint: 'About 15 min' },
  { value: 'later' as const, label: 'Later' },
  { value: 'pick' as const, label: 'Select date and time', disabled: true, hint: 'Closed today' },
];

function When({ initial = null, Kind = Segmented }: { initial?: When | null; Kind?: typeof Segmented<When> }) {
  const [v, setV] = useState<When | null>(initial);
  return (
    <>
      <Kind legend="When" name="when" value={v} options={WHEN} onChange={setV} />
      <output>{v ?? 'none'}</output>
    </>
  );
}

describe('Button', () => {
  test('is a native button with the variant classes and its own props', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="secondary" size="lg" full onClick={onClick} type="button">
        Add to cart
      </Button>,
    );
    const b = screen.getByRole('button', { name: 'Add to cart' });
    expect(b).toHaveClass('hh-btn', 'hh-btn--secondary', 'hh-btn--lg', 'hh-btn--full');
    await userEvent.click(b);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
  test('is primary by default; a disabled one does not act', async () => {
    const onClick = jest.fn();
    render(
      <Button disabled onClick={onClick}>
        Pay
      </Button>,
    );
    const b = screen.getByRole('button', { name: 'Pay' });
    expect(b).toHaveClass('hh-btn--primary');
    expect(b).toBeDisabled();
    await userEvent.click(b);
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe.each([
  ['Segmented', Segmented],
  ['Chips', Chips],
])('%s', (_name, Kind) => {
  test('is a named group of radios inside a [data-hh-control]', () => {
    const { container } = render(<When Kind={Kind} />);
    const group = screen.getByRole('group', { name: 'When' });
    expect(group).toHaveAttribute('data-hh-control');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(3);
    for (const r of radios) expect(r.closest('[data-hh-control]')).not.toBeNull();
    expect(screen.getByRole('radio', { name: 'ASAP' })).toHaveAccessibleDescription('About 15 min');
    expect(screen.getByRole('radio', { name: 'Select date and time' })).toBeDisabled();
    expect(container.querySelectorAll('input:checked')).toHaveLength(0);
  });
  test('a click chooses; arrow keys move within the group and skip a disabled choice', async () => {
    render(<When Kind={Kind} />);
    await userEvent.click(screen.getByText('ASAP'));
    expect(screen.getByRole('radio', { name: 'ASAP' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('asap');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Later' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Later' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('later');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'ASAP' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'Later' })).toBeChecked();
  });
  test('a disabled choice cannot be chosen', async () => {
    render(<When Kind={Kind} initial="asap" />);
    await userEvent.click(screen.getByText('Select date and time'));
    expect(screen.getByRole('radio', { name: 'ASAP' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('asap');
  });
  test('a hidden legend still names the group', () => {
    render(<Kind legend="Pickup day" legendHidden name="d" value={null} options={WHEN} onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Pickup day' })).toBeInTheDocument();
    expect(screen.getByText('Pickup day')).toHaveClass('visually-hidden');
  });
});

function Sides() {
  const [picked, setPicked] = useState<string[]>([]);
  const toggle = (v: string) => (on: boolean) => setPicked((p) => (on ? [...p, v] : p.filter((x) => x !== v)));
  return (
    <ChoiceGroup legend="Add a side" hint="Choose any" error={picked.length > 1 ? 'Choose at most one' : undefined}>
      <ChoiceCard
        type="checkbox"
        name="side"
        value="fries"
        checked={picked.includes('fries')}
        onChange={toggle('fries')}
        label="Waffle fries"
        detail="$2.19"
      />
      <ChoiceCard
        type="checkbox"
        name="side"
        value="slaw"
        checked={picked.includes('slaw')}
        onChange={toggle('slaw')}
        label="Kale slaw"
        description="Sold out today"
        disabled
      />
      <ChoiceCard
        type="checkbox"
        name="side"
        value="mac"
        checked={picked.includes('mac')}
        onChange={toggle('mac')}
        label="Mac & cheese"
        media={<img alt="" src="mac.png" />}
      />
    </ChoiceGroup>
  );
}

describe('ChoiceCard and ChoiceGroup', () => {
  test('the group is a fieldset named by its legend and described by its hint; each card is a control', () => {
    render(<Sides />);
    const group = screen.getByRole('group', { name: 'Add a side' });
    expect(group).toHaveAccessibleDescription('Choose any');
    const fries = screen.getByRole('checkbox', { name: 'Waffle fries $2.19' });
    expect(fries.closest('[data-hh-control]')).not.toBeNull();
    const slaw = screen.getByRole('checkbox', { name: 'Kale slaw' });
    expect(slaw).toBeDisabled();
    expect(slaw).toHaveAccessibleDescription('Sold out today');
  });
  test('click and space toggle a card; the error describes the group', async () => {
    render(<Sides />);
    await userEvent.click(screen.getByText('Waffle fries'));
    expect(screen.getByRole('checkbox', { name: 'Waffle fries $2.19' })).toBeChecked();
    await userEvent.click(screen.getByText('Kale slaw'));
    expect(screen.getByRole('checkbox', { name: 'Kale slaw' })).not.toBeChecked();
    screen.getByRole('checkbox', { name: 'Mac & cheese' }).focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Mac & cheese' })).toBeChecked();
    const group = screen.getByRole('group', { name: 'Add a side' });
    expect(group).toHaveAccessibleDescription(/Choose at most one/);
    expect(group).toHaveAttribute('aria-invalid', 'true');
  });
  test('radio cards move with arrow keys as native radios do', async () => {
    function Size() {
      const [v, setV] = useState('small');
      return (
        <ChoiceGroup legend="Size">
          {['small', 'medium', 'large'].map((s) => (
            <ChoiceCard
              key={s}
              type="radio"
              name="size"
              value={s}
              checked={v === s}
              onChange={() => setV(s)}
              label={s}
            />
          ))}
        </ChoiceGroup>
      );
    }
    render(<Size />);
    screen.getByRole('radio', { name: 'small' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'medium' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'small' })).not.toBeChecked();
  });
});

describe('ChoiceCard in a form that reads its own inputs', () => {
  it('stays uncontrolled with inputProps: the form hears the change and the radio keeps its state', async () => {
    const heard: string[] = [];
    const register = { onChange: (e: { currentTarget: HTMLInputElement }) => heard.push(e.currentTarget.value) };
    render(
      <form aria-label="Amount">
        <ChoiceCard type="radio" name="amount" value="25" label="$25" inputProps={register} />
        <ChoiceCard type="radio" name="amount" value="50" label="$50" inputProps={register} />
      </form>,
    );
    await userEvent.click(screen.getByRole('radio', { name: '$50' }));
    expect(heard).toEqual(['50']);
    expect(screen.getByRole('radio', { name: '$50' })).toBeChecked();
    expect(new FormData(screen.getByRole('form', { name: 'Amount' }) as HTMLFormElement).get('amount')).toBe('50');
  });
});

describe('Checkbox', () => {
  test('a labelled checkbox in a [data-hh-control], described, toggled by click', async () => {
    function Offers() {
      const [on, setOn] = useState(false);
      return (
        <Checkbox name="offers" checked={on} onChange={setOn} label="Email me offers" description="About once a week" />
      );
    }
    render(<Offers />);
    const box = screen.getByRole('checkbox', { name: 'Email me offers' });
    expect(box).toHaveAccessibleDescription('About once a week');
    expect(box.closest('[data-hh-control]')).not.toBeNull();
    await userEvent.click(screen.getByText('Email me offers'));
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(box).not.toBeChecked();
  });
  test('disabled does not change', async () => {
    const onChange = jest.fn();
    render(<Checkbox name="x" checked={false} onChange={onChange} label="Save card" disabled />);
    await userEvent.click(screen.getByText('Save card'));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('checkbox', { name: 'Save card' })).toBeDisabled();
  });
});

describe('Stepper', () => {
  function Qty({ min, max, start = 1 }: { min?: number; max?: number; start?: number }) {
    const [n, setN] = useState(start);
    return <Stepper label="Quantity of 8 Nuggets" value={n} min={min} max={max} onChange={setN} />;
  }
  test('a named group with Decrease/Increase buttons around the count', async () => {
    render(<Qty min={1} max={3} />);
    const group = screen.getByRole('group', { name: 'Quantity of 8 Nuggets' });
    expect(group).toHaveAttribute('data-hh-control');
    expect(group).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity of 8 Nuggets' }));
    expect(group).toHaveTextContent('2');
    expect(document.getElementById('hh-live-polite')).toHaveTextContent('Quantity of 8 Nuggets: 2');
  });
  test('stops at max and at min, keeping focus on the button', async () => {
    render(<Qty min={1} max={2} />);
    const group = screen.getByRole('group', { name: 'Quantity of 8 Nuggets' });
    const inc = screen.getByRole('button', { name: 'Increase quantity of 8 Nuggets' });
    const dec = screen.getByRole('button', { name: 'Decrease quantity of 8 Nuggets' });
    expect(dec).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(inc);
    await userEvent.click(inc);
    expect(group).toHaveTextContent('2');
    expect(inc).toHaveAttribute('aria-disabled', 'true');
    expect(inc).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(group).toHaveTextContent('2');
    dec.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Enter}');
    expect(group).toHaveTextContent('1');
  });
  test('disabled: neither button acts', async () => {
    const onChange = jest.fn();
    render(<Stepper label="Quantity" value={2} onChange={onChange} disabled />);
    await userEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe('Select', () => {
  test('a labelled select in a [data-hh-control], with its hint and error', async () => {
    const onChange = jest.fn();
    render(
      <Select
        label="State"
        name="state"
        hint="Where the card is billed"
        error="Choose a state"
        defaultValue=""
        onChange={(e) => onChange(e.currentTarget.value)}
        options={[
          { value: '', label: 'Choose…' },
          { value: 'KY', label: 'Kentucky' },
          { value: 'OH', label: 'Ohio', disabled: true },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'State' });
    expect(select.closest('[data-hh-control]')).not.toBeNull();
    expect(select).toHaveAccessibleDescription('Choose a state Where the card is billed');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('option', { name: 'Ohio' })).toBeDisabled();
    await userEvent.selectOptions(select, 'KY');
    expect(onChange).toHaveBeenCalledWith('KY');
  });
});
