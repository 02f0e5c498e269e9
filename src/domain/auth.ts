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

/** Changing the password in the management area: the current one is asked for again. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(200, 'Password must be at most 200 characters'),
    newPassword: z.string({ error: 'New password is required' }).pipe(NewPasswordSchema),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  });
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The form adds a confirmation, checked in the browser only. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required').max(200),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string().min(1, 'Repeat the new password'),
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ['newPassword'],
    message: 'The new password must differ from the current one',
  })
  .refine((value) => value.confirmPassword === value.newPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords do not match',
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'The current password is not correct';

export const ChangePasswordResponseSchema = z.object({
  changed: z.literal(true),
  /** How many other sessions were signed out. */
  endedSessions: z.number().int(),
});
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponseSchema>;

export const OperatorSessionSchema = z.object({
  id: z.uuid(),
  /** Browser and system, from the user agent ("Chrome on Windows"). */
  device: z.string(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});
export type OperatorSession = z.infer<typeof OperatorSessionSchema>;

export const SessionListSchema = z.object({ sessions: z.array(OperatorSessionSchema) });
export type SessionList = z.infer<typeof SessionListSchema>;

export const SessionIdParamsSchema = z.object({
  sessionId: z.uuid({ error: 'Session id must be a UUID' }),
});
