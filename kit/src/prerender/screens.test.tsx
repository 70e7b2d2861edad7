import { filled } from './test/compare';
import { prerenderScreen, slot, slotList } from './screens';

// A prerendered screen's slots and lists as the edge reads them (edge/internal/page/prerendered.go).
it('marks a list item for the edge, once, around the item as drawn', () => {
  const html = prerenderScreen(
    <ul className="plans">{slotList('plans', <li title={slot('name')}>{slot('cost')}</li>)}</ul>,
    '/app/subscribe',
    'app',
  );
  expect(html).toBe('<ul class="plans">__hh_eachplans__<li title="__hh_name__">__hh_cost__</li>__hh_endplans__</ul>');
  expect(
    filled(
      html,
      {},
      {
        plans: [
          { name: 'Tea & <Biscuits>', cost: '$2.99 a month' },
          { name: 'B', cost: '$1.00' },
        ],
      },
    ),
  ).toBe('<ul class="plans"><li title="Tea &amp; &lt;Biscuits&gt;">$2.99 a month</li><li title="B">$1.00</li></ul>');
  expect(filled(html, {}, { plans: [] })).toBe('<ul class="plans"></ul>');
  expect(() => filled(html, {}, {})).toThrow('no entries for the list plans');
});

it('keeps the names that mark a list out of slots', () => {
  expect(slot('name')).toBe('__hh_name__');
  expect(() => slot('endsat')).toThrow('marks a list');
  expect(() => slot('eachday')).toThrow('marks a list');
  expect(() => slot('plan_name')).toThrow('lower-case letters');
  expect(() => slotList('Plans', null)).toThrow('lower-case letters');
});
