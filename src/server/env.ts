import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NewPasswordSchema } from '../domain/auth';

const booleanText = (name: string, fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return fallback;
      const normalised = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(normalised)) return true;
      if (['false', '0', 'no', 'off'].includes(normalised)) return false;
      ctx.addIssue({ code: 'custom', message: `${name} must be true or false, got "${value}"` });
      return z.NEVER;
    });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int('PORT must be a whole number')
      .min(0, 'PORT must be between 0 and 65535')
      .max(65535, 'PORT must be between 0 and 65535')
      .default(3000),
    HOST: z.string().trim().min(1, 'HOST must not be empty').default('127.0.0.1'),
    DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value), {
        message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
      })
      .refine((value) => value === undefined || URL.canParse(value), {
        message: 'DATABASE_URL is not a valid URL',
      }),
    OPERATOR_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.email({ error: 'OPERATOR_EMAIL must be an email address' }).optional()),
    OPERATOR_PASSWORD: z
      .string()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(NewPasswordSchema.optional()),
    SEED_DEMO: booleanText('SEED_DEMO', true),
    SITE_PROPERTY_ID: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.uuid({ error: 'SITE_PROPERTY_ID must be a property id (a UUID)' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_TTL_HOURS: z.coerce
      .number({ error: 'SESSION_TTL_HOURS must be a number' })
      .positive('SESSION_TTL_HOURS must be more than 0')
      .max(24 * 90, 'SESSION_TTL_HOURS must be at most 2160 (90 days)')
      .default(24 * 7),
    SESSION_IDLE_HOURS: z.coerce
      .number({ error: 'SESSION_IDLE_HOURS must be a number' })
      .positive('SESSION_IDLE_HOURS must be more than 0')
      .max(24 * 90, 'SESSION_IDLE_HOURS must be at most 2160 (90 days)')
      .default(12),
    // How many reverse proxies stand in front (their X-Forwarded-* headers are believed); true means 1.
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const text = (value ?? '').trim().toLowerCase();
        if (text === '' || text === 'false' || text === '0') return 0;
        if (text === 'true') return 1;
        if (/^[1-9]\d?$/.test(text)) return Number(text);
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY must be false, true or a number of proxies, got "${value}"`,
        });
        return z.NEVER;
      }),
    BOOKING_REQUESTS_PER_HOUR: z.coerce
      .number({ error: 'BOOKING_REQUESTS_PER_HOUR must be a number' })
      .int('BOOKING_REQUESTS_PER_HOUR must be a whole number')
      .min(1, 'BOOKING_REQUESTS_PER_HOUR must be at least 1')
      .default(20),
    // What unanswered guest requests may hold at once, so no stranger can make the calendar unbookable.
    REQUEST_PENDING_PER_NETWORK: z.coerce
      .number({ error: 'REQUEST_PENDING_PER_NETWORK must be a number' })
      .int('REQUEST_PENDING_PER_NETWORK must be a whole number')
      .min(1, 'REQUEST_PENDING_PER_NETWORK must be at least 1')
      .default(2),
    REQUEST_PENDING_PER_EMAIL: z.coerce
      .number({ error: 'REQUEST_PENDING_PER_EMAIL must be a number' })
      .int('REQUEST_PENDING_PER_EMAIL must be a whole number')
      .min(1, 'REQUEST_PENDING_PER_EMAIL must be at least 1')
      .default(2),
    REQUEST_PENDING_NIGHTS_MAX: z.coerce
      .number({ error: 'REQUEST_PENDING_NIGHTS_MAX must be a number' })
      .int('REQUEST_PENDING_NIGHTS_MAX must be a whole number')
      .min(30, 'REQUEST_PENDING_NIGHTS_MAX must be at least 30 (the longest stay a guest can request)')
      .default(60),
    BUILD_DIR: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    // Channel sync: calendars imported from Airbnb, Booking.com and others.
    CHANNEL_ALLOW_PRIVATE_URLS: booleanText('CHANNEL_ALLOW_PRIVATE_URLS', false),
    CHANNEL_SYNC_MINUTES: z.coerce
      .number({ error: 'CHANNEL_SYNC_MINUTES must be a number' })
      .int('CHANNEL_SYNC_MINUTES must be a whole number')
      .min(5, 'CHANNEL_SYNC_MINUTES must be at least 5 (channels ask not to be polled more often)')
      .max(1440, 'CHANNEL_SYNC_MINUTES must be at most 1440 (one day)')
      .default(15),
    CHANNEL_STALE_HOURS: z.coerce
      .number({ error: 'CHANNEL_STALE_HOURS must be a number' })
      .positive('CHANNEL_STALE_HOURS must be more than 0')
      .max(24 * 30, 'CHANNEL_STALE_HOURS must be at most 720 (30 days)')
      .default(6),
    // Backups: the daily backup keeps the newest BACKUP_KEEP (0 turns it off; npm run backup still works).
    // An empty value means the default here: it must not silently turn the backups off as 0 would.
    BACKUP_KEEP: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ error: 'BACKUP_KEEP must be a number' })
        .int('BACKUP_KEEP must be a whole number')
        .min(0, 'BACKUP_KEEP must be 0 (no daily backup) or more')
        .max(365, 'BACKUP_KEEP must be at most 365')
        .default(7),
    ),
    BACKUP_DIR: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    // Messages: e-mail to guests and the operator. Without SMTP_URL they are written to MAIL_OUTBOX_DIR.
    SMTP_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) => value === undefined || (URL.canParse(value) && /^smtps?:$/.test(new URL(value).protocol)),
        {
          message: 'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587',
        },
      ),
    MAIL_FROM: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || 'Shanti Villa Retreat <stay@shantivilla.example.com>')
      .refine((value) => /^([^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/.test(value), {
        message: 'MAIL_FROM must be an address, e.g. "Shanti Villa Retreat <stay@example.com>"',
      }),
    MAIL_OUTBOX_DIR: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined)),
    OPERATOR_NOTIFY_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => (value ? value : undefined))
      .pipe(z.email({ error: 'OPERATOR_NOTIFY_EMAIL must be an email address' }).optional()),
    REQUEST_HOLD_HOURS: z.coerce
      .number({ error: 'REQUEST_HOLD_HOURS must be a number' })
      .positive('REQUEST_HOLD_HOURS must be more than 0')
      .max(24 * 30, 'REQUEST_HOLD_HOURS must be at most 720 (30 days)')
      .default(48),
    // How long a guest's request holds its nights before the guest confirms it from their e-mail.
    REQUEST_VERIFY_MINUTES: z.coerce
      .number({ error: 'REQUEST_VERIFY_MINUTES must be a number' })
      .int('REQUEST_VERIFY_MINUTES must be a whole number')
      .min(5, 'REQUEST_VERIFY_MINUTES must be at least 5 (time to find the e-mail)')
      .max(24 * 60, 'REQUEST_VERIFY_MINUTES must be at most 1440 (one day)')
      .default(30),
    PUBLIC_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine(
        (value) => value === undefined || (URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
        {
          message: 'PUBLIC_URL must be an http:// or https:// URL, e.g. https://shantivilla.example.com',
        },
      ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.OPERATOR_EMAIL) !== Boolean(env.OPERATOR_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.OPERATOR_EMAIL ? 'OPERATOR_PASSWORD' : 'OPERATOR_EMAIL'],
        message: 'OPERATOR_EMAIL and OPERATOR_PASSWORD must be set together',
      });
    }
  });

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export type Env = z.output<typeof EnvSchema> & { dataDir: string; clientDir: string; mailOutboxDir: string };

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Loads `.env` from the working directory into `process.env` when the file exists. Variables already
 * set in the environment win over the file.
 */
export function loadDotEnv(path = '.env') {
  if (existsSync(path)) process.loadEnvFile(path);
}

/** Reads and validates the environment; the only place that reads `process.env`. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || 'environment';
      return issue.message.startsWith(name) ? `- ${issue.message}` : `- ${name}: ${issue.message}`;
    });
    throw new EnvError(`Invalid environment variables:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: resolve(parsed.data.DATA_DIR),
    clientDir: parsed.data.BUILD_DIR ? resolve(parsed.data.BUILD_DIR, 'client') : DEFAULT_CLIENT_DIR,
    mailOutboxDir: resolve(parsed.data.MAIL_OUTBOX_DIR ?? resolve(parsed.data.DATA_DIR, 'outbox')),
  };
}

/** The process environment with some variables replaced (the CLI ignores OPERATOR_* for instance). */
export function readEnvWith(overrides: Record<string, string | undefined>): Env {
  return readEnv({ ...process.env, ...overrides });
}

/** The environment a child process (pg_dump, pg_restore) runs with: this process's, plus `extra`. */
export function readChildProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Test settings; tests read them here so that no other module touches `process.env`. */
export function readTestEnv(source: Record<string, string | undefined> = process.env) {
  return {
    databaseUrl: source.TEST_DATABASE_URL || undefined,
    e2eDatabaseUrl: source.E2E_DATABASE_URL || undefined,
    baseUrl: source.E2E_BASE_URL || undefined,
    chromiumPath: source.CHROME_PATH || '/usr/bin/chromium',
    buildDir: source.BUILD_DIR || undefined,
    reuseBuild: source.E2E_REUSE_BUILD === '1',
  };
}
