// Times a guest reads at checkout, at the location: from the UTC offset its answer
// carried while that holds (wallClock, so the checkout makes no Intl object, whose first
// one loads the browser's locale data: docs/shell.md, "First-load budget"), else with
// Intl in its time zone. Each writes what Intl's en-US format with the same options
// writes (clock.test.ts compares them).
import { wallText } from '@henhouse/kit/clock';
import { dateFormat, wallClock, type ZoneOffset } from '@henhouse/kit/dates';

/** Where a time is read: a location or a location's time options. */
export type Place = ZoneOffset & { time_zone: string };

const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** fmtTime: "6:45 PM" at the place. */
export function fmtTime(iso: string, place: Place): string {
  const wall = wallClock(place, new Date(iso));
  if (!wall) return dateFormat({ hour: 'numeric', minute: '2-digit', timeZone: place.time_zone }).format(new Date(iso));
  return wallText(wall);
}

/** fmtDay: "Friday, Nov 27" at the place. */
export function fmtDay(iso: string, place: Place): string {
  const wall = wallClock(place, new Date(iso));
  if (!wall)
    return dateFormat({ weekday: 'long', month: 'short', day: 'numeric', timeZone: place.time_zone }).format(
      new Date(iso),
    );
  return `${weekdays[wall.getUTCDay()]}, ${months[wall.getUTCMonth()]} ${wall.getUTCDate()}`;
}

/** fmtDate: "Fri, Nov 27" for a calendar date (YYYY-MM-DD). */
export function fmtDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${weekdays[day.getUTCDay()].slice(0, 3)}, ${months[day.getUTCMonth()]} ${day.getUTCDate()}`;
}
