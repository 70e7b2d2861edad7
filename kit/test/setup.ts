import { configure } from '@testing-library/react';
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these, which browsers have.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// A screen rendering a whole menu in jsdom takes a while on a busy 2-core machine; a
// find waits this long before it fails (it returns as soon as the element is there).
configure({ asyncUtilTimeout: 5000 });
