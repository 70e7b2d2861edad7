// Display helpers for the account screens.

/** maskDestination hides most of an email address or phone number the code went to.
 *  A destination the server already masked is shown as is. */
export function maskDestination(dest: string): string {
  if (!dest) return '';
  if (/[•*]/.test(dest)) return dest;
  const at = dest.indexOf('@');
  if (at > 0) {
    const local = dest.slice(0, at);
    return `${local[0]}${'•'.repeat(Math.max(2, Math.min(6, local.length - 1)))}${dest.slice(at)}`;
  }
  const digits = dest.replace(/\D/g, '');
  if (digits.length >= 4) return `•••-•••-${digits.slice(-4)}`;
  return dest;
}

/** formatPhone shows a US number as (513) 555-0100. */
export function formatPhone(p: string | undefined): string {
  if (!p) return '';
  const d = p.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : p;
}

/** formatDate shows an ISO date or time as "Dec 10, 2026". */
export function formatDate(iso: string | undefined): string {
  if (!iso) return '';
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** formatTime shows the clock time of an ISO time ("3:04 PM"). */
export function formatTime(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}

export const points = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'point' : 'points'}`;

const brands: Record<string, string> = {
  amex: 'American Express',
  discover: 'Discover',
  mastercard: 'Mastercard',
  visa: 'Visa',
};

/** brandName shows a saved card's brand id ("visa") as people write it ("Visa"). */
export function brandName(brand: string | undefined): string {
  if (!brand) return 'Card';
  return brands[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** cardExpiry shows a card's expiry as MM/YYYY. */
export const cardExpiry = (month: number, year: number) => `${String(month).padStart(2, '0')}/${year}`;
