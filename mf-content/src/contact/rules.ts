// The contact form's rules, as the edge states them in feedback.Validate
// (edge/internal/providers/feedback): the same limits, the same words. Both are tested
// with the cases in edge/internal/providers/feedback/testdata/rules.json, so a change to
// one that the other lacks fails a test (docs/contact.md).
import { phoneDigits } from '@henhouse/kit/ui/forms/rules';
import type { ContactMessage } from '@henhouse/kit/api/content';

export const MAX_NAME = 100;
export const MAX_MESSAGE = 2000;
/** The topic whose messages may carry an order number. */
export const TOPIC_ORDER = 'order';

/** What the guest has typed and chosen. */
export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  topic: string;
  location_id: string;
  order_id: string;
  message: string;
}
export type ContactField = keyof ContactValues;
export type ContactErrors = Partial<Record<ContactField, string>>;

/** The fields in the order the form shows them: the first invalid one takes focus. */
export const fieldOrder: readonly ContactField[] = [
  'name',
  'email',
  'phone',
  'topic',
  'order_id',
  'location_id',
  'message',
];

export const emptyContact: ContactValues = {
  name: '',
  email: '',
  phone: '',
  topic: '',
  location_id: '',
  order_id: '',
  message: '',
};

/** charCount counts characters as the edge does (Unicode code points), so an emoji is one. */
export const charCount = (s: string) => Array.from(s.trim()).length;

// Go's net/mail accepts a little more and a little less than this in corners no guest
// types (quoted local parts); the edge's answer then shows under the field as usual.
const EMAIL = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\.]+$/;
const ORDER_NUMBER = /^[A-Za-z0-9_-]{4,40}$/;

/** orderNumber is an order number as the edge files it: trimmed, without a leading "#". */
export const orderNumber = (v: string) => v.trim().replace(/^#/, '');

/** validateContact answers a message for each field to fix ({} when there is none),
 *  worded as the edge words them. `knownTopics` are the ids the edge offers. */
export function validateContact(v: ContactValues, knownTopics: readonly string[]): ContactErrors {
  const e: ContactErrors = {};
  const name = charCount(v.name);
  if (name === 0) e.name = 'Enter your name.';
  else if (name > MAX_NAME) e.name = `Keep your name to ${MAX_NAME} characters or fewer.`;
  if (!EMAIL.test(v.email.trim())) e.email = 'Enter a valid email address, like name@example.com.';
  if (v.phone.trim() !== '' && phoneDigits(v.phone).length !== 10)
    e.phone = 'Enter a 10-digit phone number, or leave it empty.';
  if (!knownTopics.includes(v.topic.trim())) e.topic = 'Choose what your message is about.';
  const order = orderNumber(v.order_id);
  if (v.topic.trim() === TOPIC_ORDER && order !== '' && !ORDER_NUMBER.test(order))
    e.order_id =
      'Enter the order number as it appears on your confirmation, like o_Ab12Cd34Ef56Gh78, or leave it empty.';
  const text = charCount(v.message);
  if (text === 0) e.message = 'Write your message.';
  else if (text > MAX_MESSAGE) e.message = `Keep your message to ${MAX_MESSAGE} characters or fewer.`;
  return e;
}

/** contactBody is what the form sends: trimmed, and the order number only for an order. */
export function contactBody(v: ContactValues): ContactMessage {
  const topic = v.topic.trim();
  const body: ContactMessage = { name: v.name.trim(), email: v.email.trim(), topic, message: v.message.trim() };
  if (v.phone.trim()) body.phone = v.phone.trim();
  if (v.location_id) body.location_id = v.location_id;
  if (topic === TOPIC_ORDER && orderNumber(v.order_id)) body.order_id = orderNumber(v.order_id);
  return body;
}

/** charactersLeft is the counter under the message: "1,850 characters left" or "12 characters too many".
 *  The thousands are grouped by hand: toLocaleString would make the page's first Intl
 *  object, which loads the browser's locale data (≈ 180 ms at 4× CPU) in the form's first
 *  render (docs/shell.md, "First-load budget"). */
export function charactersLeft(message: string): { text: string; over: boolean } {
  const left = MAX_MESSAGE - charCount(message);
  const grouped = (k: number) => String(k).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const n = (k: number) => `${grouped(k)} ${k === 1 ? 'character' : 'characters'}`;
  return left >= 0 ? { text: `${n(left)} left`, over: false } : { text: `${n(-left)} too many`, over: true };
}
