import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, InputField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { GuestLanguageField } from './guest-language-field';

// The fields adding a booking and editing one both ask, and how the edit shows the ones it cannot change.

type Errors<Field extends string> = Partial<Record<Field, { message?: string }>>;
/** The booking form's `register`, for the fields a component renders. */
type Register<Field extends string> = <Name extends Field>(name: Name) => UseFormRegisterReturn<Name>;

/** A field that cannot change is read-only and looks it, not only behaves it. */
export function lockInput(locked: boolean) {
  return { readOnly: locked, className: locked ? 'bg-muted text-muted-foreground' : undefined };
}

/** The stay's dates; `locked` where they cannot change (a channel's stay, a settled one). */
export function StayDateFields({
  register,
  errors,
  locked = false,
}: {
  register: Register<'check_in' | 'check_out'>;
  errors: Errors<'check_in' | 'check_out'>;
  locked?: boolean;
}) {
  return (
    <>
      <FormField label="Check-in" required error={errors.check_in}>
        {(props) => <Input {...props} type="date" {...lockInput(locked)} {...register('check_in')} />}
      </FormField>
      <FormField label="Check-out" required error={errors.check_out}>
        {(props) => <Input {...props} type="date" {...lockInput(locked)} {...register('check_out')} />}
      </FormField>
    </>
  );
}

type GuestField = 'guest_name' | 'guest_email' | 'guest_phone' | 'guest_language';

/** Who the guest is and how to reach them. */
export function GuestContactFields({
  register,
  errors,
}: {
  register: Register<GuestField>;
  errors: Errors<GuestField>;
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
