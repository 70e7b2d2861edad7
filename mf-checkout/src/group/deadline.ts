// The instant a host means by "Others can add until 11:30": that time of day at the
// location, on the day of the cart's order time (today for ASAP). Only a reading of the
// clock: whether the time is allowed (at least 5 minutes from now, never after the order
// time) is the edge's to say, at the field.
import type { Cart } from '@henhouse/kit/api/types';
import { dateFormat, wallClock } from '@henhouse/kit/dates';
import type { Place } from '../cart/clock';

/** The place's wall clock at `at` from Intl in its time zone: a Date whose UTC fields are
 *  the local ones (as wallClock's), for when the offset the answer carried does not hold. */
function intlWall(zone: string, at: Date): Date {
  const parts = dateFormat({
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second')));
}

const wall = (place: Place, at: Date) => wallClock(place, at) ?? intlWall(place.time_zone, at);

/**
 * deadlineAt is the ISO date-time of the wall time `hhmm` ("11:30", an <input type=time>'s
 * value) at the place on the day of the cart's time, or null for a value that is no time.
 */
export function deadlineAt(hhmm: string, cart: Pick<Cart, 'time'>, place: Place, now = new Date()): string | null {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  if (!m) return null;
  const day = wall(place, cart.time.at ? new Date(cart.time.at) : now);
  const local = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), Number(m[1]), Number(m[2]));
  // The offset at that instant: guessed from the local time itself, then read again at
  // the guess, which settles it on either side of a daylight-saving switch.
  let at = local - (wall(place, new Date(local)).getTime() - local);
  at = local - (wall(place, new Date(at)).getTime() - at);
  return new Date(at).toISOString();
}
