import { dateFormat, wallClock } from '@henhouse/kit/dates';

describe('dateFormat', () => {
  it('formats as a new en-US format with the same options would', () => {
    const at = new Date('2026-11-26T23:45:00Z');
    const opts = { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' } as const;
    expect(dateFormat(opts).format(at)).toBe(new Intl.DateTimeFormat('en-US', opts).format(at));
    expect(dateFormat(opts).format(at)).toBe('5:45 PM');
  });

  it('makes one format per set of options', () => {
    const a = dateFormat({ timeZone: 'America/New_York', weekday: 'short' });
    expect(dateFormat({ timeZone: 'America/New_York', weekday: 'short' })).toBe(a);
    expect(dateFormat({ timeZone: 'America/Denver', weekday: 'short' })).not.toBe(a);
  });

  it('refuses an unknown time zone as the constructor does', () => {
    expect(() => dateFormat({ timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});

describe('prepareDates', () => {
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('makes a first format once, in a later task, not in the caller’s', () => {
    jest.useFakeTimers();
    jest.isolateModules(() => {
      const made = jest.spyOn(Intl, 'DateTimeFormat');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { prepareDates } = require('@henhouse/kit/dates') as typeof import('@henhouse/kit/dates');
      prepareDates();
      prepareDates();
      expect(made).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(made).toHaveBeenCalledTimes(1);
    });
  });

  it('waits for the browser to be idle where it can tell', () => {
    const idle: (() => void)[] = [];
    globalThis.requestIdleCallback = jest.fn((cb: IdleRequestCallback) => {
      idle.push(() => cb({ didTimeout: false, timeRemaining: () => 50 }));
      return idle.length;
    });
    try {
      jest.useFakeTimers();
      jest.isolateModules(() => {
        const made = jest.spyOn(Intl, 'DateTimeFormat');
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { prepareDates } = require('@henhouse/kit/dates') as typeof import('@henhouse/kit/dates');
        prepareDates();
        jest.runAllTimers();
        expect(made).not.toHaveBeenCalled();
        expect(idle).toHaveLength(1);
        idle[0]();
        expect(made).toHaveBeenCalledTimes(1);
      });
    } finally {
      delete (globalThis as { requestIdleCallback?: unknown }).requestIdleCallback;
    }
  });
});

describe('wallClock', () => {
  const at = new Date('2026-11-27T03:30:00Z');

  it("is the place's local time in UTC fields, from the offset its answer carried", () => {
    const wall = wallClock({ utc_offset_minutes: -300, utc_offset_until: '2027-03-14T07:00:00Z' }, at)!;
    // 10:30 PM on Thursday 26 November in New York.
    expect([wall.getUTCDay(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCDate()]).toEqual([4, 22, 30, 26]);
    expect(wallClock({ utc_offset_minutes: 330 }, at)!.toISOString()).toBe('2026-11-27T09:00:00.000Z');
  });

  it('says nothing without an offset, or from the moment the offset ends', () => {
    expect(wallClock({}, at)).toBeUndefined();
    expect(wallClock({ utc_offset_minutes: -300, utc_offset_until: '2026-11-27T03:30:00Z' }, at)).toBeUndefined();
    expect(wallClock({ utc_offset_minutes: -300, utc_offset_until: 'not a time' }, at)).toBeUndefined();
  });
});
