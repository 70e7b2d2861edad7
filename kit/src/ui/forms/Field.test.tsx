import { mountAnnouncer } from '../announce';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  RecaptchaNotice,
  Status,
  StepHeading,
  TextField,
  describedBy,
  validatePassword,
} from './Field';

const user = () => userEvent.setup({ delay: null });

describe('TextField', () => {
  it('labels the input and ties its error and hint to it', () => {
    render(
      <TextField
        label="Email"
        name="email"
        hint="We send the receipt here"
        error="Enter your email address"
        aria-describedby="extra"
      />,
    );
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter your email address We send the receipt here');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids).toHaveLength(3);
    expect(ids[2]).toBe('extra');
    expect(document.getElementById(ids[0])).toHaveClass('hh-form-field__error');
    expect(document.getElementById(ids[1])).toHaveClass('hh-form-field__hint');
  });

  it('is neither invalid nor described when there is nothing to say; optional fields say so', () => {
    render(<TextField label="Company" name="company" optional id="company" className="wide" />);
    const input = screen.getByLabelText('Company (optional)');
    expect(input).toHaveAttribute('id', 'company');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input.closest('.hh-form-field')).toHaveClass('wide');
  });
});

describe('PasswordField', () => {
  function NewPassword() {
    const [v, setV] = useState('');
    return <PasswordField label="Password" name="password" rules value={v} onChange={(e) => setV(e.target.value)} />;
  }

  it('shows and hides the password with a toggle button', async () => {
    const u = user();
    render(<PasswordField label="Password" name="password" />);
    const input = screen.getByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(input).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await u.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('ticks off the rules of a new password as they are met, described by the input', async () => {
    const u = user();
    render(<NewPassword />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAccessibleDescription(/Your password needs:.*At least 8 characters/);
    await u.type(input, 'abc1');
    expect(screen.getByText('At least one letter')).toHaveClass('hh-form-rules__ok');
    expect(screen.getByText('At least one number')).toHaveClass('hh-form-rules__ok');
    expect(screen.getByText('At least 8 characters')).not.toHaveClass('hh-form-rules__ok');
  });

  it('validatePassword names the first rule missing', () => {
    expect(validatePassword('')).toBe('Enter a password');
    expect(validatePassword('abcdefgh')).toBe('Your password needs: at least one number');
    expect(validatePassword('abc1')).toBe('Your password needs: at least 8 characters');
    expect(validatePassword('chicken123')).toBe(true);
  });
});

test('CheckboxField labels the box and ties its error to it', () => {
  render(<CheckboxField label="Send me offers" name="offers" error="Choose one" />);
  const box = screen.getByRole('checkbox', { name: 'Send me offers' });
  expect(box).toHaveAttribute('aria-invalid', 'true');
  expect(box).toHaveAccessibleDescription('Choose one');
  // The kit's checkbox look: the native box inside a [data-hh-control] label, so a
  // click on the words checks it.
  expect(box.closest('[data-hh-control]')).not.toBeNull();
  fireEvent.click(screen.getByText('Send me offers'));
  expect(box).toBeChecked();
});

test('FormAlert and Status show their message and announce it through the live regions', () => {
  mountAnnouncer();
  const { rerender } = render(
    <>
      <FormAlert message={null} />
      <Status message={null} />
    </>,
  );
  expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  rerender(
    <>
      <FormAlert message="Something went wrong. Please try again." />
      <Status message="Saved." />
    </>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  // The visible words stay beside the form, outside the live regions.
  expect(screen.getByText('Saved.', { selector: '.hh-form-status' })).toBeVisible();
  expect(screen.getByText('Something went wrong. Please try again.', { selector: '.hh-form-alert' })).toBeVisible();
});

test('RecaptchaNotice links the privacy policy and terms of Google', () => {
  render(<RecaptchaNotice />);
  expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    'https://policies.google.com/privacy',
  );
  expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    'https://policies.google.com/terms',
  );
});

test('StepHeading takes focus when its step begins', () => {
  const { rerender } = render(<StepHeading focus={false}>Enter your email</StepHeading>);
  expect(screen.getByRole('heading', { level: 3, name: 'Enter your email' })).not.toHaveFocus();
  rerender(
    <StepHeading focus level={2}>
      Check your email
    </StepHeading>,
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Check your email' })).toHaveFocus();
});

test('describedBy joins the ids there are', () => {
  expect(describedBy('a', undefined, false, null, 'b')).toBe('a b');
  expect(describedBy(undefined, false)).toBeUndefined();
});
