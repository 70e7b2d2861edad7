// Who the order is for: first and last name, email and phone. A member's come from
// their account; a guest types them (and may create an account after ordering).
import type { UseFormReturn } from 'react-hook-form';
import { TextField } from '@henhouse/kit/ui/forms/Field';
import { emailRules, phoneRules } from '@henhouse/kit/ui/forms/rules';

export interface ContactValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
}

export function Contact({ form, member }: { form: UseFormReturn<ContactValues>; member: boolean }) {
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <section className="hh-checkout__part" aria-labelledby="co-contact">
      <h2 id="co-contact">Your details</h2>
      <p className="hh-checkout__hint">
        {member
          ? 'From your account. Changes here are for this order only.'
          : 'We send your receipt and order updates here.'}
      </p>
      <div className="hh-checkout__grid">
        <TextField
          label="First name"
          autoComplete="given-name"
          maxLength={50}
          error={errors.first_name?.message}
          {...register('first_name', { required: 'Enter your first name', maxLength: 50 })}
        />
        <TextField
          label="Last name"
          autoComplete="family-name"
          maxLength={50}
          error={errors.last_name?.message}
          {...register('last_name', { required: 'Enter your last name', maxLength: 50 })}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email', emailRules)}
        />
        <TextField
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          hint="For questions about your order"
          error={errors.phone?.message}
          {...register('phone', phoneRules)}
        />
      </div>
    </section>
  );
}
