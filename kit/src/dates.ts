// Dates and times as guests read them (en-US), in a location's time zone or the guest's.
//
// Making an Intl.DateTimeFormat takes milliseconds (the page's first Intl object far
// more: it loads the browser's locale data), and a screen formats many times: a menu's
// products, a day's pickup times. So each set of options gets one format, made when
// first asked for and kept for the page's life.
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * dateFormat is the en-US format for these options, made once per set of options. Like
 * the constructor, it throws a RangeError for a time zone the browser does not know.
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options);
    formats.set(key, f);
  }
  return f;
}

let prepared = false;

/**
 * prepareDates makes the page's first date format in a task of its own, once the browser
 * is idle, after a screen that may show times has started waiting for its data. That
 * first Intl object loads the browser's locale data (15–50 ms on a desktop, about four
 * times that on a phone), which then happens while the screen waits for the network
 * instead of inside the render that shows the data. When the data is already there (the
 * page preloaded it), the browser is not idle until that render is done, so the work
 * does not delay it either; and a screen that then shows no time never needed it.
 * Where the browser has no idle callbacks, a zero timeout.
 *
 * The site's screens no longer call it: they read a location's clock from the offset its
 * answer carries (wallClock, below), with no Intl object at all. It stays for remote
 * versions built before, which may be given this copy of the module on the same page.
 */
export function prepareDates(): void {
  if (prepared || formats.size > 0) return;
  prepared = true;
  const make = () => void dateFormat({ hour: 'numeric', minute: '2-digit' }).format(0);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(make);
  else setTimeout(make, 0);
}

/** What a place's answer says about its zone's offset from UTC (a location's
 *  utc_offset_minutes and utc_offset_until). */
export interface ZoneOffset {
  utc_offset_minutes?: number;
  utc_offset_until?: string;
}

/**
 * wallClock is a place's local date and time at `at`, read from the offset its answer
 * carried: a Date whose UTC fields (getUTCDay, getUTCHours, …) are the local ones. It
 * answers undefined when the answer carried no offset, or when `at` is at or after the
 * offset's end (a daylight-saving switch): the caller then formats with Intl in the
 * place's time zone. This keeps Intl off a first screen that shows a location's times
 * (a search's "Open now", a menu's "Earliest available"): the page's first Intl object
 * loads the browser's locale and time-zone data, ≈ 45 ms on a desktop and ≈ 180 ms at
 * 4× CPU slowdown, in the middle of that screen's render.
 */
export function wallClock(place: ZoneOffset, at: Date): Date | undefined {
  const offset = place.utc_offset_minutes;
  if (typeof offset !== 'number' || !Number.isFinite(offset)) return undefined;
  if (place.utc_offset_until) {
    const until = Date.parse(place.utc_offset_until);
    if (!(at.getTime() < until)) return undefined;
  }
  return new Date(at.getTime() + offset * 60_000);
}
