import { BareLayout } from './BareLayout';
import type { LayoutProps } from './types';

/** minimal (spec 2.2): loader and page content only, plus the page heading. */
export function MinimalLayout({ heading, children }: LayoutProps) {
  return (
    <BareLayout name="minimal" heading={heading}>
      {children}
    </BareLayout>
  );
}
