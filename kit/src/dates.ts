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
