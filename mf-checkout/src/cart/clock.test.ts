import { fmtDate, fmtDay, fmtTime } from './clock';

// Dayton's answer in November: EST (UTC−5) until the switch to daylight saving time.
const dayton = { time_zone: 'America/New_York', utc_offset_minutes: -300, utc_offset_until: '2027-03-14T07:00:00Z' };
const intl = (opts: Intl.DateTimeFormatOptions, d: Date) =>
  new Intl.DateTimeFormat('en-US', opts).format(d).replace(/\s/g, ' ');
const times = ['2026-11-27T17:45:00Z', '2026-11-28T04:59:00Z', '2026-11-28T05:00:00Z', '2026-12-31T23:05:00Z'];

describe('checkout times', () => {
  it('reads the location’s clock from its offset, without Intl, as Intl would write it', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    const got = times.map((iso) => [fmtTime(iso, dayton), fmtDay(iso, dayton)]);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    expect(got).toEqual(
      times.map((iso) => [
        intl({ hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }, new Date(iso)),
        intl({ weekday: 'long', month: 'short', day: 'numeric', timeZone: 'America/New_York' }, new Date(iso)),
      ]),
    );
    expect(got[0]).toEqual(['12:45 PM', 'Friday, Nov 27']);
  });

  it('uses Intl in the time zone past the offset’s end, or without one', () => {
    // 10:10 AM EDT on Monday 15 March 2027.
    expect(fmtTime('2027-03-15T14:10:00Z', dayton).replace(/\s/g, ' ')).toBe('10:10 AM');
    expect(fmtDay('2027-03-15T14:10:00Z', { time_zone: 'America/Chicago' })).toBe('Monday, Mar 15');
  });

  it('writes a calendar date as Intl does', () => {
    for (const date of ['2026-11-27', '2027-01-03', '2028-02-29'])
      expect(fmtDate(date)).toBe(
        intl({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }, new Date(`${date}T00:00:00Z`)),
      );
    expect(fmtDate('2026-11-27')).toBe('Fri, Nov 27');
  });
});
