import { clockText, wallText } from '@henhouse/kit/clock';

describe('clockText', () => {
  it('writes what Intl en-US writes for hour numeric, minute 2-digit', () => {
    const f = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    for (let mins = 0; mins < 24 * 60; mins += 7) {
      const at = new Date(Date.UTC(2026, 10, 27, 0, mins));
      // Intl separates the time and the day period with a narrow no-break space.
      expect(clockText(mins)).toBe(f.format(at).replace(/\s/g, ' '));
    }
  });

  it('reads midnight and noon as guests do', () => {
    expect(clockText(0)).toBe('12:00 AM');
    expect(clockText(30)).toBe('12:30 AM');
    expect(clockText(12 * 60)).toBe('12:00 PM');
    expect(clockText(22 * 60)).toBe('10:00 PM');
    expect(clockText(24 * 60 + 5)).toBe('12:05 AM');
  });
});

describe('wallText', () => {
  it('reads the UTC fields of a wall-clock date', () => {
    expect(wallText(new Date('2026-11-27T18:45:00Z'))).toBe('6:45 PM');
    expect(wallText(new Date('2026-11-27T06:05:00Z'))).toBe('6:05 AM');
  });
});
