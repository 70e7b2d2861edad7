import { ApiError } from '@henhouse/kit/api/client';
import { botCheckErrors } from './botcheck';
import { botCheckMessage, messageFor } from './errors';
import { BotCheckError } from './headers';

describe('messageFor', () => {
  it('bot check: the client reason in brackets, none for a refusal by the edge', () => {
    expect(messageFor(new BotCheckError('Failed to load script'))).toBe(`${botCheckMessage} (Failed to load script)`);
    expect(messageFor(new Error(botCheckErrors.execute))).toBe(`${botCheckMessage} (Failed to execute)`);
    expect(messageFor(new ApiError(403, 'bot_check_failed', 'Bot check failed'))).toBe(botCheckMessage);
  });

  it('an out-of-date page asks for a reload', () => {
    expect(messageFor(new ApiError(403, 'csrf_failed', 'CSRF'))).toBe(
      'Your page is out of date. Please reload the page and try again.',
    );
  });

  it('the words of the API otherwise (no connection included)', () => {
    expect(
      messageFor(new ApiError(0, 'network', 'We could not reach Henhouse. Check your connection and try again.')),
    ).toBe('We could not reach Henhouse. Check your connection and try again.');
    expect(messageFor(new ApiError(429, 'rate_limited', 'Too many tries. Wait 3 minutes.'))).toBe(
      'Too many tries. Wait 3 minutes.',
    );
    expect(messageFor(new ApiError(500, 'internal', ''))).toBe('Something went wrong. Please try again.');
  });

  it('anything else is a plain "try again"', () => {
    expect(messageFor(new Error('boom'))).toBe('Something went wrong. Please try again.');
    expect(messageFor('boom')).toBe('Something went wrong. Please try again.');
  });
});
