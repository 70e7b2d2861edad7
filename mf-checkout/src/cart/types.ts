// The cart as the edge returns it (docs/api.md, "Cart").
export interface CartLine {
  id: string;
  product_id: string;
  name: string;
  quantity: number;
  modifiers: { id: string; name: string; quantity: number; price_cents: number }[];
  special_instructions?: string;
  unit_price_cents: number;
  total_cents: number;
  data: { name: string };
}
export interface Totals {
  subtotal_cents: number;
  discount_cents: number;
  fees_cents: number;
  tax_cents: number;
  tip_cents: number;
  total_cents: number;
}
export interface CartView {
  id: string;
  menu_id: string;
  location_id: string;
  products: CartLine[];
  handoff: { mode: 'pickup' | 'curbside' | 'delivery'; address?: Address; vehicle?: Vehicle; delivery_notes?: string };
  time: { mode: 'asap' | 'later' | 'advance'; at?: string };
  totals: Totals;
  item_count: number;
  warnings?: string[];
}
export interface Address { street: string; unit?: string; city: string; state: string; zip: string }
export interface Vehicle { make: string; model: string; color: string }
export interface LocationView {
  id: string;
  name: string;
  menu_id: string;
  address: Address;
  phone: string;
  time_zone: string;
  services: { pickup: boolean; curbside: boolean; delivery: boolean; transfercart: boolean };
}
export interface TimeOptions {
  asap_available: boolean;
  open_now: boolean;
  earliest: string;
  time_zone: string;
  days: { date: string; slots: { at: string; available: boolean }[] }[];
}
