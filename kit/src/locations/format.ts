// How a location reads on the site: whether it is open now with today's hours (in the
// location's own time zone, wherever the guest is), the week's hours, the services it
// offers, the distance and the phone and directions links. Its address on one line is
// ./address.ts, a module of its own, so a screen that only shows addresses does not
// load this one.
import type { Hours, Location } from '@henhouse/kit/api/types';
import { addressLine } from '@henhouse/kit/locations/address';
import { clockText as clock } from '@henhouse/kit/clock';
import { dateFormat, wallClock } from '@henhouse/kit/dates';

type Day = Hours['day'];
const days: Day[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const dayNames: Record<Day, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

/** Minutes after midnight of "HH:MM", or null when it is not a time. */
function minutes(hhmm: string | undefined): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm ?? '');
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2]);
  return h < 24 && min < 60 ? h * 60 + min : null;
}

interface Span {
  open: number;
  close: number;
  /** The close is on the next day: a close at or before the open means after midnight. */
  overnight: boolean;
}

function span(loc: Location, day: Day): Span | null {
  const h = loc.hours?.find((x) => x.day === day);
  if (!h || h.closed) return null;
  const open = minutes(h.open);
  const close = minutes(h.close);
  if (open === null || close === null) return null;
  return { open, close, overnight: close <= open };
}

const range = (s: Span) => `${clock(s.open)} – ${clock(s.close)}`;

/** The weekday and the minutes after midnight at `now` at the location: from the UTC
 *  offset its answer carried while that holds (wallClock), else with Intl in its IANA
 *  zone; null for a zone this browser does not know. */
function localTime(loc: Location, now: Date): { day: Day; mins: number } | null {
  const wall = wallClock(loc, now);
  if (wall) return { day: days[wall.getUTCDay()], mins: wall.getUTCHours() * 60 + wall.getUTCMinutes() };
  const zone = loc.time_zone;
  let f: Intl.DateTimeFormat;
  try {
    f = dateFormat({ timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    return null;
  }
  const parts = Object.fromEntries(f.formatToParts(now).map((p) => [p.type, p.value]));
  const day = String(parts.weekday).slice(0, 3).toLowerCase() as Day;
  if (!days.includes(day)) return null;
  return { day, mins: (Number(parts.hour) % 24) * 60 + Number(parts.minute) };
}

export interface TodayStatus {
  open: boolean;
  /** "Open now" or "Closed now". */
  label: string;
  /** While open, the hours of the opening it is in ("10:30 AM – 10:00 PM"); while closed,
   *  when it opens today ("Opens 10:30 AM"), tomorrow or later ("Opens tomorrow 10:30 AM",
   *  "Opens Monday 10:30 AM"), or "Closed today"; "" when the hours are not known. */
  hours: string;
}

/**
 * todayStatus says whether the location is open at `now` (the current time when not
 * given) and gives today's hours, both in the location's time zone.
 *
 * The hours are preferred to the server's `open_now`, with or without `now`: open_now was
 * true or false when the server answered, and the app keeps a chosen location (and its
 * open_now) across visits, so it can be hours or days old, while the hours and time zone
 * are what the server computed it from. open_now is used only when the hours cannot
 * tell: no usable opening on any day, or a time zone this browser does not know.
 */
export function todayStatus(loc: Location, now: Date = new Date()): TodayStatus {
  const local = localTime(loc, now);
  const known = days.some((d) => span(loc, d));
  if (!local || !known) {
    return { open: !!loc.open_now, label: loc.open_now ? 'Open now' : 'Closed now', hours: '' };
  }
  const i = days.indexOf(local.day);
  const today = span(loc, local.day);
  const yesterday = span(loc, days[(i + 6) % 7]);
  // Still inside yesterday's opening that runs past midnight.
  if (yesterday?.overnight && local.mins < yesterday.close) {
    return { open: true, label: 'Open now', hours: range(yesterday) };
  }
  if (today && local.mins >= today.open && (today.overnight || local.mins < today.close)) {
    return { open: true, label: 'Open now', hours: range(today) };
  }
  const closed = { open: false, label: 'Closed now' };
  if (!today) return { ...closed, hours: 'Closed today' };
  if (local.mins < today.open) return { ...closed, hours: `Opens ${clock(today.open)}` };
  // Today's opening is over: the next one.
  for (let k = 1; k <= 7; k++) {
    const d = days[(i + k) % 7];
    const next = span(loc, d);
    if (next) return { ...closed, hours: `Opens ${k === 1 ? 'tomorrow' : dayNames[d]} ${clock(next.open)}` };
  }
  return { ...closed, hours: 'Closed today' };
}

/** weekHours lists the week from Monday: "10:30 AM – 10:00 PM" or "Closed" for each day. */
export function weekHours(loc: Location): { day: string; hours: string }[] {
  return [...days.slice(1), days[0]].map((d) => {
    const s = span(loc, d);
    return { day: dayNames[d], hours: s ? range(s) : 'Closed' };
  });
}

export type ServiceName = 'Pickup' | 'Curbside' | 'Delivery';

/** servicesOffered names the handoffs the location offers, in the order the site lists them. */
export function servicesOffered(s: Location['services']): ServiceName[] {
  const out: ServiceName[] = [];
  if (s?.pickup) out.push('Pickup');
  if (s?.curbside) out.push('Curbside');
  if (s?.delivery) out.push('Delivery');
  return out;
}

/** distanceLabel: "0.4 mi" (one decimal under 10 miles), "12 mi"; null without a distance. */
export function distanceLabel(miles?: number): string | null {
  if (typeof miles !== 'number' || !Number.isFinite(miles) || miles < 0) return null;
  const tenths = Math.round(miles * 10) / 10;
  return tenths < 10 ? `${tenths.toFixed(1)} mi` : `${Math.round(miles)} mi`;
}

/** telHref: "(614) 555-3260" → "tel:+16145553260" (US numbers get +1; others keep their digits). */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+');
  const digits = phone.replace(/\D/g, '');
  if (plus) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

/** directionsHref opens driving directions to the location's address in Google Maps. */
export function directionsHref(loc: Pick<Location, 'address'>): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(addressLine(loc.address))}`;
}
