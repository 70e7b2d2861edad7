import type { ContentBlock } from '@henhouse/kit/api/types';
import { LoadFailed, Loading } from '@henhouse/kit/ui/Status';
import { CateringMenu } from './CateringMenu';
import { Estimator } from './Estimator';
import { useCatering } from './useCatering';
import './catering.css';

type Block = Extract<ContentBlock, { component: 'catering_estimator' | 'catering_menu' }>;

/** CateringBlock draws the catering estimator or the catering menu of a content page. */
export function CateringBlock({ block }: { block: Block }) {
  const c = useCatering();
  if (block.component === 'catering_estimator')
    return <Estimator title={block.title} text={block.text} catering={c.status === 'ready' ? c.data : null} />;
  if (c.status === 'loading') return <Loading className="hh-block" what="the catering menu" />;
  if (c.status === 'error') return <LoadFailed className="hh-block" error={c.error} retry={c.retry} />;
  return <CateringMenu title={block.title} text={block.text} catering={c.data} menuId={c.menuId} />;
}
