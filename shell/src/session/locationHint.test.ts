import type { Location } from '@henhouse/kit/api/types';
import { hintCookie, keepLocationHint } from './locationHint';
import { useAppStore } from '@henhouse/kit/state/store';
import { storeWith } from '@henhouse/kit/test/harness';

// Only the fields the cookie uses.
const dayton = { id: 'oh-dayton', name: 'Dayton', menu_id: 'm-standard' } as Location;

describe('hintCookie', () => {
  it('names the location and its menu', () => {
    expect(hintCookie(dayton, false)).toBe('hh_location=oh-dayton|m-standard; Path=/; SameSite=Lax; Max-Age=34560000');
  });
  it('encodes what is not a plain URL character, so the edge can tell it from a separator', () => {
    expect(hintCookie({ id: 'a|b c', menu_id: 'm;1' }, true)).toBe(
      'hh_location=a%7Cb%20c|m%3B1; Path=/; SameSite=Lax; Secure; Max-Age=34560000',
    );
  });
  it('deletes the cookie when no location is chosen', () => {
    expect(hintCookie(null, false)).toBe('hh_location=; Path=/; SameSite=Lax; Max-Age=0');
  });
});

describe('keepLocationHint', () => {
  it('writes the chosen location at once and again when the guest chooses another or none', () => {
    storeWith({ location: dayton });
    const writes: string[] = [];
    const doc = {
      set cookie(v: string) {
        writes.push(v.split(';')[0]);
      },
    };
    const stop = keepLocationHint(doc as Document);
    useAppStore.getState().set({ cart: null });
    useAppStore.getState().set({ location: { ...dayton, id: 'oh-kettering' } });
    useAppStore.getState().reset(['location']);
    stop();
    useAppStore.getState().set({ location: dayton });
    expect(writes).toEqual(['hh_location=oh-dayton|m-standard', 'hh_location=oh-kettering|m-standard', 'hh_location=']);
  });
});
