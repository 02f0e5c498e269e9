import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '@/client/components/ui/form';
import { GuestLanguageField } from './guest-language-field';

type GuestField = 'guest_name' | 'guest_email' | 'guest_phone' | 'guest_language';

/** Who the guest is and how to reach them: the same four fields when a booking is added and when it is edited. */
export function GuestContactFields({
  register,
  errors,
}: {
  /** The booking form's `register`. */
  register: <Name extends GuestField>(name: Name) => UseFormRegisterReturn<Name>;
  errors: Partial<Record<GuestField, { message?: string }>>;
}) {
  return (
    <>
      <InputField label="Guest name" required error={errors.guest_name} {...register('guest_name')} />
      <InputField
        label="Guest email"
        required
        error={errors.guest_email}
        type="email"
        {...register('guest_email')}
      />
      <InputField label="Guest phone" error={errors.guest_phone} type="tel" {...register('guest_phone')} />
      <GuestLanguageField error={errors.guest_language} registration={register('guest_language')} />
    </>
  );
}
