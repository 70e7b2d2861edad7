// The kit's controls sweep (docs/design.md): on every route of the route table, at 390
// and 1280 px, as a guest with an item in the cart, and in the open cart drawer,
// (a) every native radio, checkbox and select is a kit control's, inside
//     [data-hh-control] (@henhouse/kit/ui/controls): one look and behavior for all;
// (b) every visible button and button-like link is at least 44 × 44 px (WCAG 2.5.5's
//     target size, docs/accessibility.md), except links in running text and visually
//     hidden text.
// Each failure lists the route and the elements, with their size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, pageApi, useSite } from './harness.mjs';
import { openCartDrawer, unvisitedRoutes, visit, visits, withCart } from './visits.mjs';

const site = useSite(before, after);
const widths = [390, 1280];
let page;

/** The one page of the sweep, a guest's with an item in the cart (opened on first use,
 *  once the site is up). */
async function guestWithCart() {
  if (!page) {
    page = await newPage(site.browser, [], { viewport: { width: 1280, height: 800 } });
    await withCart(page, site.edge.base);
  }
  return page;
}

/** sweep answers, for the page as it is now (within `scope`, a selector), the native
 *  controls outside a kit control and the targets under 44 × 44 px. */
function sweep(scope = 'body') {
  return page.evaluate((scope) => {
    const root = document.querySelector(scope);
    if (!root) return { loose: [], small: [] };
    const describe = (el) => {
      const cls = [...el.classList]
        .slice(0, 2)
        .map((c) => '.' + c)
        .join('');
      const name =
        el.getAttribute('aria-label') ||
        (el.labels && el.labels[0]?.textContent) ||
        el.textContent ||
        el.getAttribute('name') ||
        '';
      const words = name.replace(/\s+/g, ' ').trim().slice(0, 40);
      const type = el.getAttribute('type') ? `[type=${el.getAttribute('type')}]` : '';
      return `${el.tagName.toLowerCase()}${type}${el.id ? '#' + el.id : ''}${cls}${words ? ` "${words}"` : ''}`;
    };
    const loose = [...root.querySelectorAll('input[type=radio], input[type=checkbox], select')]
      .filter((el) => !el.closest('[data-hh-control]'))
      .map(describe);

    // Visually hidden: clipped to nothing or a pixel (the .visually-hidden pattern), or
    // inside something that is.
    const hidden = (el) => {
      for (let e = el; e && e !== document.body; e = e.parentElement) {
        const s = getComputedStyle(e);
        const r = e.getBoundingClientRect();
        if (e.classList.contains('visually-hidden')) return true;
        if ((s.clip === 'rect(0px, 0px, 0px, 0px)' || s.clipPath === 'inset(50%)') && r.width <= 1) return true;
      }
      return false;
    };
    const targets = root.querySelectorAll('button, [role=button], input[type=submit], a.hh-cbutton, a.hh-btn');
    const small = [];
    for (const el of targets) {
      if (el.matches('p a, p a *')) continue; // a link within running text
      if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || hidden(el)) continue;
      // Half a pixel of rounding is not a smaller target.
      if (r.width < 43.5 || r.height < 43.5) {
        small.push(`${describe(el)} ${Math.round(r.width * 10) / 10}×${Math.round(r.height * 10) / 10}`);
      }
    }
    return { loose: [...new Set(loose)], small: [...new Set(small)] };
  }, scope);
}

function check(t, where, found) {
  return Promise.all([
    t.test('every native radio, checkbox and select is inside [data-hh-control]', () => {
      assert.deepEqual(
        found.loose,
        [],
        `${where}: native controls outside a kit control:\n  ${found.loose.join('\n  ')}`,
      );
    }),
    t.test('every button and button-like link is at least 44 × 44 px', () => {
      assert.deepEqual(found.small, [], `${where}: targets under 44 × 44 px:\n  ${found.small.join('\n  ')}`);
    }),
  ]);
}

for (const width of widths) {
  for (const [name, path, ready] of visits) {
    test(`${path} (${name}) at ${width} px`, async (t) => {
      await (await guestWithCart()).setViewportSize({ width, height: width < 600 ? 844 : 800 });
      await visit(page, site.edge.base, path, ready);
      await check(t, `${path} at ${width} px`, await sweep());
    });
  }

  test(`the open cart drawer at ${width} px`, async (t) => {
    await (await guestWithCart()).setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await visit(page, site.edge.base, '/menu/m-standard', 'h2:text-is("Chicken")');
    await openCartDrawer(page);
    await check(t, `cart drawer at ${width} px`, await sweep('dialog[open]'));
  });
}

// A group order's page as someone the host shared the link with first sees it (the question
// of their name open), and the host's drawer with the group's panel and people.
test("a group order: the join page and the host's drawer", async (t) => {
  const host = await newPage(site.browser, [], { viewport: { width: 1280, height: 800 } });
  await withCart(host, site.edge.base);
  const started = await pageApi(host, 'POST', '/cart/group', { host_name: 'Dana', limit_cents: 1200 });
  assert.equal(started.status, 201, JSON.stringify(started.body));
  const guest = await guestWithCart();
  for (const width of widths) {
    await guest.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await visit(guest, site.edge.base, '/group/' + started.body.cart.group.code, 'dialog[open] form');
    await check(t, `group page at ${width} px`, await sweep());
  }
  page = host;
  for (const width of widths) {
    await host.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await visit(host, site.edge.base, '/menu/m-standard', 'h2:text-is("Chicken")');
    await openCartDrawer(host);
    await check(t, `host's drawer at ${width} px`, await sweep('dialog[open]'));
  }
  page = guest;
});

test('every route of the route table is swept', () => {
  assert.deepEqual(unvisitedRoutes(), []);
});
