import { PageHeading } from './PageHeading';
import { LoaderOverlay } from '../chrome/LoaderOverlay';
import type { LayoutProps } from './types';

/** minimal (spec 2.2): loader and page content only, plus the page heading. */
export function MinimalLayout({ heading, children }: LayoutProps) {
  return (
    <div className="hh-layout hh-layout--minimal" data-layout="minimal">
      <PageHeading text={heading} />
      <LoaderOverlay />
      <main id="main" className="hh-main">
        {children}
      </main>
    </div>
  );
}
