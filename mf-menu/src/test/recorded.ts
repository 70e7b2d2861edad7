// The edge's own answers for the menu screens' tests (menu-api.json, written by
// record-menu.mjs against the built edge). The fake /api, mount and the other helpers
// are the kit's (kit/src/test/harness.tsx).
import { recordedAnswers } from '@henhouse/kit/test/harness';
import recorded from './menu-api.json';

/** A key of the recorded answers: "METHOD /api/path", a word after it names the case. */
export type RecordedKey = keyof typeof recorded;

/** real is the edge's own answer for key as a mockApi reply; each call gives a fresh copy. */
export const real = recordedAnswers<RecordedKey>(recorded);
