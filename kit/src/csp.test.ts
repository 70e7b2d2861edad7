import { pageNonce, withNonce } from './csp';

describe('the page nonce', () => {
  test('outside a built page there is none, and elements are left as they are', () => {
    expect(pageNonce()).toBeUndefined();
    const style = withNonce(document.createElement('style'));
    expect(style.nonce).toBe('');
    expect(style.hasAttribute('nonce')).toBe(false);
  });

  test('withNonce puts a given nonce on the element it answers', () => {
    const script = document.createElement('script');
    expect(withNonce(script, 'n0nce')).toBe(script);
    expect(script.nonce).toBe('n0nce');
  });
});
