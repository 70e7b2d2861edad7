import { clockAt } from './time';

describe('clockAt', () => {
  // Thursday 26 November 2026, 3:00 PM in New York (EST, UTC−5).
  const now = new Date('2026-11-26T20:00:00Z');
  const dayton = { time_zone: 'America/New_York', utc_offset_minutes: -300, utc_offset_until: '2027-03-14T07:00:00Z' };

  it('reads the time at the location from the offset its answer carried, without Intl', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    expect(clockAt('2026-11-26T23:10:00Z', dayton, now)).toBe('6:10 PM');
    expect(clockAt('2026-11-27T11:10:00Z', dayton, now)).toBe('Fri 6:10 AM');
    // Midnight at the location, not in UTC, starts the next day.
    expect(clockAt('2026-11-27T04:30:00Z', dayton, now)).toBe('11:30 PM');
    expect(clockAt('2026-11-27T05:00:00Z', dayton, now)).toBe('Fri 12:00 AM');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('uses Intl in the time zone once the offset no longer holds, or without one', () => {
    const strip = (s: string) => s.replace(/\s/g, ' ');
    // 6:10 AM on Monday 15 March 2027 is EDT (UTC−4): past the offset's end.
    expect(strip(clockAt('2027-03-15T10:10:00Z', dayton, now))).toBe('Mon 6:10 AM');
    expect(strip(clockAt('2026-11-27T11:10:00Z', { time_zone: 'America/Chicago' }, now))).toBe('Fri 5:10 AM');
  });
});
