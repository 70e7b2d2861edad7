// The ARIA 1.2 combobox pattern with a listbox popup, for a text field that offers
// options as the guest types (docs/architecture.md, "Forms", Combobox). The field keeps focus
// all along: the highlighted option is named by aria-activedescendant, never focused.
//
// Keys in the field: Down/Up move through the options (wrapping, and opening the list);
// Home/End put the highlight back in the field and move the caret; Enter picks the
// highlighted option; Escape closes the list, and with the list closed empties the field.
// A click picks an option without the field losing focus; leaving the field closes the list.
//
// The screen keeps its text, its fetching, its labels and its classes: the hook only
// gives the ARIA attributes and handlers to spread on the input, the list and each option.
// combobox.css styles the popup: the classes hh-combo (the wrapper), hh-combo__list and
// hh-combo__option (--active for the highlighted one).
import { useEffect, useId, useRef, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { timing } from '@henhouse/kit/tokens';
import './combobox.css';

export interface ComboboxOptions<T> {
  /** The options the list offers now. */
  items: readonly T[];
  /** The guest picked an option (Enter or a click); the list is already closed. */
  onSelect: (item: T) => void;
  /** The guest edited the text; the list opens with nothing highlighted. */
  onInputChange?: (text: string) => void;
  /** Escape with the list closed, in a field with text: empty it. Optional. Default: Escape
   *  then does nothing. */
  onClear?: () => void;
  /** Whether the popup has something to show, an open list or a "none found" line.
   *  Optional. Default: there are options. */
  available?: boolean;
  /** Whether Enter with no highlighted option goes on to the form (a search field sends
   *  its search). Optional. Default: true; false keeps Enter from sending the form. */
  enterSubmits?: boolean;
  /** The listbox's id; each option's is `<id>-<index>`. Optional. Default: one from useId. */
  id?: string;
}

export interface Combobox {
  /** The popup is shown: the guest has not closed it and it has something to show. */
  open: boolean;
  /** The list is shown: open and with options (the input's aria-expanded). */
  expanded: boolean;
  /** The highlighted option's index, -1 for none. */
  active: number;
  /** Closes the list and drops the highlight (a form sent from the field, say). */
  close: () => void;
  /** Spread on the <input>. */
  inputProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
    onBlur: () => void;
  };
  /** Spread on the <ul>; the screen adds its aria-label. */
  listProps: { id: string; role: 'listbox'; hidden: boolean };
  /** Spread on the option's <li>. */
  optionProps: (index: number) => {
    id: string;
    role: 'option';
    tabIndex: -1;
    'aria-selected': boolean;
    onMouseDown: (e: MouseEvent) => void;
    onClick: () => void;
    onKeyDown: (e: KeyboardEvent) => void;
  };
}

export function useCombobox<T>({
  items,
  onSelect,
  onInputChange,
  onClear,
  available,
  enterSubmits = true,
  id: given,
}: ComboboxOptions<T>): Combobox {
  const generated = useId();
  const listId = given ?? `${generated}-list`;
  const [shown, setShown] = useState(false);
  const [active, setActive] = useState(-1);
  const n = items.length;
  const open = shown && (available ?? n > 0);
  const expanded = open && n > 0;

  const close = () => {
    setShown(false);
    setActive(-1);
  };
  const select = (i: number) => {
    const item = items[i];
    if (item === undefined) return;
    close();
    onSelect(item);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        setShown(true);
        if (n) setActive((a) => (a + 1) % n);
        break;
      case 'ArrowUp':
        e.preventDefault();
        setShown(true);
        if (n) setActive((a) => (a <= 0 ? n - 1 : a - 1));
        break;
      case 'Home':
      case 'End':
        // The field is editable: the keys move its caret (the browser's own), and the
        // highlight goes back to the field.
        setActive(-1);
        break;
      case 'Enter':
        if (expanded && active >= 0 && active < n) {
          e.preventDefault();
          select(active);
        } else if (!enterSubmits) e.preventDefault();
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        } else if (onClear && e.currentTarget.value) {
          e.preventDefault();
          onClear();
        }
        break;
    }
  };

  return {
    open,
    expanded,
    active,
    close,
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listId,
      'aria-activedescendant': expanded && active >= 0 ? `${listId}-${active}` : undefined,
      onChange: (e) => {
        setShown(true);
        setActive(-1);
        onInputChange?.(e.target.value);
      },
      onKeyDown,
      onBlur: close,
    },
    listProps: { id: listId, role: 'listbox', hidden: !expanded },
    optionProps: (i) => ({
      id: `${listId}-${i}`,
      role: 'option',
      tabIndex: -1,
      'aria-selected': i === active,
      // Keep focus in the field: a click picks without a blur closing the list first.
      onMouseDown: (e) => e.preventDefault(),
      onClick: () => select(i),
      // An assistive technology that focuses the option picks it with Enter.
      onKeyDown: (e) => {
        if (e.key === 'Enter') select(i);
      },
    }),
  };
}

/**
 * useTypedSearch runs `search(query, signal)` once the guest has stopped typing for the
 * fetch delay (docs/shell.md, "Timing"), so a word typed quickly costs one request. A newer
 * query aborts the signal, before the request is sent or while it is in flight. An empty
 * query runs nothing (the screen passes '' for text too short to search).
 */
export function useTypedSearch(
  query: string,
  search: (query: string, signal: AbortSignal) => void,
  delayMs: number = timing.fetchDelayMs,
): void {
  // The latest search, so a screen's new closure each render does not restart the wait.
  const latest = useRef(search);
  useEffect(() => {
    latest.current = search;
  });
  useEffect(() => {
    if (!query) return;
    const ctl = new AbortController();
    const timer = setTimeout(() => latest.current(query, ctl.signal), delayMs);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [query, delayMs]);
}
