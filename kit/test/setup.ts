import { configure } from '@testing-library/react';
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these, which browsers have.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A screen rendering a whole menu in jsdom takes a while on a busy 2-core machine; a
// find waits this long before it fails (it returns as soon as the element is there).
// Text queries find the words where the page shows them, not their copy in the site's
// live regions (kit/src/ui/announce.ts); role queries still find the regions.
configure({ asyncUtilTimeout: 5000, defaultIgnore: 'script, style, #hh-live-polite, #hh-live-assertive' });

// The announcer's live regions live outside React's roots (kit/src/ui/announce.ts): each
// test starts with them gone, as a fresh page has them.
afterEach(() => {
  document.getElementById('hh-live-polite')?.remove();
  document.getElementById('hh-live-assertive')?.remove();
});
