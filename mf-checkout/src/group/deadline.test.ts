import { deadlineAt } from './deadline';

describe('deadlineAt: "Others can add until" as an instant', () => {
  const later = (at: string) => ({ time: { mode: 'later' as const, at } });

  it('reads the time on the day of the order time at the location, from the offset its answer carried', () => {
    const place = { time_zone: 'America/Kentucky/Louisville', utc_offset_minutes: -300 };
    expect(deadlineAt('11:45', later('2030-01-15T17:30:00Z'), place)).toBe('2030-01-15T16:45:00.000Z');
  });

  it('reads it with the zone’s own rules when that offset no longer holds (summer time)', () => {
    const place = {
      time_zone: 'America/New_York',
      utc_offset_minutes: -300,
      utc_offset_until: '2030-03-10T07:00:00Z',
    };
    expect(deadlineAt('11:45', later('2030-07-15T16:30:00Z'), place)).toBe('2030-07-15T15:45:00.000Z');
  });

  it('takes today at the location for ASAP, where the local day is not the UTC one', () => {
    const place = { time_zone: 'America/Los_Angeles' };
    const now = new Date('2030-01-16T03:00:00Z'); // 7 PM on Jan 15 in Los Angeles
    expect(deadlineAt('19:30', { time: { mode: 'asap' } }, place, now)).toBe('2030-01-16T03:30:00.000Z');
  });

  it('answers null for what is no time', () => {
    expect(deadlineAt('', later('2030-01-15T17:30:00Z'), { time_zone: 'America/New_York' })).toBeNull();
  });
});
