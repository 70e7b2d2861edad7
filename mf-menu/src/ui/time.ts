// Times a guest reads, in the location's own time zone.
import { wallText as clock } from '@henhouse/kit/clock';
import { dateFormat, wallClock, type ZoneOffset } from '@henhouse/kit/dates';

/** Where a time is read: a location's zone, and the offset its answer carried. */
export type Place = ZoneOffset & { time_zone?: string };

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

const sameDay = (a: Date, b: Date) => a.toISOString().slice(0, 10) === b.toISOString().slice(0, 10);

/** clockAt: "6:00 AM" (today) or "Thu 6:00 AM" (another day) at the place: from the
 *  offset its answer carried while that holds (no Intl on the menu's first render, see
 *  wallClock), else with Intl in its time zone (the browser's when it has none). */
export function clockAt(iso: string, place?: Place, now: Date = new Date()): string {
  const at = new Date(iso);
  const wallAt = place && wallClock(place, at);
  const wallNow = place && wallClock(place, now);
  if (wallAt && wallNow)
    return sameDay(wallAt, wallNow) ? clock(wallAt) : `${weekdays[wallAt.getUTCDay()]} ${clock(wallAt)}`;
  const timeZone = place?.time_zone;
  const day = (d: Date) => dateFormat({ timeZone, dateStyle: 'short' }).format(d);
  const time = dateFormat({ timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  if (day(at) === day(now)) return time;
  return `${dateFormat({ timeZone, weekday: 'short' }).format(at)} ${time}`;
}
