// /account/signup (docs/routes.md): join Henhouse Rewards, with a location selector card for
// the favorite location. Signed in on success (docs/identity.md).
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from '@henhouse/kit/router';
import type { ScreenProps } from '@henhouse/kit/screen';
import { signUp } from '@henhouse/kit/api/account';
import { useAppStore } from '@henhouse/kit/state/store';
import { brandName, rewardsName } from '@henhouse/kit/brand';
import { ScreenFrame } from '@henhouse/kit/ui/ScreenFrame';
import {
  CheckboxField,
  FormAlert,
  PasswordField,
  RecaptchaNotice,
  TextField,
  validatePassword,
} from '@henhouse/kit/ui/forms/Field';
import { emailRules, phoneDigits, phoneRules } from '@henhouse/kit/ui/forms/rules';
import { applyServerErrors } from '@henhouse/kit/ui/forms/serverErrors';
import { botHeaders } from '@henhouse/kit/botcheck/headers';
import { safeReturn } from '@henhouse/kit/session/returnPath';
import { validateBirthday } from '../forms/rules';
import { storeSignedIn } from '../lib/session';
import type { Location } from '@henhouse/kit/api/types';
import { LocationSelector } from '../locations/LocationSelector';
import '../account.css';

interface SignUpForm {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  birthday: string;
  marketing_opt_in: boolean;
  favorite_location_id: string;
}
const fieldNames = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
  'birthday',
  'marketing_opt_in',
  'favorite_location_id',
] as const;

export default function SignUp({ query }: ScreenProps) {
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const chosenLocation = useAppStore((s) => s.location);
  const [favorite, setFavorite] = useState<Location | null>(chosenLocation);
  const [formError, setFormError] = useState<string | null>(null);
  const dest = safeReturn(query.return);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignUpForm>({
    defaultValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      password: '',
      birthday: '',
      marketing_opt_in: false,
      favorite_location_id: chosenLocation?.id ?? '',
    },
  });

  const password = useWatch({ control, name: 'password' });

  useEffect(() => {
    if (user) navigate(dest, { replace: true });
  }, [user, dest, navigate]);

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const headers = await botHeaders('signup');
      const body = {
        first_name: v.first_name.trim(),
        last_name: v.last_name.trim(),
        email: v.email.trim(),
        phone: phoneDigits(v.phone),
        password: v.password,
        favorite_location_id: v.favorite_location_id,
        ...(v.birthday ? { birthday: v.birthday } : {}),
        marketing_opt_in: v.marketing_opt_in,
      };
      const r = await signUp(body, headers);
      storeSignedIn(r); // the effect above moves on
    } catch (e) {
      setFormError(applyServerErrors(e, setError, fieldNames));
    }
  });

  return (
    <ScreenFrame name="mf-account/SignUp" title="Sign Up">
      <div className="hh-acct">
        <div className="hh-acct-card">
          <p className="hh-acct-aside">
            Join {rewardsName()}: earn points on every order and get rewards, offers and a birthday treat. Already a
            member?{' '}
            <Link to={query.return ? `/account/signin?return=${encodeURIComponent(query.return)}` : '/account/signin'}>
              Sign in
            </Link>
          </p>
          <form className="hh-acct-form" onSubmit={submit} noValidate aria-busy={isSubmitting}>
            <FormAlert message={formError} />
            <p className="hh-form-field__hint">All fields are required unless marked optional.</p>
            <div className="hh-acct-grid hh-acct-grid--2">
              <TextField
                label="First name"
                autoComplete="given-name"
                error={errors.first_name?.message}
                {...register('first_name', {
                  required: 'Enter your first name',
                  validate: (x) => x.trim().length > 0 || 'Enter your first name',
                })}
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                error={errors.last_name?.message}
                {...register('last_name', {
                  required: 'Enter your last name',
                  validate: (x) => x.trim().length > 0 || 'Enter your last name',
                })}
              />
            </div>
            <TextField
              label="Email"
              type="email"
              inputMode="email"
              autoComplete="email"
              error={errors.email?.message}
              {...register('email', emailRules)}
            />
            <TextField
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              hint="For order updates and sign-in codes"
              error={errors.phone?.message}
              {...register('phone', phoneRules)}
            />
            <PasswordField
              label="Password"
              autoComplete="new-password"
              rules
              value={password}
              error={errors.password?.message}
              {...register('password', { validate: validatePassword })}
            />
            <TextField
              label="Birthday"
              optional
              type="date"
              autoComplete="bday"
              hint="We'll send you a treat on your birthday"
              error={errors.birthday?.message}
              {...register('birthday', { validate: validateBirthday })}
            />
            <Controller
              name="favorite_location_id"
              control={control}
              rules={{ required: 'Choose your favorite location' }}
              render={({ field, fieldState }) => (
                <LocationSelector
                  legend="Favorite location"
                  value={favorite}
                  onChange={(loc) => {
                    setFavorite(loc);
                    field.onChange(loc.id);
                  }}
                  error={fieldState.error?.message}
                  focusRef={field.ref}
                />
              )}
            />
            <CheckboxField
              label={`Email me offers and news from ${brandName()}`}
              error={errors.marketing_opt_in?.message}
              {...register('marketing_opt_in')}
            />
            <button
              type="submit"
              className="hh-acct-btn hh-acct-btn--primary hh-acct-btn--full"
              disabled={isSubmitting}
            >
              {isSubmitting ? 'Creating your account…' : 'Create account'}
            </button>
            <RecaptchaNotice />
          </form>
        </div>
      </div>
    </ScreenFrame>
  );
}
