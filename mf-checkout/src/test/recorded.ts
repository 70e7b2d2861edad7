// The edge's own answers for the checkout screens' tests (rewards-api.json, written by
// record-rewards.mjs against the built edge). The fake /api, mount and the other helpers
// are the kit's (kit/src/test/harness.tsx).
import { recordedAnswers } from '@henhouse/kit/test/harness';
import recorded from './rewards-api.json';

/** A key of the recorded answers: "METHOD /api/path", a word after it names an error answer. */
export type RecordedKey = keyof typeof recorded;

/** real is the edge's own answer for key as a mockApi reply; each call gives a fresh copy. */
export const real = recordedAnswers<RecordedKey>(recorded);
