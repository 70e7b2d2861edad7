import { executeBotCheck } from '@henhouse/kit/botcheck/botcheck';
import { BotCheckError, botHeaders } from './headers';

jest.mock('@henhouse/kit/botcheck/botcheck', () => ({
  ...jest.requireActual('@henhouse/kit/botcheck/botcheck'),
  executeBotCheck: jest.fn(),
}));
const botCheck = executeBotCheck as jest.MockedFunction<typeof executeBotCheck>;

test('botHeaders gives the X-Bot-Check header for the action', async () => {
  botCheck.mockResolvedValue('tok-1');
  expect(await botHeaders('signup')).toEqual({ 'X-Bot-Check': 'tok-1' });
  expect(botCheck).toHaveBeenCalledWith('signup');
});

test('a failed check rejects with a BotCheckError carrying the reason', async () => {
  botCheck.mockRejectedValue(new Error('No key provided'));
  const err = await botHeaders('login').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(BotCheckError);
  expect((err as BotCheckError).reason).toBe('No key provided');
});
