// Records the edge's real answers for the contact form's jest tests into
// contact-api.json: the topics, the restaurants near "Dayton, OH", a message filed, one
// with every field wrong, and the fourth message an hour from one address.
//
//   make build && node mf-content/src/test/record-contact.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEdge } from '../../../e2e/tests/harness.mjs';
import { guestSession, writeRecorded } from '../../../e2e/tests/recorder.mjs';

const edge = await startEdge();
const out = {};
try {
  const { ok, send } = await guestSession(edge);
  // The recorder's session sends no X-Bot-Check header: POST /api/contact goes through
  // a send of the same session with a fresh token in the header.
  const contact = async (body, want) => {
    const { token } = (await ok('POST', '/api/botcheck/token', { action: 'contact' })).body;
    const r = await send('POST', '/api/contact', body, { 'X-Bot-Check': token });
    if (r.status !== want) throw new Error(`POST /api/contact: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  };
  out['GET /api/contact/topics'] = await ok('GET', '/api/contact/topics');
  out['GET /api/locations Dayton'] = await ok('GET', '/api/locations?q=Dayton%2C%20OH&limit=6');
  const message = { name: 'Ada', email: 'ada@example.com', topic: 'feedback', message: 'Great biscuits.' };
  const sent = await contact({ ...message, locationId: 'oh-dayton' }, 201);
  sent.body.ticket.number = 'HH-300115-000001'; // a stable placeholder, as for ids and times
  out['POST /api/contact'] = sent;
  out['POST /api/contact invalid'] = await contact(
    { name: '', email: 'nope', phone: '12', topic: 'pizza', message: '' },
    400,
  );
  // The topic is checked against the content system's list once the rest holds.
  out['POST /api/contact invalid topic'] = await contact({ ...message, topic: 'pizza' }, 400);
  await contact(message, 201);
  await contact(message, 201);
  out['POST /api/contact rate_limited'] = await contact(message, 429);
} finally {
  edge.stop();
}
writeRecorded(path.join(path.dirname(fileURLToPath(import.meta.url)), 'contact-api.json'), out);
