import { tokenValid } from './token';

describe('token rule', () => {
  const P = 'henhouse-loyalty';
  it.each([
    [{ provider: P, version: '1' }, true],
    [{ provider: P, version: 1 }, true],
    [{ provider: P, version: '2' }, true],
    [{ provider: 'other', version: '1' }, false],
    [{ provider: P }, false],
    [{ provider: P, version: '' }, false],
    [{ provider: P, version: '0' }, false],
    [{ provider: P, version: 0.5 }, false],
    [{ provider: P, version: 'one' }, false],
    [{ version: '1' }, false],
  ])('%j → %s', (token, ok) => {
    expect(tokenValid(token, P)).toBe(ok);
  });
  it('no token is not a valid token', () => {
    expect(tokenValid(null, P)).toBe(false);
  });
});
