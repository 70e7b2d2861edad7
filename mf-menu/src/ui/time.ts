// Times a guest reads, in the location's own time zone.
import { dateFormat } from '@henhouse/kit/dates';

/** clockAt: "6:00 AM" (today) or "Thu 6:00 AM" (another day) at the location. */
export function clockAt(iso: string, timeZone?: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = (d: Date) => dateFormat({ timeZone, dateStyle: 'short' }).format(d);
  const time = dateFormat({ timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  if (day(at) === day(now)) return time;
  return `${dateFormat({ timeZone, weekday: 'short' }).format(at)} ${time}`;
}
