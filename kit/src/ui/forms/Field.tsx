// Form pieces shared by every form on the site: a labelled field whose error and hint
// are tied to the input (aria-invalid, aria-describedby), a password field with a
// show/hide toggle and its requirements, the form-level alert, a status line, the
// reCAPTCHA notice and a step heading that takes focus. Their styles (forms.css) come
// with them; the colours are the kit's tokens (tokens.css, on every page).
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './forms.css';
import '../controls/controls.css';
import '../controls/check.css';
import { useAnnounceNow } from '@henhouse/kit/ui/announce';

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export interface FieldProps extends InputProps {
  label: ReactNode;
  name: string;
  error?: string;
  hint?: ReactNode;
  /** Shown after the label; required is the default for our forms. */
  optional?: boolean;
}

export function describedBy(...ids: (string | false | undefined | null)[]): string | undefined {
  const s = ids.filter(Boolean).join(' ');
  return s || undefined;
}

export function TextField({
  label,
  error,
  hint,
  optional,
  id,
  className,
  'aria-describedby': extra,
  ...input
}: FieldProps) {
  const auto = useId();
  const fid = id ?? `f${auto}`;
  const hintId = hint ? `${fid}-hint` : undefined;
  const errId = error ? `${fid}-error` : undefined;
  return (
    <div className={['hh-form-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={fid} className="hh-form-field__label">
        {label}
        {optional && <span className="hh-form-field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={hintId} className="hh-form-field__hint">
          {hint}
        </p>
      )}
      <input
        id={fid}
        className="hh-form-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(errId, hintId, extra)}
        {...input}
      />
      <FieldError id={errId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="hh-form-field__error">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}

export interface PasswordRule {
  label: string;
  test: (v: string) => boolean;
}

/** The password rules shown beside new passwords (the edge checks them again). */
export const passwordRules: PasswordRule[] = [
  { label: 'At least 8 characters', test: (v) => v.length >= 8 },
  { label: 'At least one letter', test: (v) => /\p{L}/u.test(v) },
  { label: 'At least one number', test: (v) => /\d/.test(v) },
];

/** validatePassword is react-hook-form's `validate` for a new password. */
export function validatePassword(v: string): true | string {
  if (!v) return 'Enter a password';
  const miss = passwordRules.find((r) => !r.test(v));
  return miss ? `Your password needs: ${miss.label.toLowerCase()}` : true;
}

interface PasswordFieldProps extends FieldProps {
  /** Show the requirements of a new password under the field, ticking them off live. */
  rules?: boolean;
  value?: string;
}

export function PasswordField({ label, error, hint, rules, id, value, ...input }: PasswordFieldProps) {
  const auto = useId();
  const fid = id ?? `f${auto}`;
  const [shown, setShown] = useState(false);
  const errId = error ? `${fid}-error` : undefined;
  const hintId = hint ? `${fid}-hint` : undefined;
  const rulesId = rules ? `${fid}-rules` : undefined;
  const current = value ?? '';
  return (
    <div className="hh-form-field">
      <label htmlFor={fid} className="hh-form-field__label">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="hh-form-field__hint">
          {hint}
        </p>
      )}
      <div className="hh-form-password">
        <input
          id={fid}
          className="hh-form-input"
          type={shown ? 'text' : 'password'}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errId, hintId, rulesId)}
          {...input}
        />
        <button
          type="button"
          className="hh-form-password__toggle"
          aria-controls={fid}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> password</span>
        </button>
      </div>
      {rules && (
        <div id={rulesId} className="hh-form-rules">
          <span className="hh-form-rules__title">Your password needs:</span>
          <ul>
            {passwordRules.map((r) => {
              const ok = r.test(current);
              return (
                <li key={r.label} className={ok ? 'hh-form-rules__ok' : undefined}>
                  <span aria-hidden="true">{ok ? '✓ ' : '• '}</span>
                  {r.label}
                  <span className="visually-hidden">{ok ? ' (done)' : ''}</span>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <FieldError id={errId} message={error} />
    </div>
  );
}

/** CheckboxField is a checkbox for react-hook-form's register (uncontrolled, a ref), with
 *  the look of the kit's Checkbox (@henhouse/kit/ui/controls): the native box inside its
 *  visible label and a `data-hh-control` wrapper, its hint and error tied to it. */
export function CheckboxField({ label, error, hint, id, className, optional: _optional, ...input }: FieldProps) {
  const auto = useId();
  const fid = id ?? `f${auto}`;
  const errId = error ? `${fid}-error` : undefined;
  const hintId = hint ? `${fid}-hint` : undefined;
  return (
    <div className={['hh-form-field', 'hh-ctl-check-field', className].filter(Boolean).join(' ')}>
      <label data-hh-control="checkbox" className="hh-ctl-check" htmlFor={fid}>
        <input
          id={fid}
          className="hh-ctl-native"
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(errId, hintId)}
          {...input}
        />
        <span className="hh-ctl-check__box" aria-hidden="true" />
        <span className="hh-ctl-check__text">
          <span className="hh-ctl-check__label">{label}</span>
        </span>
      </label>
      {hint && (
        <p id={hintId} className="hh-form-field__hint">
          {hint}
        </p>
      )}
      <FieldError id={errId} message={error} />
    </div>
  );
}

/** FormAlert is the form-level error summary: shown where the form is, and announced at
 *  once through the site's assertive live region (kit/src/ui/announce.ts). */
export function FormAlert({ message }: { message?: string | null }) {
  useAnnounceNow(message, { assertive: true });
  if (!message) return null;
  return <div className="hh-form-alert">{message}</div>;
}

/** Status shows what a form did ("Saved."), announced politely through the site's live region. */
export function Status({ message, className }: { message?: string | null; className?: string }) {
  useAnnounceNow(message);
  return <p className={['hh-form-status', className].filter(Boolean).join(' ')}>{message ?? ''}</p>;
}

/** The reCAPTCHA badge is hidden (bootstrap config.botCheck.hideBadge), so Google's terms ask for this notice near
 *  the protected form. */
export function RecaptchaNotice() {
  return (
    <p className="hh-form-recaptcha">
      This site is protected by reCAPTCHA and the Google{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noreferrer">
        Privacy Policy
      </a>{' '}
      and{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noreferrer">
        Terms of Service
      </a>{' '}
      apply.
    </p>
  );
}

/** StepHeading takes focus when a step of a form changes, so keyboard and screen-reader
 *  users start at the new step's title. */
export function StepHeading({
  children,
  focus,
  level = 3,
  id,
}: {
  children: ReactNode;
  focus: boolean;
  level?: 2 | 3;
  id?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  const Tag = level === 2 ? 'h2' : 'h3';
  return (
    <Tag ref={ref} id={id} tabIndex={-1} className="hh-form-step-title">
      {children}
    </Tag>
  );
}
