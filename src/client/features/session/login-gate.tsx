import { zodResolver } from '@hookform/resolvers/zod';
import { EyeIcon, EyeOffIcon, LockKeyholeIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SIGN_IN_FAILED_MESSAGE, SignInSchema, type SignIn, type SignInInput } from '@/domain/auth';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { FormAlert, FormField, InputField } from '@/client/components/ui/form';
import { Input } from '@/client/components/ui/input';
import { getErrorMessage, isApiError } from '@/client/lib/api-client';
import { useSignIn } from './session-api';

/**
 * The sign-in screen of the management area. The server checks the password and answers no sooner than
 * 800 ms; any mismatch reads 'Invalid username or password'.
 */
export function LoginGate() {
  const signIn = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const titleId = useId();
  const form = useForm<SignInInput, unknown, SignIn>({
    resolver: zodResolver(SignInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { register, formState } = form;

  const submit = form.handleSubmit((values) => {
    if (signIn.isPending) return;
    signIn.mutate(values, { onError: () => form.resetField('password') });
  });
  const failure = signIn.error
    ? isApiError(signIn.error, 401)
      ? SIGN_IN_FAILED_MESSAGE
      : getErrorMessage(signIn.error, 'Sign-in failed. Please try again.')
    : null;

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <LockKeyholeIcon className="size-5" aria-hidden="true" />
          </span>
          <h1 id={titleId} className="font-display text-3xl font-semibold">
            Villa Management Access
          </h1>
          <CardDescription>Please sign in to access the villa management system</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit} noValidate aria-labelledby={titleId}>
            <InputField
              label="Username"
              error={formState.errors.email}
              {...register('email')}
              type="email"
              autoComplete="username"
              inputMode="email"
              placeholder="name@company.com"
            />
            <FormField label="Password" error={formState.errors.password}>
              {(props) => (
                <div className="relative">
                  <Input
                    {...props}
                    {...register('password')}
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    className="pr-11"
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="absolute top-0 right-0"
                    aria-label={showPassword ? 'Hide password' : 'Show password'}
                    aria-pressed={showPassword}
                    aria-controls={props.id}
                    onClick={() => setShowPassword((shown) => !shown)}
                  >
                    {showPassword ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                  </Button>
                </div>
              )}
            </FormField>
            {failure && !signIn.isPending ? <FormAlert>{failure}</FormAlert> : null}
            <Button type="submit" className="w-full" disabled={signIn.isPending}>
              {signIn.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
