// The site speaks US English and says "cart", never "bag" (docs/shell.md, "Words"). This
// reads what a guest can see: the content the edge serves (its built-in pages and popups,
// less the picture fields), the route table's titles, and the string literals and JSX
// text of every workspace's .tsx sources. Comments and code names are not read.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const ROOT = join(__dirname, '..', '..');
const WORDS = /\b(colour|favourite|flavour|bag)s?\b/i;
// A picture's fields name files and describe images; they are not the site's words.
const PICTURE_KEYS = new Set(['image', 'images', 'picture', 'filename', 'src', 'srcset', 'asset']);

function files(dir: string, keep: (f: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'build' || name === 'dist') continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

/** lineOf is the 1-based line of the first occurrence of s in text (or of its JSON form). */
function lineOf(text: string, s: string): number {
  let i = text.indexOf(JSON.stringify(s).slice(1, -1));
  if (i < 0) i = text.indexOf(s);
  return i < 0 ? 1 : text.slice(0, i).split('\n').length;
}

/** jsonOffenders: the strings of a JSON document, outside picture fields, that use the words. */
export function jsonOffenders(file: string, text: string): string[] {
  const found: string[] = [];
  const walk = (v: unknown, key?: string) => {
    if (key && PICTURE_KEYS.has(key.toLowerCase())) return;
    if (typeof v === 'string') {
      if (WORDS.test(v)) found.push(`${file}:${lineOf(text, v)}: ${v.match(WORDS)![0]} in "${v.slice(0, 80)}"`);
    } else if (Array.isArray(v)) v.forEach((x) => walk(x, key));
    else if (v && typeof v === 'object') Object.entries(v).forEach(([k, x]) => walk(x, k));
  };
  walk(JSON.parse(text));
  return found;
}

/** tsxOffenders: the string literals and JSX text of a .tsx source that use the words. */
export function tsxOffenders(file: string, text: string): string[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Module names are code, not words.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const m = node.text.match(WORDS);
      if (m) {
        const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
        found.push(`${file}:${line}: ${m[0]} in ${JSON.stringify(node.text.trim().slice(0, 80))}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return found;
}

test('the words: content, route titles and popups', () => {
  const data = join(ROOT, 'edge/internal/providers/content/builtin/data');
  const found = files(data, (f) => f.endsWith('.json')).flatMap((f) =>
    jsonOffenders(relative(ROOT, f), readFileSync(f, 'utf8')),
  );
  const table = JSON.parse(readFileSync(join(ROOT, 'edge/internal/routes/testdata/routes.json'), 'utf8')) as {
    id: string;
    title?: string;
  }[];
  for (const r of table) if (r.title && WORDS.test(r.title)) found.push(`route ${r.id}: title "${r.title}"`);
  expect(found).toEqual([]);
});

test("the words: every workspace's .tsx sources", () => {
  const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const found = workspaces
    .map((w) => join(ROOT, w, 'src'))
    .filter((dir) => {
      try {
        return statSync(dir).isDirectory();
      } catch {
        return false;
      }
    })
    .flatMap((dir) => files(dir, (f) => f.endsWith('.tsx') && !f.endsWith('.test.tsx')))
    .flatMap((f) => tsxOffenders(relative(ROOT, f), readFileSync(f, 'utf8')));
  expect(found).toEqual([]);
});

describe('what the scan reads', () => {
  test('string literals, templates and JSX text, not comments or imports', () => {
    const src = [
      "import bag from './bag';",
      '// a colour in a comment',
      'const a = "Add to bag";',
      'const b = `Your ${n} favourites`;',
      'const c = <p>Pick a flavour</p>;',
      'const d = <p title="Colours">x</p>;',
      "const e = 'handbags';",
    ].join('\n');
    expect(tsxOffenders('x.tsx', src)).toEqual([
      'x.tsx:3: bag in "Add to bag"',
      'x.tsx:4: favourites in "favourites"',
      'x.tsx:5: flavour in "Pick a flavour"',
      'x.tsx:6: Colours in "Colours"',
    ]);
  });
  test('JSON strings with their lines, less the picture fields', () => {
    const text =
      '{\n  "title": "Favourites",\n  "image": { "filename": "/img/bag.webp", "alt": "a bag" },\n  "x": ["ok"]\n}';
    expect(jsonOffenders('p.json', text)).toEqual(['p.json:2: Favourites in "Favourites"']);
  });
});
