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
 */
export function prepareDates(): void {
  if (prepared || formats.size > 0) return;
  prepared = true;
  const make = () => void dateFormat({ hour: 'numeric', minute: '2-digit' }).format(0);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(make);
  else setTimeout(make, 0);
}
