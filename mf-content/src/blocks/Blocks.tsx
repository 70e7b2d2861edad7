import { useAppStore } from '@henhouse/kit/state/store';
import { ContentButton, type ButtonBlock } from '@henhouse/kit/ui/ContentButton';
import type { ContentBlock } from '@henhouse/kit/api/types';
import { lazy, Suspense } from 'react';
import { Loading } from '@henhouse/kit/ui/Status';
import { TopSellers } from './TopSellers';
import { forGuestsOnly, shownTo } from './audience';

// The catering blocks (the estimator, the catering menu, and the menu rules and cart
// calls behind them) are a chunk of their own, fetched when a page has one: the home
// page and most content pages never do, and their first load is that much smaller
// (docs/content.md, "Catering").
const CateringBlock = lazy(() =>
  import(/* webpackChunkName: "catering" */ '../catering/CateringBlocks').then((m) => ({ default: m.CateringBlock })),
);

// The nutrition table is a chunk of its own too: only the nutrition page has it.
const NutritionTable = lazy(() =>
  import(/* webpackChunkName: "nutrition" */ '../nutrition/NutritionTable').then((m) => ({
    default: m.NutritionTable,
  })),
);

type Block = ContentBlock;

function Buttons({ cta }: { cta?: ButtonBlock[] }) {
  const signedIn = useAppStore((s) => !!s.user);
  const shown = signedIn ? cta?.filter((b) => !forGuestsOnly(b)) : cta;
  if (!shown?.length) return null;
  return (
    <div className="hh-block__actions">
      {shown.map((b, i) => (
        <ContentButton key={i} block={b} />
      ))}
    </div>
  );
}

type HeroBlock = Extract<Block, { component: 'hero' }>;

/** A hero's picture; its size may also be a prerendered copy's slot (../prerender.tsx). */
type HeroPicture = Omit<NonNullable<HeroBlock['image']>, 'width' | 'height'> & {
  width?: number | string;
  height?: number | string;
};

/** Hero is a page's opening block: its title, text, buttons and picture. The page's
 *  prerendered copy draws it too (../prerender.tsx). */
export function Hero({
  title,
  text,
  image: img,
  cta,
}: Omit<HeroBlock, 'component' | 'image'> & { image?: HeroPicture }) {
  return (
    <section className="hh-block hh-hero">
      <div>
        <h2>{title}</h2>
        <p>{text}</p>
        <Buttons cta={cta} />
      </div>
      {img && <img src={img.filename} alt={img.alt} width={img.width ?? 480} height={img.height ?? 320} />}
    </section>
  );
}

/** Blocks renders a content page's blocks; an unknown component is skipped so a new
 *  CMS block type never breaks a page. */
export function Blocks({ blocks }: { blocks: Block[] }) {
  const signedIn = useAppStore((s) => !!s.user);
  return (
    <>
      {blocks.map((b, i) => {
        if ('show' in b && !shownTo(b.show, signedIn)) return null;
        const title = b.title;
        const text = 'text' in b ? b.text : undefined;
        switch (b.component) {
          case 'hero':
            return <Hero key={i} {...b} />;
          case 'top_sellers':
            return <TopSellers key={i} block={b} />;
          case 'rich_text':
            return (
              <section key={i} className="hh-block">
                {title && <h2>{title}</h2>}
                {(b.paragraphs ?? []).map((p, j) => (
                  <p key={j}>{p}</p>
                ))}
              </section>
            );
          case 'timeline':
            return (
              <section key={i} className="hh-block">
                <h2>{title}</h2>
                <ol className="hh-timeline">
                  {(b.items ?? []).map((it) => (
                    <li key={it.year}>
                      <strong>{it.year}</strong> {it.text}
                    </li>
                  ))}
                </ol>
              </section>
            );
          case 'download_app':
            return (
              <section key={i} className="hh-block">
                <h2>{title}</h2>
                <p>{text}</p>
                <ul className="hh-inline-list">
                  {(b.stores ?? []).map((s) => (
                    <li key={s.store}>
                      <a href={s.url} target="_blank" rel="noopener noreferrer" className="hh-store-link">
                        {s.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            );
          case 'catering_estimator':
          case 'catering_menu':
            return (
              <Suspense
                key={i}
                fallback={
                  <Loading
                    className="hh-block hh-block--loading"
                    what={b.component === 'catering_menu' ? 'the catering menu' : 'the catering estimator'}
                  />
                }
              >
                <CateringBlock block={b} />
              </Suspense>
            );
          case 'nutrition_table':
            return (
              <Suspense
                key={i}
                fallback={<Loading className="hh-block hh-block--loading" what="the nutrition table" />}
              >
                <NutritionTable title={title} text={text} />
              </Suspense>
            );
          case 'rewards':
          case 'gift_cards':
          case 'franchisee':
            return (
              <section key={i} className={`hh-block hh-block--${b.component}`}>
                <h2>{title}</h2>
                {text && <p>{text}</p>}
                <Buttons cta={'cta' in b ? b.cta : undefined} />
              </section>
            );
          default:
            return null;
        }
      })}
    </>
  );
}
