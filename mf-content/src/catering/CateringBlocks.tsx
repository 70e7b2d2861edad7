import type { ContentBlock } from '@henhouse/kit/api/types';
import { messageFor } from '@henhouse/kit/botcheck/errors';
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
  if (c.status === 'loading')
    return (
      <p role="status" className="hh-block">
        Loading the catering menu…
      </p>
    );
  if (c.status === 'error')
    return (
      <div role="alert" className="hh-block">
        <p>{messageFor(c.error)}</p>
        <button type="button" className="hh-button hh-button--secondary" onClick={c.retry}>
          Try again
        </button>
      </div>
    );
  return <CateringMenu title={block.title} text={block.text} catering={c.data} menuId={c.menuId} />;
}
