import { getNutrition } from '@henhouse/kit/api/menu';
import type { Nutrition } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { MARKER_INFO, MarkerIcon } from '@henhouse/kit/menu/markers';
import { Link } from '@henhouse/kit/router';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { startTransition, useEffect, useId, useState } from 'react';
import './nutrition.css';

const load = (signal: AbortSignal) => getNutrition(undefined, signal).then((r) => r.nutrition);

/** NutritionTable is the nutrition page's table: every product the edge lists
 *  (GET /api/nutrition), its calories and a column per allergen and diet marker, in the
 *  edge's order (docs/menu.md, "Nutrition and allergens"). On a narrow screen the table
 *  scrolls inside its labelled region, its header row and item column staying in view. */
export function NutritionTable({ title, text }: { title?: string; text?: string }) {
  const r = useLoad('nutrition', load);
  const headingId = useId();
  const captionId = useId();
  // A thousand cells are one long task on a slow phone: the first category comes at
  // once, the rest in a transition React splits into short tasks, keeping the page
  // responsive while they come (docs/menu.md, "Nutrition and allergens").
  const [whole, setWhole] = useState(false);
  const ready = r.status === 'ready';
  useEffect(() => {
    if (ready) startTransition(() => setWhole(true));
  }, [ready]);
  // As tall as the chunk's placeholder before it (Blocks.tsx), so nothing below moves twice.
  if (r.status === 'loading') return <Loading className="hh-block hh-block--loading" what="the nutrition table" />;
  if (r.status === 'error') return <LoadFailed className="hh-block" error={r.error} retry={r.retry} />;
  const n: Nutrition = r.data;
  const { markers } = n;
  const count = n.categories.reduce((sum, c) => sum + c.products.length, 0);
  return (
    <section className="hh-block hh-nutrition" aria-labelledby={title ? headingId : captionId}>
      {title && <h2 id={headingId}>{title}</h2>}
      {text && <p>{text}</p>}
      {/* Focusable so that a keyboard can scroll it (a scrolling region must be); named by
          the table's caption. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="hh-nutrition__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="hh-nutrition__table">
          <caption id={captionId}>Calories and allergens of our {count} menu items</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Calories</th>
              {markers.map((m) => (
                <th scope="col" key={m}>
                  {MARKER_INFO[m].label}
                </th>
              ))}
            </tr>
          </thead>
          {(whole ? n.categories : n.categories.slice(0, 1)).map((c) => (
            <tbody key={c.id}>
              <tr className="hh-nutrition__category">
                <th scope="colgroup" colSpan={2 + markers.length}>
                  {c.name}
                </th>
              </tr>
              {c.products.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={`/menu/${p.menu_id}/product/${p.id}`}>{p.name}</Link>
                    {p.cross_contact?.map((note) => (
                      <small key={note} className="hh-nutrition__note">
                        {note}
                      </small>
                    ))}
                  </th>
                  <td className="hh-nutrition__cal">{p.calories}</td>
                  {markers.map((m) => (
                    <td key={m}>
                      {p.markers.includes(m) ? <MarkerIcon marker={m} /> : <span className="visually-hidden">No</span>}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </section>
  );
}
