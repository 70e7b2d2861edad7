// The edge's own answers for the account screens' tests, recorded by the Go test
// edge/internal/server/contract_test.go (testdata/account-api.json). The fake /api,
// mount and the other helpers are the kit's (kit/src/test/harness.tsx).
import { recordedAnswers } from '@henhouse/kit/test/harness';
import recorded from '../../../edge/internal/server/testdata/account-api.json';
import type { Members, SignedIn, User } from '@henhouse/kit/api/types';

/** A key of the recorded answers: "METHOD /api/path" as docs/identity.md writes it;
 *  a word after the path names an error answer ("POST /api/auth/code wrong_code"). */
export type RecordedKey = keyof typeof recorded;

/**
 * real is the edge's own answer for key as a reply for mockApi: `{status, body}`. Each
 * call gives a fresh copy a test may change. Ids, tokens and times in it are stable
 * placeholders ("m_1", "card_1", "tok_1", "2030-01-15T12:00:00Z"); everything else is
 * what the edge answers.
 */
export const real = recordedAnswers<RecordedKey>(recorded);

/** The member (GET /api/user): Ada Lovelace, confirmed, 100 points, favorite Dayton. */
export const ada = real<{ user: User }>('GET /api/user').body.user;

/** The member's rewards after an order (GET /api/rewards): 400 points, a Biscuit Club subscription. */
export const members = real<Members>('GET /api/rewards').body;

export const token = real<SignedIn>('POST /api/auth/signup').body.token;

/** Every call that signs in answers this shape (POST /api/auth/code). */
export const signedIn = () => real<SignedIn>('POST /api/auth/code').body;
