// The contact form (docs/contact.md): name, email, phone, what it is about, the order
// number for an order, the restaurant, and the message with a live character count.
// The rules are rules.ts, the edge's own; the edge's per-field answers show under the
// same fields. The invisible bot check runs with the action "contact". Sent, the form
// gives way to the ticket number, and the guest may write again.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { contactTopics, sendContactMessage } from '@henhouse/kit/api/content';
import type { Location } from '@henhouse/kit/api/types';
import { useLoad } from '@henhouse/kit/api/useLoad';
import { messageFor } from '@henhouse/kit/botcheck/errors';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import {
  describedBy,
  FieldError,
  FormAlert,
  RecaptchaNotice,
  StepHeading,
  TextField,
} from '@henhouse/kit/ui/forms/Field';
import { fieldErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { Select } from '@henhouse/kit/ui/controls/Select';
import { LocationCombobox } from './LocationCombobox';
import {
  charactersLeft,
  contactBody,
  emptyContact,
  fieldOrder,
  TOPIC_ORDER,
  validateContact,
  type ContactErrors,
  type ContactField,
  type ContactValues,
} from './rules';
import './contact.css';
import { useAnnounce } from '@henhouse/kit/ui/announce';
import { useSearchParams } from '@henhouse/kit/router';

/** The id of each field's control, for the error summary's links and for focus. */
export const fieldId = (f: ContactField) => `contact-${f}`;

/** How long typing must pause before the character count is read out. */
export const COUNT_ANNOUNCE_MS = 1000;

const pickOrClear = 'Choose a location from the list, or clear the field.';

export function ContactForm() {
  const topics = useLoad('contact-topics', (signal) => contactTopics(signal).then((r) => r.topics));
  // A link may choose the topic: /contact?topic=accessibility (the accessibility page's).
  const [search] = useSearchParams();
  const [values, setValues] = useState<ContactValues>(() => ({ ...emptyContact, topic: search.get('topic') ?? '' }));
  const [location, setLocation] = useState<Location | null>(null);
  const [locationTyped, setLocationTyped] = useState(false);
  // Remounts the location field when the form is cleared for another message.
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [tried, setTried] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ ticket: string; email: string } | null>(null);
  const [announced, setAnnounced] = useState('');
  useAnnounce(announced);
  const focusNext = useRef<ContactField | null>(null);

  const topicIds = topics.status === 'ready' ? topics.data.map((t) => t.id) : [];
  const count = charactersLeft(values.message);

  // Focus moves after the render that tied the messages to their fields, so the field
  // is read out with its message.
  useEffect(() => {
    const f = focusNext.current;
    if (!f) return;
    focusNext.current = null;
    document.getElementById(fieldId(f))?.focus();
  });

  // The count is read out politely once typing pauses, not at every key stroke.
  useEffect(() => {
    const t = setTimeout(() => setAnnounced(values.message ? count.text : ''), COUNT_ANNOUNCE_MS);
    return () => clearTimeout(t);
  }, [values.message, count.text]);

  const check = (v: ContactValues, typed: boolean, picked: Location | null): ContactErrors => {
    const e = validateContact(v, topicIds);
    if (typed && !picked) e.location_id = pickOrClear;
    return e;
  };

  const focusFirst = (e: ContactErrors) => {
    focusNext.current = fieldOrder.find((f) => e[f]) ?? null;
  };

  /** set changes a field; once the guest has tried to send, its message follows what they type. */
  const set = (f: ContactField, v: string) => {
    const next = { ...values, [f]: v };
    setValues(next);
    if (!tried) return;
    const now = check(next, locationTyped, location);
    // A new topic may show or hide the order number, and its message with it.
    setErrors((old) => ({ ...old, [f]: now[f], ...(f === 'topic' ? { order_id: now.order_id } : {}) }));
  };

  const submit = async (ev: FormEvent<HTMLFormElement>) => {
    ev.preventDefault();
    if (sending) return;
    setFormError(null);
    setTried(true);
    const found = check(values, locationTyped, location);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    setSending(true);
    try {
      const headers = await botHeaders('contact');
      const r = await sendContactMessage(contactBody({ ...values, location_id: location?.id ?? '' }), headers);
      setSent({ ticket: r.ticket.number, email: values.email.trim() });
    } catch (err) {
      // What the guest typed stays; the edge's words go under its fields or above the form.
      const fields = fieldErrors(err);
      const mine: ContactErrors = {};
      const other: string[] = [];
      for (const [k, m] of Object.entries(fields)) {
        if ((fieldOrder as readonly string[]).includes(k)) mine[k as ContactField] = m;
        else other.push(m);
      }
      setErrors(mine);
      focusFirst(mine);
      if (other.length || Object.keys(mine).length === 0)
        setFormError(other.length ? other.join(' ') : messageFor(err));
    } finally {
      setSending(false);
    }
  };

  const another = () => {
    // The guest's own details stay; what the message was about and said go.
    setValues({ ...emptyContact, name: values.name, email: values.email, phone: values.phone });
    setLocation(null);
    setLocationTyped(false);
    setRound((r) => r + 1);
    setErrors({});
    setTried(false);
    setSent(null);
    focusNext.current = 'topic';
  };

  if (sent)
    return (
      <div className="hh-contact-done">
        <StepHeading focus level={3}>
          Message sent
        </StepHeading>
        <p>
          Your ticket number is <strong className="hh-contact-ticket">{sent.ticket}</strong>. We&apos;ve emailed a copy
          to {sent.email}; quote the ticket number if you write to us again.
        </p>
        <button type="button" className="hh-cbutton hh-cbutton--secondary" onClick={another}>
          Send another message
        </button>
      </div>
    );

  const summary = fieldOrder.filter((f) => errors[f]);
  return (
    <form className="hh-contact-form" onSubmit={submit} noValidate aria-busy={sending}>
      {summary.length > 0 && (
        <div className="hh-contact-summary" role="group" aria-labelledby="contact-summary-title">
          <h3 id="contact-summary-title">
            {summary.length === 1 ? 'Check 1 field' : `Check ${summary.length} fields`}
          </h3>
          <ul>
            {summary.map((f) => (
              <li key={f}>
                <a
                  href={`#${fieldId(f)}`}
                  onClick={(e) => {
                    e.preventDefault();
                    document.getElementById(fieldId(f))?.focus();
                  }}
                >
                  {errors[f]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <FormAlert message={formError} />
      <p className="hh-form-field__hint">All fields are required unless marked optional.</p>
      <div className="hh-contact-grid">
        <TextField
          id={fieldId('name')}
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          id={fieldId('email')}
          label="Email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.target.value)}
          error={errors.email}
        />
        <TextField
          id={fieldId('phone')}
          label="Phone number"
          name="phone"
          optional
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={values.phone}
          onChange={(e) => set('phone', e.target.value)}
          error={errors.phone}
        />
      </div>
      <div>
        <Select
          id={fieldId('topic')}
          label="What is it about?"
          name="topic"
          value={values.topic}
          disabled={topics.status !== 'ready'}
          error={errors.topic}
          onChange={(e) => set('topic', e.target.value)}
          options={[
            { value: '', label: topics.status === 'loading' ? 'Loading topics…' : 'Choose a topic' },
            ...(topics.status === 'ready' ? topics.data.map((t) => ({ value: t.id, label: t.label })) : []),
          ]}
        />
        {topics.status === 'error' && (
          <div role="alert" className="hh-form-alert">
            We couldn&apos;t load the topics. {topics.error.message}{' '}
            <button type="button" className="hh-cbutton hh-cbutton--link" onClick={topics.retry}>
              Try again
            </button>
          </div>
        )}
      </div>
      {values.topic === TOPIC_ORDER && (
        <TextField
          id={fieldId('order_id')}
          label="Order number"
          name="order_id"
          optional
          autoComplete="off"
          spellCheck={false}
          hint="It's on your order confirmation and in its email, like o_Ab12Cd34Ef56Gh78."
          value={values.order_id}
          onChange={(e) => set('order_id', e.target.value)}
          error={errors.order_id}
        />
      )}
      <LocationCombobox
        key={round}
        label="Which restaurant is it about?"
        value={location}
        onChange={(loc) => {
          setLocation(loc);
          if (tried) setErrors((old) => ({ ...old, location_id: undefined }));
        }}
        onTypedChange={setLocationTyped}
        error={errors.location_id}
        id={fieldId('location_id')}
      />
      <div className="hh-form-field">
        <label htmlFor={fieldId('message')} className="hh-form-field__label">
          Message
        </label>
        <textarea
          id={fieldId('message')}
          name="message"
          className={
            count.over
              ? 'hh-form-input hh-contact-message hh-contact-message--over'
              : 'hh-form-input hh-contact-message'
          }
          rows={8}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy(errors.message && `${fieldId('message')}-error`, `${fieldId('message')}-count`)}
          onChange={(e) => set('message', e.target.value)}
        />
        <p
          id={`${fieldId('message')}-count`}
          className={count.over ? 'hh-contact-count hh-contact-count--over' : 'hh-contact-count'}
        >
          {count.over && <span aria-hidden="true">⚠ </span>}
          {count.text}
        </p>
        <FieldError id={errors.message ? `${fieldId('message')}-error` : undefined} message={errors.message} />
      </div>
      <button type="submit" className="hh-cbutton hh-cbutton--primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send message'}
      </button>
      <RecaptchaNotice />
    </form>
  );
}
