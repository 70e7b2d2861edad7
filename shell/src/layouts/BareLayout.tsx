import type { ReactNode } from 'react';
import { PageHeading } from './PageHeading';
import { LoaderOverlay } from '../chrome/LoaderOverlay';
import { LoadingBar } from '../chrome/LoadingBar';

/** BareLayout is the page without site chrome: the page heading, the loaders and the
 *  content. The minimal and app layouts are both this. */
export function BareLayout({
  name,
  heading,
  children,
}: {
  name: 'minimal' | 'app';
  heading: string;
  children: ReactNode;
}) {
  return (
    <div className={`hh-layout hh-layout--${name}`} data-layout={name}>
      <PageHeading text={heading} />
      <LoadingBar />
      <LoaderOverlay />
      <main id="main" className="hh-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
