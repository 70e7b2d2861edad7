import { TAG, pageMessage } from './protocol';

const on = (m: Record<string, unknown>, channel = 'c1') => ({ ...m, tag: TAG, channel });

test('a page message is read only when every field it carries has its shape', () => {
  expect(pageMessage(on({ type: 'tokenize', id: 3 }), 'c1')).toEqual({ type: 'tokenize', id: 3 });
  expect(pageMessage(on({ type: 'showError', field: 'cvv', message: 'Check it.' }), 'c1')).toEqual({
    type: 'showError',
    field: 'cvv',
    message: 'Check it.',
  });
  expect(pageMessage(on({ type: 'clear', extra: 1 }), 'c1')).toEqual({ type: 'clear' });
});

test('anything else is ignored: another channel, an unknown type, a missing or mistyped field', () => {
  expect(pageMessage(on({ type: 'tokenize', id: 3 }, 'c2'), 'c1')).toBeNull();
  expect(pageMessage(on({ type: 'steal' }), 'c1')).toBeNull();
  expect(pageMessage(on({ type: 'tokenize', id: '3' }), 'c1')).toBeNull();
  expect(pageMessage(on({ type: 'showError', field: 'pin', message: 'x' }), 'c1')).toBeNull();
  expect(pageMessage(on({ type: 'showError', field: 'cvv' }), 'c1')).toBeNull();
  expect(pageMessage(null, 'c1')).toBeNull();
});
