import { z } from 'zod';

export const SIGN_IN_FAILED_MESSAGE = 'Invalid username or password';

/** Sign-in: the username is the operator's e-mail address. */
export const SignInSchema = z.object({
  email: z
    .string({ error: 'Username must be an email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Username must be at most 254 characters')
    .pipe(z.email({ error: 'Username must be an email address' })),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(200, 'Password must be at most 200 characters'),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const MIN_PASSWORD_LENGTH = 10;

export const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(200, 'Password must be at most 200 characters');

export const OperatorSchema = z.object({ id: z.uuid(), email: z.string() });
export type Operator = z.infer<typeof OperatorSchema>;

export const SessionResponseSchema = z.object({ operator: OperatorSchema });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
export type SignInInput = z.input<typeof SignInSchema>;
