// The edge's own answers for the nutrition table's tests (nutrition-api.json, written by
// record-nutrition.mjs against the built edge).
import { recordedAnswers } from '@henhouse/kit/test/harness';
import recorded from './nutrition-api.json';

/** A key of the recorded answers: "METHOD /api/path", a word after it names the case. */
export type RecordedKey = keyof typeof recorded;

/** real is the edge's own answer for key as a mockApi reply; each call gives a fresh copy. */
export const real = recordedAnswers<RecordedKey>(recorded);
