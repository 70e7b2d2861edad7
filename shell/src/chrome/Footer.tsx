import type { ReactNode } from 'react';
import { NavList, type NavEntry } from './NavItem';

export type FooterLink = NavEntry;

/** footerNav is the footer's navigation, in the order the site shows it. Without gift
 *  cards (the bootstrap's `features.giftCards: false`: the ordering system has none) it
 *  has no Gift Cards link. */
export function footerNav(careersUrl: string, giftCards = true): FooterLink[] {
  return [
    { label: 'Contact', to: '/contact' },
    { label: 'Rewards', to: '/rewards' },
    { label: 'Careers', to: careersUrl, external: true },
    { label: 'Nutrition and Allergen Info', to: '/nutrition-and-allergen/' },
    ...(giftCards ? [{ label: 'Gift Cards', to: '/gift-cards' }] : []),
    { label: 'Franchise', to: '/franchising' },
    { label: 'About', to: '/about' },
    { label: 'All Locations', to: '/locations/all' },
  ];
}

export const footerPages: FooterLink[] = [
  { label: 'Privacy', to: '/privacy-policy' },
  { label: 'Terms & Conditions', to: '/terms-and-conditions' },
  { label: 'Accessibility', to: '/accessibility' },
];

/** socialLinks are the brand's social media accounts, named for screen readers. */
export const socialLinks = (brand: string) => [
  { label: `${brand} on Instagram`, to: 'https://www.instagram.com/henhouse', icon: 'instagram' },
  { label: `${brand} on Facebook`, to: 'https://www.facebook.com/henhouse', icon: 'facebook' },
  { label: `${brand} on X`, to: 'https://x.com/henhouse', icon: 'x' },
];

// The icons, drawn in currentColor on a 24 × 24 grid. Instagram's is outlined (a rounded
// square, the lens and the flash): as one filled path its inner shapes filled over the
// square and it drew as a blank tile.
const icons: Record<string, ReactNode> = {
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.3" fill="currentColor" />
    </>
  ),
  facebook: (
    <path
      fill="currentColor"
      d="M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12z"
    />
  ),
  x: (
    <path
      fill="currentColor"
      d="M17.8 3h3.1l-6.8 7.7 8 10.3h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8L17.8 3zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5z"
    />
  ),
};

/** sellsGiftCards reads the bootstrap's feature flags: on unless `giftCards` is false. */
export const sellsGiftCards = (features: Record<string, unknown> | undefined) => features?.giftCards !== false;

export function Footer({
  careersUrl,
  brandName,
  giftCards = true,
}: {
  careersUrl: string;
  brandName: string;
  /** giftCards: the site sells gift cards. Default: true. */
  giftCards?: boolean;
}) {
  return (
    <footer className="hh-footer">
      <nav aria-label="Footer" className="hh-footer__nav">
        <NavList entries={footerNav(careersUrl, giftCards)} />
      </nav>
      <ul className="hh-footer__social" aria-label="Social media">
        {socialLinks(brandName).map((s) => (
          <li key={s.icon}>
            <a href={s.to} target="_blank" rel="noopener noreferrer" aria-label={s.label}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                {icons[s.icon]}
              </svg>
            </a>
          </li>
        ))}
      </ul>
      <section className="hh-footer__stores" aria-label="Get the app">
        <a
          href="https://apps.apple.com/app/henhouse"
          target="_blank"
          rel="noopener noreferrer"
          className="hh-store-badge"
        >
          Download on the App Store
        </a>
        <a
          href="https://play.google.com/store/apps/details?id=com.henhouse"
          target="_blank"
          rel="noopener noreferrer"
          className="hh-store-badge"
        >
          Get it on Google Play
        </a>
      </section>
      <nav aria-label="Legal" className="hh-footer__pages">
        <NavList entries={footerPages} />
      </nav>
      <p className="hh-footer__copy">
        © {new Date().getFullYear()} {brandName} Restaurants
      </p>
      <p className="hh-footer__attribution">
        Address search uses place data from{' '}
        <a href="https://www.geonames.org/" rel="noopener noreferrer" target="_blank">
          GeoNames<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        , licensed under{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" rel="noopener noreferrer license" target="_blank">
          CC BY 4.0<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </footer>
  );
}
