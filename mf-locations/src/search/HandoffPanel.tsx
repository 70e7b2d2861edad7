// STAND-IN until the kit's handoff picker and forms land: the interface the search screen uses.
import type { Ref } from 'react';
import type { Address, HandoffMode } from '@henhouse/kit/api/types';

export interface Vehicle {
  make: string;
  model: string;
  color: string;
}

export interface FormState {
  busy?: boolean;
  errors?: Record<string, string>;
  formError?: string;
}

export interface HandoffPanelProps {
  mode: HandoffMode;
  onMode: (mode: HandoffMode) => void;
  vehicle: Vehicle | null;
  onVehicle: (vehicle: Vehicle) => void;
  vehicleForm: FormState;
  address: Address | null;
  onAddress: (address: Address, notes?: string) => void;
  deliveryForm: FormState;
  /** Why the guest was sent to the form ("Enter your vehicle first…"). */
  prompt?: string | null;
  formRef?: Ref<HTMLDivElement>;
}

export function HandoffPanel(_props: HandoffPanelProps) {
  return null;
}
