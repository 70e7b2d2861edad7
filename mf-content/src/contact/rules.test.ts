import cases from '../../../edge/internal/providers/feedback/testdata/rules.json';
import { charactersLeft, contactBody, emptyContact, validateContact, type ContactValues } from './rules';

const topics = ['order', 'feedback', 'catering', 'other'];

// The edge's feedback.Validate is tested with these same cases.
describe('the form agrees with the edge', () => {
  test.each(cases.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const v: ContactValues = { ...emptyContact, ...c.message };
    for (const [field, [text, n]] of Object.entries((c as { repeat?: Record<string, [string, number]> }).repeat ?? {}))
      (v as unknown as Record<string, string>)[field] = text.repeat(n);
    expect(Object.keys(validateContact(v, topics)).sort()).toEqual(c.invalid);
  });
});

test('the counter says what is left, with a thousands separator, and what is too many', () => {
  expect(charactersLeft('')).toEqual({ text: '2,000 characters left', over: false });
  expect(charactersLeft('x'.repeat(150))).toEqual({ text: '1,850 characters left', over: false });
  expect(charactersLeft('x'.repeat(1999))).toEqual({ text: '1 character left', over: false });
  expect(charactersLeft('🐔'.repeat(2000))).toEqual({ text: '0 characters left', over: false });
  expect(charactersLeft('x'.repeat(2001))).toEqual({ text: '1 character too many', over: true });
});

test('the body is trimmed and carries an order number only for an order', () => {
  const v = {
    ...emptyContact,
    name: ' Ada ',
    email: ' ada@example.com',
    topic: 'feedback',
    order_id: 'o_1234',
    message: ' Hi ',
  };
  expect(contactBody(v)).toEqual({ name: 'Ada', email: 'ada@example.com', topic: 'feedback', message: 'Hi' });
  expect(
    contactBody({ ...v, topic: 'order', order_id: ' #o_1234 ', phone: '513 555 0100', location_id: 'oh-dayton' }),
  ).toEqual({
    name: 'Ada',
    email: 'ada@example.com',
    topic: 'order',
    order_id: 'o_1234',
    phone: '513 555 0100',
    location_id: 'oh-dayton',
    message: 'Hi',
  });
});
