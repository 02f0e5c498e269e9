import { EyeIcon, EyeOffIcon, LockKeyholeIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SignInSchema, SIGN_IN_FAILED_MESSAGE } from '@/domain/auth';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { isApiError } from '@/client/lib/api-client';
import { useSignIn } from './manage-api';

function describeSignInError(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 401) return SIGN_IN_FAILED_MESSAGE;
    if (error.message) return error.message;
  }
  return 'Sign-in failed. Please try again.';
}

/** Spec section 2, login gate; the check itself happens on the server (DESIGN.md section 2). */
export function LoginGate() {
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const ids = { email: useId(), password: useId(), message: useId(), title: useId() };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const parsed = SignInSchema.safeParse({ email, password });
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? SIGN_IN_FAILED_MESSAGE);
      return;
    }
    setMessage(null);
    signIn.mutate(parsed.data, {
      onError: (error) => {
        setMessage(describeSignInError(error));
        setPassword('');
      },
    });
  };

  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <LockKeyholeIcon className="size-5" aria-hidden="true" />
          </span>
          <h1 id={ids.title} className="font-display text-3xl font-semibold">
            Villa Management Access
          </h1>
          <CardDescription>Please sign in to access the villa management system</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit} noValidate aria-labelledby={ids.title}>
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Username</Label>
              <Input
                id={ids.email}
                type="email"
                name="email"
                autoComplete="username"
                inputMode="email"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? ids.message : undefined}
                placeholder="name@company.com"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.password}>Password</Label>
              <div className="relative">
                <Input
                  id={ids.password}
                  type={showPassword ? 'text' : 'password'}
                  name="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? ids.message : undefined}
                  className="pr-11"
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="absolute top-0 right-0"
                  aria-label={showPassword ? 'Hide password' : 'Show password'}
                  aria-pressed={showPassword}
                  aria-controls={ids.password}
                  onClick={() => setShowPassword((shown) => !shown)}
                >
                  {showPassword ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
                </Button>
              </div>
            </div>
            <p id={ids.message} role="alert" className="min-h-5 text-sm font-medium text-destructive">
              {message}
            </p>
            <Button
              type="submit"
              className="w-full"
              disabled={signIn.isPending}
              aria-disabled={signIn.isPending}
            >
              {signIn.isPending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
