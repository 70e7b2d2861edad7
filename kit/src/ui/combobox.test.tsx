import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { timing } from '../tokens';
import { useCombobox, useTypedSearch } from './combobox';

const FRUIT = ['Apple', 'Banana', 'Cherry'];

/** A field that offers the fruit containing what is typed, in a form that records a send. */
function Fruit({ enterSubmits, onSend }: { enterSubmits?: boolean; onSend: () => void }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState('');
  const items = text ? FRUIT.filter((f) => f.toLowerCase().includes(text.toLowerCase())) : [];
  const combo = useCombobox({
    items,
    enterSubmits,
    onSelect: (f) => {
      setText(f);
      setPicked(f);
    },
    onInputChange: setText,
    onClear: () => setText(''),
  });
  const send = (e: FormEvent) => {
    e.preventDefault();
    onSend();
  };
  return (
    <form onSubmit={send}>
      <label htmlFor="fruit">Fruit</label>
      <input id="fruit" {...combo.inputProps} value={text} />
      <ul {...combo.listProps} aria-label="Fruit">
        {items.map((f, i) => (
          <li key={f} {...combo.optionProps(i)}>
            {f}
          </li>
        ))}
      </ul>
      <p>Picked: {picked}</p>
      <button type="button">Elsewhere</button>
    </form>
  );
}

const user = () => userEvent.setup({ delay: null });
const field = () => screen.getByRole('combobox', { name: 'Fruit' });
const options = () => within(screen.getByRole('listbox', { name: 'Fruit' })).getAllByRole('option');

describe('useCombobox', () => {
  it('opens as the guest types and moves the highlight with the arrows, wrapping', async () => {
    render(<Fruit onSend={jest.fn()} />);
    const u = user();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull(); // hidden
    await u.type(field(), 'a');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(options().map((o) => o.textContent)).toEqual(['Apple', 'Banana']);
    expect(field()).not.toHaveAttribute('aria-activedescendant');

    await u.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0].id);
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    expect(options()[1]).toHaveAttribute('aria-selected', 'false');
    await u.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0].id);
    await u.keyboard('{ArrowUp}');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[1].id);
    expect(field()).toHaveFocus();
    expect(new Set(options().map((o) => o.id)).size).toBe(2);
  });

  it('gives the highlight back to the field with Home and End', async () => {
    render(<Fruit onSend={jest.fn()} />);
    const u = user();
    await u.type(field(), 'an');
    await u.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0].id);
    await u.keyboard('{Home}');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('picks the highlighted option with Enter and closes, without sending the form', async () => {
    const onSend = jest.fn();
    render(<Fruit onSend={onSend} />);
    const u = user();
    await u.type(field(), 'an');
    await u.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByText('Picked: Banana')).toBeInTheDocument();
    expect(field()).toHaveValue('Banana');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('lets Enter with nothing highlighted send the form, unless told not to', async () => {
    const onSend = jest.fn();
    const { unmount } = render(<Fruit onSend={onSend} />);
    await user().type(field(), 'an{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    unmount();

    const kept = jest.fn();
    render(<Fruit onSend={kept} enterSubmits={false} />);
    await user().type(field(), 'an{Enter}');
    expect(kept).not.toHaveBeenCalled();
    expect(field()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes with Escape, then empties the field with a second Escape', async () => {
    render(<Fruit onSend={jest.fn()} />);
    const u = user();
    await u.type(field(), 'ch');
    await u.keyboard('{ArrowDown}{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(field()).not.toHaveAttribute('aria-activedescendant');
    expect(field()).toHaveValue('ch');
    await u.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(field()).toHaveAttribute('aria-activedescendant', options()[0].id);
    await u.keyboard('{Escape}{Escape}');
    expect(field()).toHaveValue('');
  });

  it('picks with a click, keeping focus in the field, and closes when the field is left', async () => {
    render(<Fruit onSend={jest.fn()} />);
    const u = user();
    await u.type(field(), 'a');
    await u.click(options()[1]);
    expect(screen.getByText('Picked: Banana')).toBeInTheDocument();
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'false');

    await u.clear(field());
    await u.type(field(), 'e');
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    await u.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });
});

function Search({ search }: { search: (q: string, signal: AbortSignal) => void }) {
  const [q, setQ] = useState('');
  useTypedSearch(q.trim(), search);
  return <input aria-label="Search" value={q} onChange={(e) => setQ(e.target.value)} />;
}

describe('useTypedSearch', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('searches once typing pauses for the fetch delay, aborting what a newer query replaces', async () => {
    const calls: { q: string; signal: AbortSignal }[] = [];
    render(<Search search={(q, signal) => calls.push({ q, signal })} />);
    const u = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await u.type(screen.getByLabelText('Search'), 'Day');
    await act(async () => jest.advanceTimersByTime(timing.fetchDelayMs - 1));
    expect(calls).toEqual([]);
    await act(async () => jest.advanceTimersByTime(1));
    expect(calls.map((c) => c.q)).toEqual(['Day']);
    expect(calls[0].signal.aborted).toBe(false);

    await u.type(screen.getByLabelText('Search'), 'ton');
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => jest.advanceTimersByTime(timing.fetchDelayMs));
    expect(calls.map((c) => c.q)).toEqual(['Day', 'Dayton']);

    await u.clear(screen.getByLabelText('Search'));
    await act(async () => jest.advanceTimersByTime(timing.fetchDelayMs));
    expect(calls).toHaveLength(2); // an empty query asks nothing
    expect(calls[1].signal.aborted).toBe(true);
  });
});
