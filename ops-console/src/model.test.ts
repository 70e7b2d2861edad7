import {
  canaryVersions,
  confirmCanary,
  confirmPromote,
  confirmRollback,
  errorRate,
  healthLine,
  parsePercent,
  type ModuleStatus,
} from './model';

const menu: ModuleStatus = { module: 'mf-menu', versions: ['1.3.0', '1.4.0', '1.5.0'], stable: '1.3.0', percent: 0 };

test('the canary dialog names the version, the share and the stable version', () => {
  expect(confirmCanary(menu, '1.4.0', 10)).toBe('Send mf-menu 1.4.0 to 10% of visitors? Stable stays 1.3.0.');
  expect(confirmCanary(menu, '1.4.0', 100)).toBe('Send mf-menu 1.4.0 to every visitor? Stable stays 1.3.0.');
  expect(confirmCanary({ ...menu, canary: '1.4.0', percent: 10 }, '1.5.0', 5)).toBe(
    'Send mf-menu 1.5.0 to 5% of visitors? Stable stays 1.3.0. It replaces the canary 1.4.0.',
  );
});

test('promote and rollback say what stops being served', () => {
  const running = { ...menu, canary: '1.4.0', percent: 10 };
  expect(confirmPromote(running)).toBe('Make mf-menu 1.4.0 stable for every visitor? 1.3.0 stops being served.');
  expect(confirmRollback(running, '  ')).toBe(
    'Roll mf-menu back? Every visitor gets the stable 1.3.0; the canary 1.4.0 (10% of visitors) stops being served.',
  );
  expect(confirmRollback(running, ' slow menu ')).toMatch(/Reason: “slow menu”\.$/);
});

test('a canary may be any published version but the stable one, newest first', () => {
  expect(canaryVersions(menu)).toEqual(['1.5.0', '1.4.0']);
});

test('the percent is a whole number from 1 to 100', () => {
  expect(parsePercent(' 10 ')).toBe(10);
  expect(parsePercent('100')).toBe(100);
  for (const bad of ['0', '101', '5.5', '', 'ten', '-3']) expect(typeof parsePercent(bad)).toBe('string');
});

test('health reads as views, errors and their rate', () => {
  expect(errorRate({ views: 40, errors: 1 })).toBe('2.5%');
  expect(errorRate({ views: 4, errors: 4 })).toBe('100%');
  expect(errorRate({ views: 0, errors: 0 })).toBe('no views yet');
  expect(healthLine({ views: 1, errors: 0 })).toBe('1 view, 0 errors (0%)');
  expect(healthLine(undefined)).toBe('no views yet');
});
