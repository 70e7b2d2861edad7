import { readDismissed, type PopupContent } from '@henhouse/kit/rules/popups';
import {
  dismissedCookieValue,
  rememberDismissed,
  rememberDismissedKey,
  syncDismissedCookie,
  writeDismissedCookie,
} from './dismissals';

test('a dismissal is copied into the cookie the edge reads, with the latest keys only', () => {
  const jar = { cookie: '' };
  writeDismissedCookie(['welcome@1', 'promo@2'], jar);
  expect(jar.cookie).toBe('hh_popups=welcome%401%20promo%402; Path=/; Max-Age=31536000; SameSite=Lax');
  expect(dismissedCookieValue(Array.from({ length: 25 }, (_, n) => `p${n}@1`))).toBe(
    encodeURIComponent(Array.from({ length: 20 }, (_, n) => `p${n + 5}@1`).join(' ')),
  );
});

test('the cookie is written again when it does not hold what storage does', () => {
  const mem = new Map<string, string>([['henhouse:popups', '["welcome@1"]']]);
  const storage = { getItem: (k: string) => mem.get(k) ?? null };
  const writes: string[] = [];
  const jar = {
    current: 'other=1',
    get cookie() {
      return this.current;
    },
    set cookie(v: string) {
      writes.push(v);
      this.current = `other=1; ${v.split(';')[0]}`;
    },
  };
  syncDismissedCookie(storage, jar);
  expect(writes).toHaveLength(1);
  syncDismissedCookie(storage, jar);
  expect(writes).toHaveLength(1);
  syncDismissedCookie({ getItem: () => null }, jar);
  expect(writes).toHaveLength(1);
});

test('rememberDismissedKey records a key the edge named', () => {
  const mem = new Map<string, string>();
  const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
  rememberDismissedKey('welcome@3', storage);
  expect([...readDismissed(storage)]).toEqual(['welcome@3']);
  expect(document.cookie).toContain('hh_popups=welcome%403');
});

const welcome = { id: 'welcome', kind: 'welcome', version: 1, title: 'Welcome', text: '' } as PopupContent;

test('dismissals are remembered in storage and bad storage is ignored', () => {
  const mem = new Map<string, string>();
  const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
  rememberDismissed(welcome, storage);
  expect([...readDismissed(storage)]).toEqual(['welcome@1']);
  mem.set('henhouse:popups', '{not json');
  expect(readDismissed(storage).size).toBe(0);
});
