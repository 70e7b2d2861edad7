import type { ReactNode } from 'react';
import type { Bootstrap } from '@henhouse/kit/bootstrap';

export interface LayoutProps {
  heading: string;
  boot: Bootstrap;
  children: ReactNode;
}
