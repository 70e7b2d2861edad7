import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FieldError, TextField } from './Field';
import { useNativeForm, type NativeFormOptions } from './nativeForm';
import { emailRules } from './rules';

interface Values {
  email: string;
  size: string;
  note: string;
}

const defaults: Values = { email: '', size: 'm', note: '' };

/** A form like the site's: an email, a radio group, a note shown only for size "l". */
function renderForm(opts: Partial<NativeFormOptions<Values>> = {}, send = jest.fn()) {
  function Form() {
    const form = useNativeForm<Values>({ defaultValues: defaults, ...opts });
    const { errors, isSubmitting } = form.formState;
    const size = form.watch('size');
    return (
      <form noValidate onSubmit={(e) => void form.handleSubmit(send)(e)}>
        <fieldset aria-describedby={errors.size ? 'size-err' : undefined}>
          <legend>Size</legend>
          {['s', 'm', 'l'].map((s) => (
            <label key={s}>
              <input type="radio" value={s} {...form.register('size', { required: 'Choose a size' })} />
              {s.toUpperCase()}
            </label>
          ))}
          <FieldError id="size-err" message={errors.size?.message} />
        </fieldset>
        <p>Chosen: {size || 'none'}</p>
        {size === 'l' && (
          <TextField
            label="Note"
            error={errors.note?.message}
            {...form.register('note', {
              validate: (v, all) => all.size !== 'l' || v.trim().length > 0 || 'Say why you need a large one',
            })}
          />
        )}
        <TextField label="Email" error={errors.email?.message} {...form.register('email', emailRules)} />
        <button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send'}
        </button>
        <button type="button" onClick={() => form.resetField('email')}>
          Clear email
        </button>
        <button
          type="button"
          onClick={() =>
            form.setError('email', { type: 'server', message: 'That email is taken' }, { shouldFocus: true })
          }
        >
          Server says
        </button>
      </form>
    );
  }
  render(<Form />);
  return send;
}

const email = () => screen.getByLabelText('Email');

describe('useNativeForm', () => {
  it('starts from the default values, a radio group included', () => {
    renderForm();
    expect(screen.getByLabelText('M')).toBeChecked();
    expect(screen.getByText('Chosen: m')).toBeInTheDocument();
    expect(email()).toHaveValue('');
  });

  it('refuses an empty submit, says why under the field and focuses the first field in error', async () => {
    const send = renderForm({ defaultValues: { ...defaults, size: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Size' })).toHaveAccessibleDescription('Choose a size');
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(email()).toHaveAccessibleDescription('Enter your email address');
    // The radio group comes first on the page.
    expect(screen.getByLabelText('S')).toHaveFocus();
  });

  it('sends what the inputs hold, and is busy until the handler settles', async () => {
    let finish = () => {};
    const send = jest.fn(() => new Promise<void>((r) => (finish = r)));
    renderForm({}, send);
    await userEvent.click(screen.getByLabelText('S'));
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', size: 's', note: '' });
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    await act(async () => finish());
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('sends a value the browser filled in without an input event (autofill, a restored page)', async () => {
    const send = renderForm();
    email().setAttribute('value', 'filled@example.com');
    (email() as HTMLInputElement).value = 'filled@example.com';
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ email: 'filled@example.com' }));
  });

  it('after a refused submit, clears an error as soon as the field is fixed', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(email(), 'ada@');
    expect(email()).toHaveAccessibleDescription('Enter an email address like name@example.com');
    await userEvent.type(email(), 'example.com');
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it('checks nothing before the first submit by default, even when a field loses focus', async () => {
    renderForm();
    await userEvent.type(email(), 'ada');
    await userEvent.tab();
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it("in 'onTouched' mode, checks a field when it loses focus, then at each change", async () => {
    renderForm({ mode: 'onTouched' });
    await userEvent.type(email(), 'ada');
    expect(email()).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(email()).toHaveAccessibleDescription('Enter an email address like name@example.com');
    await userEvent.type(email(), '@example.com');
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it('checks a field shown later with every value of the form, and keeps its text when it goes and comes back', async () => {
    const send = renderForm();
    await userEvent.click(screen.getByLabelText('L'));
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Note')).toHaveAccessibleDescription('Say why you need a large one');
    await userEvent.type(screen.getByLabelText('Note'), 'Hungry');
    await userEvent.click(screen.getByLabelText('M'));
    expect(screen.queryByLabelText('Note')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('L'));
    expect(screen.getByLabelText('Note')).toHaveValue('Hungry');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', size: 'l', note: 'Hungry' });
  });

  it('leaves a field that is not shown out of the checks', async () => {
    const send = renderForm();
    await userEvent.type(email(), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(send).toHaveBeenCalledWith({ email: 'ada@example.com', size: 'm', note: '' });
  });

  it('shows an error set by the caller (the edge refused a value) and focuses its field', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Server says' }));
    expect(email()).toHaveAccessibleDescription('That email is taken');
    expect(email()).toHaveFocus();
  });

  it('resets a field to its default and clears its error', async () => {
    renderForm();
    await userEvent.type(email(), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Clear email' }));
    expect(email()).toHaveValue('');
    expect(email()).not.toHaveAttribute('aria-invalid');
  });
});
