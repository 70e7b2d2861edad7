// Display formats shared by every remote.
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** money formats integer cents as dollars: 1299 → "$12.99". */
export function money(cents: number): string {
  return usd.format((cents || 0) / 100);
}

/** joinCard joins a location card's parts (name, address, phone) with a "•" separator. */
export function joinCard(parts: (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(' • ');
}
