import { colorPairs, palette } from './tokens';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** WCAG relative luminance of a #rgb or #rrggbb color. */
function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, '#$1$1$2$2$3$3') : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('the contrast formula agrees with known values', () => {
  expect(contrast('#000', '#fff')).toBeCloseTo(21, 5);
  expect(contrast('#ffc72c', '#fff')).toBeLessThan(2);
});

test.each(colorPairs.map((p) => [p.fg, p.bg, p.use] as const))('%s on %s (%s) has enough contrast', (fg, bg, use) => {
  const ratio = contrast(palette[fg], palette[bg]);
  expect(ratio).toBeGreaterThanOrEqual(use === 'text' ? 4.5 : 3);
});

test('the primary yellow on white is not an allowed text pair', () => {
  expect(colorPairs.some((p) => p.fg === 'primary' && p.bg === 'bg')).toBe(false);
});

test('tokens.css has the same colors as the palette', () => {
  const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8');
  const vars: Record<string, string> = {
    primary: '--hh-primary',
    secondary: '--hh-secondary',
    onPrimary: '--hh-on-primary',
    onSecondary: '--hh-on-secondary',
    errorText: '--hh-error-text',
    neutralText: '--hh-neutral-text',
    bg: '--hh-bg',
    text: '--hh-text',
    surface: '--hh-surface',
    focus: '--hh-focus',
  };
  for (const [name, v] of Object.entries(vars)) {
    expect(css).toContain(`${v}: ${palette[name as keyof typeof palette]};`);
  }
});

/** Every style sheet of the shell, the kit and the remotes, with its path from the repository's root. */
function styleSheets(): { file: string; text: string }[] {
  const root = path.join(__dirname, '..', '..');
  const sheets: { file: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === 'node_modules') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.css')) sheets.push({ file: path.relative(root, p), text: readFileSync(p, 'utf8') });
    }
  };
  for (const area of readdirSync(root).filter((d) => d === 'shell' || d === 'kit' || d.startsWith('mf-')))
    walk(path.join(root, area, 'src'));
  expect(sheets.length).toBeGreaterThan(10);
  return sheets;
}

// The type has two weights, regular and bold (docs/shell.md, "Fonts"): every other weight
// is a font more for the browser to look up while it lays out the page.
test('every style sheet uses only the regular and the bold weight', () => {
  const other = styleSheets().flatMap(({ file, text }) =>
    [...text.matchAll(/font-weight:\s*([^;}\s]+)/g)]
      .map((m) => m[1])
      .filter((w) => !['400', '700', 'normal', 'bold', 'inherit'].includes(w))
      .map((w) => `${file}: ${w}`),
  );
  expect(other).toEqual([]);
});

// The type scale (docs/shell.md, "Fonts"): each size is a font more to look up too, on
// every page that shows it. The home page's headline grows with the screen's width.
const TYPE_SCALE = ['0.8rem', '0.9rem', '1rem', '1.25rem', '1.5rem', '2.5rem', 'inherit'];
const HEADLINE = 'clamp(1.75rem, 8vw, 2.25rem)';

test('every style sheet sets sizes of the type scale only', () => {
  const other = styleSheets().flatMap(({ file, text }) =>
    [...text.matchAll(/font-size:\s*([^;}]+?)\s*[;}]/g)]
      .map((m) => m[1])
      .filter((size) => !TYPE_SCALE.includes(size) && size !== HEADLINE)
      .map((size) => `${file}: ${size}`),
  );
  expect(other).toEqual([]);
});
