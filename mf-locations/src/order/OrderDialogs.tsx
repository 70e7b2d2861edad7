import { Button } from '@henhouse/kit/ui/controls';
import { Dialog } from '@henhouse/kit/ui/Dialog';
import type { StartOrder } from './useStartOrder';

/** The two questions choosing a location can raise: what did not move to the new menu, and
 *  whether to empty a cart that cannot move at all. */
export function OrderDialogs({ order }: { order: StartOrder }) {
  const { report, question } = order;
  return (
    <>
      <Dialog
        open={report !== null}
        role="alertdialog"
        title="Some items couldn't move"
        onCancel={order.closeReport}
        actions={
          <Button type="button" variant="primary" onClick={order.closeReport}>
            {report?.next ? 'Continue to the menu' : 'Okay'}
          </Button>
        }
      >
        {report && (
          <>
            <p>
              {report.location.name}&rsquo;s menu doesn&rsquo;t have{' '}
              {report.dropped.length === 1 ? 'this item' : 'these items'}, so{' '}
              {report.dropped.length === 1 ? 'it was' : 'they were'} taken out of your cart:
            </p>
            <ul className="hh-loc-dropped">
              {report.dropped.map((d) => (
                <li key={d.line_id}>
                  <strong>{d.name}</strong>: {d.reason}
                </li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
      <Dialog
        open={question !== null}
        title="Start a new cart?"
        onCancel={order.keepCart}
        actions={
          <>
            <Button type="button" variant="secondary" onClick={order.keepCart}>
              Keep my cart
            </Button>
            <Button type="button" variant="primary" onClick={() => void order.replaceCart()}>
              Start a new cart
            </Button>
          </>
        }
      >
        {question && (
          <>
            <p>
              {question.location.name} has a menu of its own, so the items in your cart can&rsquo;t move there. Ordering
              from {question.location.name} empties your cart:
            </p>
            <ul className="hh-loc-dropped">
              {question.items.map((name, i) => (
                <li key={`${i}:${name}`}>{name}</li>
              ))}
            </ul>
          </>
        )}
      </Dialog>
    </>
  );
}
