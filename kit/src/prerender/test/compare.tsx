// For the tests that keep a remote's prerendered screens (screens.tsx) equal to what the
// shell renders first in their place.
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from '@henhouse/kit/router';
import { setBootstrap, type Layout } from '@henhouse/kit/bootstrap';
import { prerenderBootstrap } from '@henhouse/kit/prerender/screens';

/** The ids React makes (useId) differ between its server and client renderers. */
const reactIds = /_[Rr]_[0-9a-z]+_/g;

/** canonical serializes the DOM under el with each element's attributes in name order
 *  (React's two renderers write some in another order, which the page does not see) and
 *  React's ids made comparable. */
export function canonical(el: Element): string {
  const walk = (n: Node): string => {
    if (n.nodeType === Node.TEXT_NODE) return (n.textContent ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;');
    if (!(n instanceof Element)) return '';
    const attrs = [...n.attributes]
      .map((a) => `${a.name}="${a.value.replace(reactIds, '_id_')}"`)
      .sort()
      .join(' ');
    const tag = n.localName;
    return `<${tag}${attrs ? ' ' + attrs : ''}>${[...n.childNodes].map(walk).join('')}</${tag}>`;
  };
  return [...el.childNodes].map(walk).join('\n');
}

/** asPageHolds is a copy as the browser reads it from the page (canonical), with the
 *  screen's data-screen hook back under its own name. */
export function asPageHolds(copy: string): string {
  const el = document.createElement('div');
  el.innerHTML = copy.replace(/ data-prerendered-screen="/g, ' data-screen="');
  return canonical(el);
}

/** clientFirstRender is the HTML of node's first render in the browser at path, for a
 *  signed-out visitor with no cart, as prerenderScreen draws it. */
export function clientFirstRender(node: ReactNode, path: string, layout: Layout): string {
  setBootstrap(prerenderBootstrap(path, layout));
  const el = document.createElement('div');
  document.body.append(el);
  const root = createRoot(el);
  act(() => root.render(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>));
  const html = canonical(el);
  act(() => root.unmount());
  el.remove();
  setBootstrap(null);
  return html;
}

/** filled is a copy with its slots' values in place and each list's item written once
 *  per entry, as the edge writes them. */
export function filled(
  copy: string,
  values: Record<string, string>,
  lists: Record<string, Record<string, string>[]> = {},
): string {
  const esc = (v: string) =>
    v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&#34;').replace(/'/g, '&#39;');
  const slots = (html: string, v: Record<string, string>) =>
    html.replace(/__hh_([a-z]+)__/g, (_, name: string) => {
      if (!(name in v)) throw new Error(`no value for the slot ${name}`);
      return esc(v[name]);
    });
  const expanded = copy.replace(/__hh_each([a-z]+)__([\s\S]*?)__hh_end\1__/g, (_, name: string, item: string) => {
    if (!(name in lists)) throw new Error(`no entries for the list ${name}`);
    return lists[name].map((entry) => slots(item, entry)).join('');
  });
  return slots(expanded, values);
}
