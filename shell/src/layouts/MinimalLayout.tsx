import { BareLayout } from './BareLayout';
import type { LayoutProps } from './types';

/** minimal (docs/routes.md, "Layouts"): loader and page content only, plus the page heading. */
export function MinimalLayout({ heading, children }: LayoutProps) {
  return (
    <BareLayout name="minimal" heading={heading}>
      {children}
    </BareLayout>
  );
}
