// Times a guest reads, in the location's own time zone.

/** clockAt: "6:00 AM" (today) or "Thu 6:00 AM" (another day) at the location. */
export function clockAt(iso: string, timeZone?: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = (d: Date) => new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'short' }).format(d);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  if (day(at) === day(now)) return time;
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(at);
  return `${weekday} ${time}`;
}
