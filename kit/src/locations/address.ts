// A location's address as it reads on one line, wherever the site shows it.
import type { Address } from '@henhouse/kit/api/types';

/** addressLine: "9838 Madison Ave, Apt 2, Louisville, KY 40202" (the unit only when there is one). */
export function addressLine(a: Address): string {
  const cityState = [a.city, a.state]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
  return [a.street, a.unit, [cityState, a.zip?.trim()].filter(Boolean).join(' ')]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
}
