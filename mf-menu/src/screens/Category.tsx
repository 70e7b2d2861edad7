// /menu/{mid}/category/{cid}: one category with its description and products.
import { useEffect } from 'react';
import { Link } from '@henhouse/kit/router';
import { getCategory } from '@henhouse/kit/api/menu';
import { useLoad } from '@henhouse/kit/api/useLoad';
import type { ScreenProps } from '@henhouse/kit/screen';
import { useAppStore } from '@henhouse/kit/state/store';
import { ResolveIds } from '../menu/Resolve';
import { useMenuLocationId } from '../menu/useMenuLocation';
import { ProductGrid } from '../ui/ProductCard';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { useQuickAdd } from '../ui/useQuickAdd';
import { LazyGroupBanner } from '../group/LazyBanner';
import { useGroupMode, useGroupRestore } from '../group/mode';
import '../menu.css';

export default function Category(props: ScreenProps) {
  const { mid, cid } = props.params;
  if (!mid || !cid) return <ResolveIds mid={mid} kind="category" id={cid} />;
  return <CategoryScreen {...props} />;
}

function CategoryScreen({ params }: ScreenProps) {
  const mid = params.mid ?? '';
  const cid = params.cid ?? '';
  const locationId = useMenuLocationId(mid);
  const location = useAppStore((s) => s.location);
  const cat = useLoad(`${mid}|${cid}|${locationId ?? ''}`, (signal) => getCategory(mid, cid, locationId, signal));
  const quick = useQuickAdd(mid, locationId);
  useGroupRestore();
  const group = useGroupMode(mid);
  const name = cat.data?.category.name;
  useEffect(() => {
    if (name) useAppStore.getState().set({ category: { name } });
  }, [name]);

  if (cat.status === 'loading') return <Loading className="hh-menu-loading" what="the category" />;
  if (cat.status === 'error') return <LoadFailed className="hh-menu-notice" error={cat.error} retry={cat.retry} />;
  const c = cat.data.category;
  return (
    <div className="hh-menu" data-screen="mf-menu/Category">
      {group && <LazyGroupBanner group={group} />}
      <p>
        <Link to={`/menu/${encodeURIComponent(mid)}`}>Back to the full menu</Link>
      </p>
      <h2 className="hh-menu-category__title">{c.name}</h2>
      <p className="hh-menu-section__desc">{c.description}</p>
      {c.availability && <p className="hh-menu-section__when">{c.availability.label}</p>}
      <ProductGrid
        products={c.products}
        mid={mid}
        place={location?.menu_id === mid ? location : undefined}
        quick={quick}
      />
      {quick.choice.dialog}
    </div>
  );
}
