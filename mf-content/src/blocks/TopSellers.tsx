import { Link } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import type { TopSellersBlock } from '@henhouse/kit/api/types';
import { ContentButton } from '@henhouse/kit/ui/ContentButton';
import { shownTo } from './audience';

export type { TopSellersBlock };

/** orderNowHref is where a card's default "Order now" goes: the selected location's menu,
 *  /menu/{menu_id}, or /locations to choose one first. */
export function orderNowHref(location: { menu_id?: string } | null): string {
  return location?.menu_id ? `/menu/${encodeURIComponent(location.menu_id)}` : '/locations';
}

/** heightAt is an image's height when shown w pixels wide: from its intrinsic size in the
 *  content data when given, so the card keeps the image's box before it loads; 4:3 otherwise. */
export const heightAt = (w: number, img: { width?: number; height?: number }) =>
  img.width && img.height ? Math.round((w * img.height) / img.width) : Math.round((w * 3) / 4);

/** The top sellers block: an optional title and product cards, each with its own button
 *  or "Order now"; shown only to its audience (`show`: no-user, guests; user, members). */
export function TopSellers({ block }: { block: TopSellersBlock }) {
  const location = useAppStore((s) => s.location);
  const signedIn = useAppStore((s) => !!s.user);
  if (!shownTo(block.show, signedIn)) return null;
  return (
    <section
      className={`hh-block hh-top-sellers hh-top-sellers--${block.layout ?? 'default'}`}
      style={{ background: block.background_color }}
    >
      {block.title && <h2>{block.title}</h2>}
      <ul className="hh-cards">
        {(block.products ?? []).map((card) => (
          <li key={card.title} className="hh-card">
            {card.image && (
              <img
                src={card.image.filename}
                alt={card.image.alt ?? ''}
                width={240}
                height={heightAt(240, card.image)}
                loading="lazy"
              />
            )}
            <h3>{card.title}</h3>
            <p>{card.description}</p>
            {card.cta?.[0] ? (
              <ContentButton block={card.cta[0]} />
            ) : (
              <Link className="hh-cbutton hh-cbutton--primary hh-cbutton--small" to={orderNowHref(location)}>
                Order now
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
