// A pass-through proxy in front of the edge for bench/paint.mjs and bench/lighthouse.mjs.
// The edge puts the shell's prerendered chrome (build/shell/chrome.json) in each page's
// root (docs/shell.md, "First paint and layout stability"). Where the running edge does
// not do that yet, this proxy does it as the edge would: the page's layout's chrome, with
// the page heading in place of the marker. With inject false it only passes requests on,
// so both ways are measured through the same hop.
import { createServer, request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const emptyRoot = /<div id="root"><h1 class="visually-hidden">([^<]*)<\/h1><\/div>/;

/** chromeFile is build/shell/chrome.json of the build the edge serves (BUILD_DIR). */
export function readChrome() {
  const file = path.join(path.resolve(root, process.env.BUILD_DIR || 'build'), 'shell', 'chrome.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
}

/** withChrome returns the page with the layout's chrome in an empty root, else unchanged. */
export function withChrome(html, chrome) {
  const layout = /"layout":"(default|minimal|app)"/.exec(html)?.[1];
  if (!chrome || !layout || !chrome[layout]) return html;
  return html.replace(
    emptyRoot,
    (_, heading) => `<div id="root">${chrome[layout].replace('<!--hh:heading-->', heading)}</div>`,
  );
}

/** startProxy forwards to the edge at base; returns the proxy's base URL and stop(). */
export async function startProxy(base, { inject }) {
  const target = new URL(base);
  const chrome = inject ? readChrome() : null;
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: target.host };
    const page = (req.headers.accept ?? '').includes('text/html');
    if (page && chrome) headers['accept-encoding'] = 'identity'; // rewritten below
    const up = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers },
      (upRes) => {
        const html = (upRes.headers['content-type'] ?? '').startsWith('text/html');
        if (!(html && chrome)) {
          res.writeHead(upRes.statusCode, upRes.headers);
          upRes.pipe(res);
          return;
        }
        const chunks = [];
        upRes.on('data', (c) => chunks.push(c));
        upRes.on('end', () => {
          const body = withChrome(Buffer.concat(chunks).toString('utf8'), chrome);
          const out = { ...upRes.headers, 'content-length': Buffer.byteLength(body) };
          delete out['transfer-encoding'];
          res.writeHead(upRes.statusCode, out);
          res.end(body);
        });
      },
    );
    up.on('error', (e) => {
      res.writeHead(502);
      res.end(String(e));
    });
    req.pipe(up);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
