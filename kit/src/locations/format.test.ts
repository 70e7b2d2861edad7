import { directionsHref, distanceLabel, servicesOffered, telHref, todayStatus, weekHours } from './format';
import { louisville } from './test/fixtures';

describe('todayStatus', () => {
  // 2030-01-15 is a Tuesday; Louisville is five hours behind UTC in January.
  const at = (iso: string) => new Date(iso);

  it('is open during today’s hours, in the location’s time zone', () => {
    expect(todayStatus(louisville(), at('2030-01-15T17:00:00Z'))).toEqual({
      open: true,
      label: 'Open now',
      hours: '10:30 AM – 10:00 PM',
    });
  });

  it('reads the local time from the offset the answer carried, without Intl, until that offset ends', () => {
    const made = jest.spyOn(Intl, 'DateTimeFormat');
    // The answer's offset says EST until the switch to daylight saving time; the zone
    // says nothing (unknown here), so only the offset can tell.
    const stamped = louisville({
      time_zone: 'Mars/Olympus',
      utc_offset_minutes: -300,
      utc_offset_until: '2030-03-10T07:00:00Z',
    });
    expect(todayStatus(stamped, at('2030-01-15T17:00:00Z'))).toEqual({
      open: true,
      label: 'Open now',
      hours: '10:30 AM – 10:00 PM',
    });
    expect(todayStatus(stamped, at('2030-01-15T15:29:00Z')).open).toBe(false);
    expect(made).not.toHaveBeenCalled();
    // After the switch the offset no longer holds: the zone decides, here unknown, so
    // the server's open_now stands.
    expect(todayStatus({ ...stamped, open_now: false }, at('2030-03-10T17:00:00Z'))).toEqual({
      open: false,
      label: 'Closed now',
      hours: '',
    });
    made.mockRestore();
  });

  it('is closed before opening and says when it opens', () => {
    expect(todayStatus(louisville(), at('2030-01-15T14:00:00Z'))).toEqual({
      open: false,
      label: 'Closed now',
      hours: 'Opens 10:30 AM',
    });
  });

  it('opens and closes on the minute', () => {
    expect(todayStatus(louisville(), at('2030-01-15T15:30:00Z')).open).toBe(true); // 10:30 AM
    expect(todayStatus(louisville(), at('2030-01-15T15:29:00Z')).open).toBe(false);
    expect(todayStatus(louisville(), at('2030-01-16T03:00:00Z')).open).toBe(false); // 10:00 PM Tuesday
  });

  it('after today’s closing, says when it opens next', () => {
    expect(todayStatus(louisville(), at('2030-01-16T04:00:00Z'))).toEqual({
      open: false,
      label: 'Closed now',
      hours: 'Opens tomorrow 10:30 AM',
    });
    const mondaysOnly = louisville({
      hours: [{ day: 'mon', open: '11:00', close: '14:00' }],
    });
    expect(todayStatus(mondaysOnly, at('2030-01-14T20:00:00Z')).hours).toBe('Opens Monday 11:00 AM');
  });

  it('says "Closed today" on a day without hours', () => {
    // Sunday 3 AM, after Saturday's late night.
    expect(todayStatus(louisville(), at('2030-01-20T08:00:00Z'))).toEqual({
      open: false,
      label: 'Closed now',
      hours: 'Closed today',
    });
  });

  it('a close at or before the open runs past midnight, into the next day', () => {
    // Saturday 11:30 PM: Saturday's opening until 2 AM.
    expect(todayStatus(louisville(), at('2030-01-20T04:30:00Z'))).toEqual({
      open: true,
      label: 'Open now',
      hours: '10:30 AM – 2:00 AM',
    });
    // Saturday 1 AM: still Friday night's opening.
    expect(todayStatus(louisville(), at('2030-01-19T06:00:00Z'))).toEqual({
      open: true,
      label: 'Open now',
      hours: '10:30 AM – 2:00 AM',
    });
    // Sunday 1:30 AM: still Saturday night, although Sunday is closed.
    expect(todayStatus(louisville(), at('2030-01-20T06:30:00Z')).open).toBe(true);
    // Saturday 2 AM: Friday's night is over, Saturday opens at 10:30.
    expect(todayStatus(louisville(), at('2030-01-19T07:00:00Z'))).toEqual({
      open: false,
      label: 'Closed now',
      hours: 'Opens 10:30 AM',
    });
  });

  it('the same moment is open in Louisville and not yet in Los Angeles', () => {
    const t = at('2030-01-15T15:45:00Z');
    expect(todayStatus(louisville(), t).open).toBe(true);
    expect(todayStatus(louisville({ time_zone: 'America/Los_Angeles' }), t)).toEqual({
      open: false,
      label: 'Closed now',
      hours: 'Opens 10:30 AM',
    });
  });

  describe('and the server’s open_now', () => {
    afterEach(() => jest.useRealTimers());

    it('goes by the hours and the current time, not a stale open_now, when no time is given', () => {
      jest.useFakeTimers({ now: at('2030-01-15T14:00:00Z') }); // Tuesday 9 AM
      expect(todayStatus(louisville({ open_now: true }))).toEqual({
        open: false,
        label: 'Closed now',
        hours: 'Opens 10:30 AM',
      });
      jest.setSystemTime(at('2030-01-15T17:00:00Z'));
      expect(todayStatus(louisville({ open_now: false })).label).toBe('Open now');
    });

    it('uses open_now when the hours cannot tell', () => {
      const t = at('2030-01-15T14:00:00Z');
      expect(todayStatus(louisville({ hours: [], open_now: true }), t)).toEqual({
        open: true,
        label: 'Open now',
        hours: '',
      });
      expect(todayStatus(louisville({ time_zone: 'Nowhere/Atlantis', open_now: false }), t)).toEqual({
        open: false,
        label: 'Closed now',
        hours: '',
      });
    });
  });
});

test('weekHours lists Monday to Sunday with "Closed" on days without hours', () => {
  expect(weekHours(louisville())).toEqual([
    { day: 'Monday', hours: '10:30 AM – 10:00 PM' },
    { day: 'Tuesday', hours: '10:30 AM – 10:00 PM' },
    { day: 'Wednesday', hours: '10:30 AM – 10:00 PM' },
    { day: 'Thursday', hours: '10:30 AM – 10:00 PM' },
    { day: 'Friday', hours: '10:30 AM – 2:00 AM' },
    { day: 'Saturday', hours: '10:30 AM – 2:00 AM' },
    { day: 'Sunday', hours: 'Closed' },
  ]);
  expect(weekHours(louisville({ hours: [{ day: 'wed', open: '00:00', close: '12:00' }] }))[2]).toEqual({
    day: 'Wednesday',
    hours: '12:00 AM – 12:00 PM',
  });
});

test('servicesOffered names what the location offers, pickup first', () => {
  expect(servicesOffered(louisville().services)).toEqual(['Pickup', 'Delivery']);
  expect(servicesOffered({ ...louisville().services, curbside: true })).toEqual(['Pickup', 'Curbside', 'Delivery']);
  expect(servicesOffered({ ...louisville().services, pickup: false, delivery: false })).toEqual([]);
});

test('distanceLabel has one decimal under 10 miles and none from 10', () => {
  expect(distanceLabel(0.43)).toBe('0.4 mi');
  expect(distanceLabel(0)).toBe('0.0 mi');
  expect(distanceLabel(9.94)).toBe('9.9 mi');
  expect(distanceLabel(9.96)).toBe('10 mi');
  expect(distanceLabel(12.4)).toBe('12 mi');
  expect(distanceLabel(undefined)).toBeNull();
  expect(distanceLabel(Number.NaN)).toBeNull();
});

test('telHref dials the number; directionsHref opens directions to the address', () => {
  expect(telHref('(502) 555-0142')).toBe('tel:+15025550142');
  expect(telHref('1-502-555-0142')).toBe('tel:+15025550142');
  expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  expect(directionsHref(louisville())).toBe(
    'https://www.google.com/maps/dir/?api=1&destination=9838%20Madison%20Ave%2C%20Apt%202%2C%20Louisville%2C%20KY%2040202',
  );
});
