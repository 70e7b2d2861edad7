import { hasErrors, useAppStore } from './store';
import { storeWith } from '@henhouse/kit/test/harness';

describe('hasErrors', () => {
  it.each([
    [null, false],
    ['', false],
    ['Out of stock', true],
    [[], false],
    [['a'], true],
    [{}, false],
    [{ message: '' }, false],
    [{ message: 'Store closed' }, true],
  ])('%p → %p', (e, want) => {
    expect(hasErrors(e as never)).toBe(want);
  });
});

describe('app store', () => {
  it('resets only the named areas', () => {
    storeWith({
      cart: { menu_id: 'm1', products: [1] },
      location: { id: 'l1', name: 'A', menu_id: 'm1' },
      checkout: { placement: 'app' },
    });
    useAppStore.getState().reset(['cart']);
    expect(useAppStore.getState().cart).toBeNull();
    expect(useAppStore.getState().location?.id).toBe('l1');
  });
  it('keeps only the location and the group code in storage', () => {
    storeWith({ location: { id: 'l2', name: 'B', menu_id: 'm2' }, user: { id: 'u' }, groupCode: 'g1234567' });
    const saved = JSON.parse(localStorage.getItem('henhouse:app') ?? '{}');
    expect(saved.state).toEqual({ location: { id: 'l2', name: 'B', menu_id: 'm2' }, groupCode: 'g1234567' });
  });
});
