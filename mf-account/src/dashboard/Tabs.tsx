// Keyboard-accessible tabs (WAI-ARIA tabs pattern, automatic activation): arrow keys,
// Home and End move between tabs; only the selected tab is in the tab order.
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface Tab<K extends string> {
  key: K;
  label: string;
}

export function Tabs<K extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idBase,
  children,
}: {
  tabs: Tab<K>[];
  selected: K;
  onSelect: (k: K) => void;
  label: string;
  idBase: string;
  children: ReactNode;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (e: KeyboardEvent, i: number) => {
    const n = tabs.length;
    const to =
      e.key === 'ArrowRight' || e.key === 'ArrowDown'
        ? (i + 1) % n
        : e.key === 'ArrowLeft' || e.key === 'ArrowUp'
          ? (i - 1 + n) % n
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? n - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    refs.current[to]?.focus();
    onSelect(tabs[to].key);
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="hh-acct-tabs">
        {tabs.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${t.key}`}
            aria-selected={t.key === selected}
            aria-controls={`${idBase}-panel-${t.key}`}
            tabIndex={t.key === selected ? 0 : -1}
            className="hh-acct-tab"
            onClick={() => onSelect(t.key)}
            onKeyDown={(e) => move(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idBase}-panel-${selected}`}
        aria-labelledby={`${idBase}-tab-${selected}`}
        tabIndex={0}
        className="hh-acct-panel"
      >
        {children}
      </div>
    </>
  );
}
