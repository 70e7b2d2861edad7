// The worked example of docs/api.md ("An app places an order, step by step") runs as
// written against a real edge, so the document cannot drift from the API.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from './harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const noonInOhio = new Date().toISOString().slice(0, 10) + 'T17:00:00Z';
let edge;
before(async () => {
  edge = await startEdge({ ORDER_CLOCK_START: noonInOhio });
});
after(() => edge?.stop());

test('docs/examples/app-order.sh places, reads and reorders an order with a bearer token', async () => {
  const { stdout } = await promisify(execFile)('bash', [path.join(root, 'docs/examples/app-order.sh')], {
    env: { ...process.env, BASE: edge.base },
  });
  assert.match(stdout, /^blockers: \[\] total: \d+$/m);
  assert.match(stdout, /^pay in store: \{'available': True/m);
  assert.match(stdout, /^order: o_\S+$/m);
  assert.match(stdout, /^status: placed$/m);
  assert.match(stdout, /^history: 1 next: None$/m);
  assert.match(stdout, /^reorder: 1 lines, not transferred: \[\]$/m);
});
