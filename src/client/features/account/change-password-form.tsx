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
          <InputField
            label="Current password"
            error={formState.errors.currentPassword}
            required
            type="password"
            autoComplete="current-password"
            {...register('currentPassword')}
          />
          <InputField
            label="New password"
            error={formState.errors.newPassword}
            required
            type="password"
            autoComplete="new-password"
            {...register('newPassword')}
          />
          <InputField
            label="Repeat new password"
            error={formState.errors.confirmPassword}
            required
            type="password"
            autoComplete="new-password"
            {...register('confirmPassword')}
          />
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
