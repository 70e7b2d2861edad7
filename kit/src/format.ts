// Display formats shared by every remote.

/**
 * money formats integer cents as US dollars: 1299 → "$12.99", 123456 → "$1,234.56",
 * -500 → "-$5.00" (what Intl.NumberFormat's en-US USD currency style writes).
 *
 * Written out rather than with Intl: the first Intl object a page makes loads the
 * browser's locale data, 15–50 ms of main-thread time on a desktop and about four times
 * that on a phone, and the price is often the page's only reason to make one
 * (docs/shell.md, "First-load budget").
 */
export function money(cents: number): string {
  const c = Math.round(cents || 0);
  const abs = Math.abs(c);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${c < 0 ? '-' : ''}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** joinCard joins a location card's parts (name, address, phone) with a "•" separator. */
export function joinCard(parts: (string | null | undefined | false)[]): string {
  return parts.filter(Boolean).join(' • ');
}
