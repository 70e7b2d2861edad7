import type { ReactNode } from 'react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { changePassword, updateProfile, updateSettings } from '@henhouse/kit/api/account';
import type { User } from '@henhouse/kit/api/types';
import { useAppStore } from '@henhouse/kit/state/store';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  Status,
  TextField,
  validatePassword,
} from '@henhouse/kit/ui/forms/Field';
import { phoneDigits, phoneRules } from '@henhouse/kit/ui/forms/rules';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { validateBirthday } from '../forms/rules';
import { formatPhone } from '../lib/format';

const setUser = (u: User) => useAppStore.getState().set({ user: u });

export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className="hh-acct-item hh-acct-section" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h3 id={`${id}-title`}>{title}</h3>
      {children}
    </section>
  );
}

interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  birthday: string;
}

export function ProfileForm({ user }: { user: User }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileValues>({
    defaultValues: {
      first_name: user.first_name ?? '',
      last_name: user.last_name ?? '',
      phone: formatPhone(user.phone),
      birthday: user.birthday ?? '',
    },
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setStatus(null);
    try {
      const r = await updateProfile({
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        phone: phoneDigits(v.phone),
        ...(v.birthday ? { birthday: v.birthday } : {}),
      });
      setUser(r.user);
      setStatus('Your details are saved.');
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['first_name', 'last_name', 'phone', 'birthday']));
    }
  });
  return (
    <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <div className="hh-acct-grid hh-acct-grid--2">
        <TextField
          label="First name"
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name', { validate: (x) => x.trim().length > 0 || 'Enter your first name' })}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name', { validate: (x) => x.trim().length > 0 || 'Enter your last name' })}
        />
      </div>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={user.email}
        readOnly
        hint="To change your email, contact us."
        name="email"
      />
      <TextField
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        error={errors.phone?.message}
        {...register('phone', phoneRules)}
      />
      <TextField
        label="Birthday"
        optional
        type="date"
        autoComplete="bday"
        error={errors.birthday?.message}
        {...register('birthday', { validate: validateBirthday })}
      />
      <button type="submit" className="hh-acct-btn hh-acct-btn--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save details'}
      </button>
      <Status message={status} />
    </form>
  );
}

/** The form's values: the names of the request (PATCH /api/user/settings). */
interface Notify {
  email_offers: boolean;
  sms_offers: boolean;
  paperless_receipts: boolean;
}

export function NotificationsForm({ user }: { user: User }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const s = user.settings;
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting, dirtyFields },
  } = useForm<Notify>({
    defaultValues: {
      email_offers: s?.email_offers === true,
      sms_offers: s?.sms_offers === true,
      paperless_receipts: s?.paperless_receipts === true,
    },
  });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setStatus(null);
    // Only the settings the member changed are sent: one left alone here keeps the
    // value it has on the server, even if another device changed it meanwhile.
    const changed: Partial<Notify> = {};
    for (const k of Object.keys(dirtyFields) as (keyof Notify)[]) {
      if (dirtyFields[k]) changed[k] = v[k];
    }
    try {
      const r = await updateSettings(changed);
      setUser(r.user);
      reset({
        email_offers: r.user.settings?.email_offers === true,
        sms_offers: r.user.settings?.sms_offers === true,
        paperless_receipts: r.user.settings?.paperless_receipts === true,
      });
      setStatus('Your notification settings are saved.');
    } catch (e) {
      setFormError(applyServerErrors(e, () => undefined, []));
    }
  });
  return (
    <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <fieldset>
        <legend className="visually-hidden">Notifications</legend>
        <CheckboxField label="Email me offers and news" {...register('email_offers')} />
        <CheckboxField label="Text me offers" hint="Message and data rates may apply." {...register('sms_offers')} />
        <CheckboxField label="Paperless receipts by email" {...register('paperless_receipts')} />
      </fieldset>
      <button type="submit" className="hh-acct-btn hh-acct-btn--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Save notification settings'}
      </button>
      <Status message={status} />
    </form>
  );
}

export function PasswordForm({ user }: { user: User }) {
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting },
  } = useForm<{ current: string; password: string }>({ defaultValues: { current: '', password: '' } });
  const password = useWatch({ control, name: 'password' });
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setStatus(null);
    try {
      await changePassword(v.current, v.password);
      reset();
      setStatus('Your password is changed.');
    } catch (e) {
      // The edge names these fields as the request does: current and password.
      setFormError(applyServerErrors(e, setError, ['current', 'password']));
    }
  });
  return (
    <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <FormAlert message={formError} />
      <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        error={errors.current?.message}
        {...register('current', { required: 'Enter your current password' })}
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        rules
        value={password}
        error={errors.password?.message}
        {...register('password', { validate: validatePassword })}
      />
      <button type="submit" className="hh-acct-btn hh-acct-btn--primary" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : 'Change password'}
      </button>
      <Status message={status} />
    </form>
  );
}
