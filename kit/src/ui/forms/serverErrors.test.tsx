import { act, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ApiError } from '@henhouse/kit/api/client';
import { botCheckMessage } from '@henhouse/kit/botcheck/errors';
import { TextField } from './Field';
import { useNativeForm } from './nativeForm';
import { applyServerErrors, fieldErrors } from './serverErrors';

type Values = { email: string; phone: string; code: string };
const names = ['email', 'phone', 'code'] as const;
const defaultValues: Values = { email: '', phone: '', code: '' };

// The same messages land the same way on a react-hook-form form and on a native one.
const libraries = [
  ['react-hook-form', () => useForm<Values>({ defaultValues })],
  ['nativeForm', () => useNativeForm<Values>({ defaultValues })],
] as const;

describe.each(libraries)('applyServerErrors on a %s form', (_, useTheForm) => {
  /** A form whose submit fails with `err`; the form-level message shows in a paragraph. */
  function renderForm(err: unknown, opts: Parameters<typeof applyServerErrors<keyof Values>>[3] = {}) {
    const result: { message?: string | null } = {};
    function Form() {
      const { register, setError, formState } = useTheForm();
      const e = formState.errors;
      return (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            result.message = applyServerErrors(err, setError, names, opts);
          }}
        >
          <TextField label="Email" error={e.email?.message} {...register('email')} />
          <TextField label="Phone" error={e.phone?.message} {...register('phone')} />
          <TextField label="Code" error={e.code?.message} {...register('code')} />
          <button type="submit">Send</button>
        </form>
      );
    }
    render(<Form />);
    act(() => screen.getByRole('button', { name: 'Send' }).click());
    return result;
  }

  it('puts each field message on its field, focuses the first and leaves no form message', () => {
    const r = renderForm(
      new ApiError(422, 'invalid', 'Check the highlighted fields.', {
        phone: 'Enter a 10-digit phone number',
        email: 'That email is taken',
      }),
    );
    expect(r.message).toBeNull();
    const phone = screen.getByLabelText('Phone');
    const email = screen.getByLabelText('Email');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Enter a 10-digit phone number');
    expect(email).toHaveAccessibleDescription('That email is taken');
    expect(phone).toHaveFocus();
  });

  it('maps other names the edge uses for a field', () => {
    const r = renderForm(
      new ApiError(422, 'invalid', 'Check the highlighted fields.', { emailAddress: 'That email is taken' }),
      { aliases: { emailAddress: 'email' } },
    );
    expect(r.message).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('That email is taken');
  });

  it('makes a message for a field the form does not have the form-level message', () => {
    const r = renderForm(
      new ApiError(422, 'invalid', 'Check the highlighted fields.', { payment_token: 'The card was declined' }),
    );
    expect(r.message).toBe('The card was declined.');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('puts a field-less error about a code on the code field', () => {
    const r = renderForm(new ApiError(400, 'invalid_code', 'That code is not right.'), { codeField: 'code' });
    expect(r.message).toBeNull();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('That code is not right.');
    expect(screen.getByLabelText('Code')).toHaveFocus();
  });

  it('keeps a bot-check failure at the form level, even with a code field', () => {
    expect(renderForm(new ApiError(403, 'bot_check_failed', 'x'), { codeField: 'code' }).message).toBe(botCheckMessage);
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
  });

  it('gives the words of any other failure as the form-level message', () => {
    expect(renderForm(new ApiError(500, 'internal', 'The kitchen is closed.')).message).toBe('The kitchen is closed.');
  });
});

test('fieldErrors reads the fields of an ApiError only', () => {
  expect(fieldErrors(new ApiError(422, 'invalid', 'x', { email: 'y' }))).toEqual({ email: 'y' });
  expect(fieldErrors(new ApiError(500, 'internal', 'x'))).toEqual({});
  expect(fieldErrors(new Error('x'))).toEqual({});
});
