import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ChangePasswordFormSchema, MIN_PASSWORD_LENGTH, type ChangePasswordForm } from '@/domain/auth';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, InputField } from '@/client/components/ui/form';
import { ApiError, getErrorMessage } from '@/client/lib/api-client';
import { useChangePassword } from './account-api';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

// The browser's password manager offers the saved password for the first, a new one for the others.
const PASSWORD_FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Repeat new password', autoComplete: 'new-password' },
] as const;

/** Changing the password: the current one is asked for again, and every other session ends. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(ChangePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const { register, formState } = form;

  const submit = form.handleSubmit(({ currentPassword, newPassword }) => {
    if (change.isPending) return;
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ endedSessions }) => {
          form.reset(EMPTY);
          toast.success('Password changed', {
            description:
              endedSessions === 0
                ? 'No other device was signed in.'
                : `${endedSessions} other session${endedSessions === 1 ? ' was' : 's were'} signed out.`,
          });
        },
        onError: (error) => {
          // A wrong current password belongs to its field; what was typed elsewhere stays.
          const field = error instanceof ApiError ? error.field : undefined;
          if (field === 'currentPassword' || field === 'newPassword') {
            form.setError(field, { message: error.message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const fieldError = change.error instanceof ApiError ? change.error.field : undefined;
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-semibold">Change password</h2>
        <CardDescription>
          At least {MIN_PASSWORD_LENGTH} characters. Every other device signed in to this account is signed
          out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid max-w-md gap-4">
          {change.isError && !fieldError ? (
            <FormAlert>{getErrorMessage(change.error, 'The password could not be changed')}</FormAlert>
          ) : null}
          {PASSWORD_FIELDS.map(({ name, label, autoComplete }) => (
            <InputField
              key={name}
              label={label}
              error={formState.errors[name]}
              required
              type="password"
              autoComplete={autoComplete}
              {...register(name)}
            />
          ))}
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Changing...' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
