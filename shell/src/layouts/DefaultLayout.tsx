import { PageHeading } from './PageHeading';
import { Header } from '../chrome/Header';
import { Footer, sellsGiftCards } from '../chrome/Footer';
import { LoaderOverlay } from '../chrome/LoaderOverlay';
import { SiteOverlay } from '../chrome/SiteOverlay';
import { LoadingBar } from '../chrome/LoadingBar';
// Loaded when first needed (docs/shell.md, "First-load budget").
import { CartDrawer, Popups } from '../chrome/lazy';
import type { LayoutProps } from './types';

/** default: the full site, with header, navigation, cart drawer, footer, site overlay and popups. */
export function DefaultLayout({ heading, boot, children }: LayoutProps) {
  return (
    <div className="hh-layout hh-layout--default" data-layout="default">
      <a className="hh-skip-link" href="#main">
        Skip to content
      </a>
      <PageHeading text={heading} />
      <Header careersUrl={boot.config.careersUrl} brandName={boot.config.brandName} />
      <LoadingBar />
      <LoaderOverlay />
      <main id="main" className="hh-main" tabIndex={-1}>
        {children}
      </main>
      <Footer
        careersUrl={boot.config.careersUrl}
        brandName={boot.config.brandName}
        giftCards={sellsGiftCards(boot.config.features)}
      />
      <SiteOverlay />
      <CartDrawer />
      <Popups />
    </div>
  );
}
