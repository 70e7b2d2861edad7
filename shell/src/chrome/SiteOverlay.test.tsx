import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from '@henhouse/kit/router';
import { useAppStore } from '@henhouse/kit/state/store';
import { SiteOverlay } from './SiteOverlay';
import { coversContent, isFormField } from './overlayClear';

// The footer's observer, driven by the test.
let footerSeen: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
beforeEach(() => {
  useAppStore.getState().reset(['cart', 'location']);
  footerSeen = null;
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
    constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
      footerSeen = cb;
    }
    observe() {}
    disconnect() {}
  };
});

function page(path = '/about') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <main id="main">
        <label>
          Email <input name="email" />
        </label>
        <select aria-label="Size" />
      </main>
      <footer className="hh-footer" />
      <SiteOverlay />
    </MemoryRouter>,
  );
}
const overlay = () => screen.getByRole('link', { name: 'Order Now', hidden: true }).parentElement!;
const frame = () => act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));

test('steps aside while the footer is in view, and comes back', async () => {
  page();
  await frame();
  expect(overlay()).not.toHaveClass('hh-site-overlay--aside');
  act(() => footerSeen!([{ isIntersecting: true }]));
  expect(overlay()).toHaveClass('hh-site-overlay--aside');
  act(() => footerSeen!([{ isIntersecting: false }]));
  expect(overlay()).not.toHaveClass('hh-site-overlay--aside');
});

test('steps aside while a form field has focus, from field to field, and comes back', async () => {
  page();
  await frame();
  act(() => screen.getByRole('textbox', { name: 'Email' }).focus());
  expect(overlay()).toHaveClass('hh-site-overlay--aside');
  act(() => screen.getByRole('combobox', { name: 'Size' }).focus());
  expect(overlay()).toHaveClass('hh-site-overlay--aside');
  act(() => screen.getByRole('combobox', { name: 'Size' }).blur());
  expect(overlay()).not.toHaveClass('hh-site-overlay--aside');
});

test('steps aside while it would cover a control or a heading', async () => {
  page();
  await frame();
  const link = document.querySelector('main')!.appendChild(document.createElement('a'));
  link.href = '/catering';
  link.getBoundingClientRect = () => ({ left: 210, top: 790, width: 60, height: 20 }) as DOMRect;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await frame();
  // No box in jsdom: nothing is covered until it has one.
  expect(overlay()).not.toHaveClass('hh-site-overlay--aside');
  overlay().getBoundingClientRect = () => ({ left: 200, top: 780, width: 140, height: 48 }) as DOMRect;
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
  await frame();
  expect(overlay()).toHaveClass('hh-site-overlay--aside');
});

test('is not shown on the paths the overlay rule hides it', () => {
  page('/menu/m1');
  expect(screen.queryByRole('link', { name: 'Order Now', hidden: true })).toBeNull();
});

describe('coversContent', () => {
  const box = { left: 100, top: 700, width: 140, height: 48 };
  const self = document.createElement('div');
  const under = (html: string, rect = { left: 120, top: 710, width: 40, height: 20 }) => {
    const root = document.createElement('div');
    root.innerHTML = html;
    root.querySelectorAll('*').forEach((e) => (e.getBoundingClientRect = () => ({ ...rect }) as DOMRect));
    return root;
  };
  test.each([
    ['<a href="/x">x</a>', true],
    ['<button>x</button>', true],
    ['<h3>x</h3>', true],
    ['<div tabindex="0">x</div>', true],
    ['<p>x</p>', false],
    ['<main tabindex="-1"></main>', false],
    ['<div class="visually-hidden"><h1>Page home</h1></div>', false],
    ['<dialog><button>Close</button></dialog>', false],
  ])('%s under it: %s', (html, want) => {
    expect(coversContent(box, self, under(html))).toBe(want);
  });
  test('a corner under it counts; beside it does not', () => {
    expect(coversContent(box, self, under('<a href="/x">x</a>', { left: 230, top: 740, width: 40, height: 20 }))).toBe(
      true,
    );
    expect(coversContent(box, self, under('<a href="/x">x</a>', { left: 240, top: 700, width: 40, height: 20 }))).toBe(
      false,
    );
    expect(coversContent(box, self, under('<a href="/x">x</a>', { left: 120, top: 680, width: 40, height: 20 }))).toBe(
      false,
    );
  });
  test('its own link does not count', () => {
    const own = under('<a href="/locations">Order Now</a>');
    expect(coversContent(box, own, own)).toBe(false);
  });
});

test('isFormField', () => {
  expect(isFormField(document.createElement('textarea'))).toBe(true);
  expect(isFormField(document.createElement('button'))).toBe(false);
  expect(isFormField(null)).toBe(false);
});
