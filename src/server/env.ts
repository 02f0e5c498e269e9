import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { NewPasswordSchema } from '../domain/auth';
import { isVpa, UPI_PAYEE_NAME_MAX } from '../domain/upi';
import { site } from '../content/site';

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

/** A value that is unset when empty; never echoed in a message (it may be a secret). */
const optionalSecret = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined));

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
    CHANNEL_EMPTY_CONFIRM_MINUTES: z.coerce
      .number({ error: 'CHANNEL_EMPTY_CONFIRM_MINUTES must be a number' })
      .int('CHANNEL_EMPTY_CONFIRM_MINUTES must be a whole number')
      .min(1, 'CHANNEL_EMPTY_CONFIRM_MINUTES must be at least 1 (a cut-off answer must not reopen nights)')
      .max(1440, 'CHANNEL_EMPTY_CONFIRM_MINUTES must be at most 1440 (one day)')
      .default(10),
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
    // Payments: UPI straight to the operator's own UPI ID (no gateway); unset, guests are told another way.
    UPI_VPA: z
      .string()
      .trim()
      .toLowerCase()
      .optional()
      .transform((value) => (value ? value : undefined))
      .refine((value) => value === undefined || isVpa(value), {
        message: 'UPI_VPA must be a UPI ID (name@handle), e.g. shantivilla@okaxis',
      }),
    UPI_PAYEE_NAME: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || site.brandName)
      .refine((value) => value.length <= UPI_PAYEE_NAME_MAX && !/[\p{Cc}]/u.test(value), {
        message: `UPI_PAYEE_NAME must be at most ${UPI_PAYEE_NAME_MAX} characters on one line`,
      }),
    // Razorpay (Payment Links and their webhook): all three or none.
    RAZORPAY_KEY_ID: optionalSecret().refine(
      (value) => value === undefined || /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/.test(value),
      { message: 'RAZORPAY_KEY_ID must be a Razorpay key id, e.g. rzp_live_AbCdEf123456 (or rzp_test_…)' },
    ),
    RAZORPAY_KEY_SECRET: optionalSecret(),
    RAZORPAY_WEBHOOK_SECRET: optionalSecret(),
    RAZORPAY_API_URL: z
      .string()
      .trim()
      .optional()
      .transform((value) => value || 'https://api.razorpay.com')
      .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
        message: 'RAZORPAY_API_URL must be an http:// or https:// URL, e.g. https://api.razorpay.com',
      }),
    // An empty value means the default here, as for BACKUP_KEEP: 0 is a real choice (on the day).
    PAYMENT_REMINDER_DAYS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ error: 'PAYMENT_REMINDER_DAYS must be a number' })
        .int('PAYMENT_REMINDER_DAYS must be a whole number')
        .min(0, 'PAYMENT_REMINDER_DAYS must be between 0 and 30')
        .max(30, 'PAYMENT_REMINDER_DAYS must be between 0 and 30')
        .default(3),
    ),
    // How often the scheduled guest messages (before arrival, after the stay) are looked for.
    SCHEDULED_MESSAGES_MINUTES: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ error: 'SCHEDULED_MESSAGES_MINUTES must be a number' })
        .int('SCHEDULED_MESSAGES_MINUTES must be a whole number of minutes')
        .min(1, 'SCHEDULED_MESSAGES_MINUTES must be between 1 and 60')
        .max(60, 'SCHEDULED_MESSAGES_MINUTES must be between 1 and 60')
        .default(5),
    ),
    // Guests' ID, passport and visa numbers are encrypted with this key (AES-256-GCM); unset, a key is
    // generated into DATA_DIR/guest-data.key at the first start (only on a database that holds no numbers
    // yet). Never echoed (it is a secret).
    GUEST_DATA_KEY: optionalSecret().refine(
      (value) => value === undefined || decodeGuestDataKey(value) !== null,
      {
        message:
          'GUEST_DATA_KEY must be 32 bytes written as 64 hex digits or in base64 (make one with: openssl rand -base64 32)',
      },
    ),
    // Keys that wrote numbers earlier (a key replaced, a restored backup's): read with, never written with.
    // Comma-separated, each as GUEST_DATA_KEY takes it. Never echoed.
    GUEST_DATA_KEYS_OLD: optionalSecret()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .map((key) => key.trim())
          .filter(Boolean),
      )
      .superRefine((keys, ctx) => {
        keys.forEach((key, index) => {
          if (decodeGuestDataKey(key) === null)
            ctx.addIssue({
              code: 'custom',
              message: `GUEST_DATA_KEYS_OLD: key ${index + 1} of ${keys.length} is not a 32-byte key (64 hex digits or base64, as GUEST_DATA_KEY takes it; keys separated by commas)`,
            });
        });
      }),
    GUEST_DATA_RETENTION_DAYS: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ error: 'GUEST_DATA_RETENTION_DAYS must be a number' })
        .int('GUEST_DATA_RETENTION_DAYS must be a whole number of days')
        .min(1, 'GUEST_DATA_RETENTION_DAYS must be at least 1')
        .max(3650, 'GUEST_DATA_RETENTION_DAYS must be at most 3650 (ten years)')
        .default(365),
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
    const razorpay = RAZORPAY_VARIABLES.filter((name) => env[name] !== undefined);
    if (razorpay.length > 0 && razorpay.length < RAZORPAY_VARIABLES.length) {
      for (const name of RAZORPAY_VARIABLES.filter((item) => env[item] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is missing: ${RAZORPAY_VARIABLES.join(', ')} must be set together (or none of them)`,
        });
      }
    }
  });

/**
 * A guest data key as GUEST_DATA_KEY gives it: 64 hex digits, or base64 (standard or URL-safe) of 32 bytes;
 * null when it is neither.
 */
export function decodeGuestDataKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,1}$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes : null;
}

const RAZORPAY_VARIABLES = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

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

/** The configuration of the process environment with some variables replaced (the CLI ignores OPERATOR_* for instance). */
export function readConfigWith(variables: Record<string, string | undefined>): Config {
  return readConfig({ ...process.env, ...variables });
}

/** The environment a child process (pg_dump, pg_restore) runs with: this process's, plus `extra`. */
export function readChildProcessEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}

/** Fastify's log levels, as LOG_LEVEL names them. */
export type LogLevel = Env['LOG_LEVEL'];

/**
 * scrypt's cost as log2 N, the one production hashes with (config.sessions.passwordHashCost). OWASP's
 * minimum for scrypt is N=2^17 with r=8; 2^15 keeps a sign-in under ~100 ms on our 2-core machines, and
 * the parameters are stored in each hash so they can be raised.
 */
export const PRODUCTION_PASSWORD_HASH_COST = 15;

/**
 * Everything the server is configured with, each default stated once: the environment's values (above)
 * and the settings no variable changes (below). Modules take their slice (`config.channels`, …); nothing
 * else holds a default of its own. Frozen, so no module changes what another reads.
 */
export type Config = DeepReadonly<{
  nodeEnv: Env['NODE_ENV'];
  logLevel: LogLevel;
  server: {
    host: string;
    port: number;
    /** How many reverse proxies to believe X-Forwarded-* from (0: none). */
    trustProxy: number;
    /** The built client (dist/client); without it only the API and a placeholder page are served. */
    clientDir: string;
    /** The address the site is reached at, for links in messages and calendar addresses (no trailing slash). */
    publicUrl: string;
  };
  database: {
    /** Unset: the embedded PGlite database in dataDir. */
    url?: string;
    dataDir: string;
  };
  /** The operator account applied at start, and the sample data on an empty database. */
  operator: { email?: string; password?: string; seedDemo: boolean };
  sessions: {
    ttlMs: number;
    /** Sessions unused this long end. */
    idleMs: number;
    /** A sign-in is answered no sooner than this (a brake on guessing). */
    signInDelayMs: number;
    /**
     * scrypt's cost (log2 N) for new password hashes and the decoy checked for unknown e-mails. Not read
     * from the environment: tests lower it, as each hash at production's cost takes ~100 ms of a core.
     */
    passwordHashCost: number;
    signInLimits: {
      windowMs: number;
      perAccountAndNetwork: number;
      perNetwork: number;
      perAccount: number;
      perDevice: number;
    };
  };
  /** Guests' booking requests. */
  requests: {
    /** The property the public booking form books; else the oldest active one. */
    siteProperty?: string;
    /** Booking requests allowed per network per hour. */
    perHour: number;
    /** What unanswered guest requests may hold at once. */
    pending: { perNetwork: number; perEmail: number; nightsMax: number };
    /** Guest request page lookups allowed per network per minute. */
    pageLookupsPerMinute: number;
  };
  /** What messages to guests and the operator say and when requests lapse. */
  messages: {
    /** Where the operator's notifications go; the property owner's e-mail when unset. */
    operatorNotifyEmail?: string;
    /** How long a guest's request is held unanswered before it lapses. */
    holdHours: number;
    /** How long a new request holds its nights before the guest confirms it from their e-mail. */
    verifyMinutes: number;
    /** The domain of Message-IDs. */
    messageIdDomain: string;
    /** Minutes between the passes that send the scheduled guest messages (before arrival, after the stay). */
    scheduledEveryMinutes: number;
  };
  /** How messages leave: SMTP, or files in the outbox folder. */
  mail: {
    smtpUrl?: string;
    from: string;
    outboxDir: string;
    /** Milliseconds between the sender's passes; 0: no timer (tests call the passes themselves). */
    pollMs: number;
    delivery: {
      /** Attempts before a message is marked failed. */
      maxAttempts: number;
      /** The wait before the first retry; doubled after each failed attempt, up to maxRetryMs. */
      retryBaseMs: number;
      maxRetryMs: number;
      /** How long a claimed message is this process's alone; a crashed sender's claims run out after it. */
      claimMs: number;
      batchSize: number;
    };
  };
  /** Calendars imported from Airbnb, Booking.com and others. */
  channels: {
    /** Fetch feeds from loopback and private addresses (tests and local use). */
    allowPrivateUrls: boolean;
    /** Minutes between scheduled syncs of a connection. */
    syncMinutes: number;
    /** Hours without a successful sync after which a connection is flagged. */
    staleHours: number;
    /**
     * Minutes a channel's calendar must stay empty (a second empty answer at least this long after the
     * first) before the nights it held reopen: one empty answer may be a cut-off one.
     */
    emptyConfirmMinutes: number;
    fetchTimeoutMs: number;
    maxFeedBytes: number;
    maxRedirects: number;
    /** The longest a calendar may take to read (in a worker thread) before the sync fails; unset: the reader's own limit. */
    parseTimeoutMs?: number;
    /** Private addresses fetched all the same (tests serve feeds on one loopback address). */
    trustedAddresses: string[];
    /** How long 'Sync now' waits for a sync another process is running. */
    syncWaitMs: number;
  };
  backups: {
    /** Where backups are written (BACKUP_DIR, else DATA_DIR/backups). */
    dir: string;
    /** Daily backups kept; 0 turns the daily backup off. */
    keep: number;
  };
  /** How guests pay. */
  payments: {
    /** UPI to the operator's own UPI ID, for stays in rupees; null: no UPI. */
    upi: { vpa: string; payeeName: string } | null;
    /** Days before a balance falls due that the guest is reminded of it. */
    reminderDays: number;
    /** Razorpay Payment Links and their webhook; null: not set up. */
    razorpay: RazorpayConfig | null;
  };
  /** Guests' check-in details (the register and Form C). */
  guestData: {
    /** GUEST_DATA_KEY as given (hex or base64); unset: the key in keyFile, generated there at first. */
    key?: string;
    /** GUEST_DATA_KEYS_OLD: keys that only read numbers written earlier (as given, hex or base64). */
    oldKeys: readonly string[];
    /**
     * Where a generated key is kept: DATA_DIR/guest-data.key, outside the database and its backups. It is
     * generated only on a database that holds no numbers yet.
     */
    keyFile: string;
    /** Days after a stay's check-out that its guests' details are deleted. */
    retentionDays: number;
    /** Milliseconds between the retention job's passes. */
    retentionEveryMs: number;
  };
}>;

export type RazorpayConfig = {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Razorpay's API (https://api.razorpay.com), or a stand-in in tests; no trailing slash. */
  apiUrl: string;
  /** How long a call to Razorpay may take before the operator is told it failed. */
  timeoutMs: number;
};

type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

/** A part of the configuration to replace (tests, the CLIs): objects merge, anything else replaces. */
export type ConfigOverrides = DeepPartial<Config>;
type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { -readonly [Key in keyof T]?: DeepPartial<T[Key]> }
    : T;

/** The configuration of a validated environment, with each of `overrides` merged in, in turn. */
export function buildConfig(env: Env, ...overrides: ConfigOverrides[]): Config {
  const publicUrl = (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, '');
  const fromDomain = /@([^>\s]+)>?\s*$/.exec(env.MAIL_FROM)?.[1];
  const config = {
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    server: {
      host: env.HOST,
      port: env.PORT,
      trustProxy: env.TRUST_PROXY,
      clientDir: env.clientDir,
      publicUrl,
    },
    database: { url: env.DATABASE_URL, dataDir: env.dataDir },
    operator: { email: env.OPERATOR_EMAIL, password: env.OPERATOR_PASSWORD, seedDemo: env.SEED_DEMO },
    sessions: {
      ttlMs: env.SESSION_TTL_HOURS * 3_600_000,
      idleMs: env.SESSION_IDLE_HOURS * 3_600_000,
      signInDelayMs: 800,
      passwordHashCost: PRODUCTION_PASSWORD_HASH_COST,
      signInLimits: {
        windowMs: 15 * 60_000,
        perAccountAndNetwork: 5,
        perNetwork: 20,
        perAccount: 20,
        perDevice: 10,
      },
    },
    requests: {
      siteProperty: env.SITE_PROPERTY_ID,
      perHour: env.BOOKING_REQUESTS_PER_HOUR,
      pending: {
        perNetwork: env.REQUEST_PENDING_PER_NETWORK,
        perEmail: env.REQUEST_PENDING_PER_EMAIL,
        nightsMax: env.REQUEST_PENDING_NIGHTS_MAX,
      },
      pageLookupsPerMinute: 30,
    },
    messages: {
      operatorNotifyEmail: env.OPERATOR_NOTIFY_EMAIL,
      holdHours: env.REQUEST_HOLD_HOURS,
      verifyMinutes: env.REQUEST_VERIFY_MINUTES,
      messageIdDomain: fromDomain ?? new URL(publicUrl).hostname,
      scheduledEveryMinutes: env.SCHEDULED_MESSAGES_MINUTES,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: env.mailOutboxDir,
      pollMs: 5_000,
      delivery: {
        maxAttempts: 8,
        retryBaseMs: 30_000,
        maxRetryMs: 3_600_000,
        claimMs: 120_000,
        batchSize: 20,
      },
    },
    channels: {
      allowPrivateUrls: env.CHANNEL_ALLOW_PRIVATE_URLS,
      syncMinutes: env.CHANNEL_SYNC_MINUTES,
      staleHours: env.CHANNEL_STALE_HOURS,
      emptyConfirmMinutes: env.CHANNEL_EMPTY_CONFIRM_MINUTES,
      fetchTimeoutMs: 20_000,
      maxFeedBytes: 10 * 1024 * 1024,
      maxRedirects: 3,
      trustedAddresses: [],
      syncWaitMs: 25_000,
    },
    backups: {
      dir: env.BACKUP_DIR ? resolve(env.BACKUP_DIR) : join(env.dataDir, 'backups'),
      keep: env.BACKUP_KEEP,
    },
    payments: {
      upi: env.UPI_VPA ? { vpa: env.UPI_VPA, payeeName: env.UPI_PAYEE_NAME } : null,
      reminderDays: env.PAYMENT_REMINDER_DAYS,
      razorpay:
        env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
          ? {
              keyId: env.RAZORPAY_KEY_ID,
              keySecret: env.RAZORPAY_KEY_SECRET,
              webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
              apiUrl: env.RAZORPAY_API_URL.replace(/\/+$/, ''),
              timeoutMs: 15_000,
            }
          : null,
    },
    guestData: {
      key: env.GUEST_DATA_KEY,
      oldKeys: env.GUEST_DATA_KEYS_OLD,
      keyFile: join(env.dataDir, 'guest-data.key'),
      retentionDays: env.GUEST_DATA_RETENTION_DAYS,
      retentionEveryMs: 60 * 60 * 1000,
    },
  } satisfies Config;
  return deepFreeze(overrides.reduce<Config>((merged, next) => mergeDeep(merged, next), config));
}

/** Reads and validates the environment into the configuration (`readEnv`, then `buildConfig`). */
export function readConfig(source: Record<string, string | undefined> = process.env): Config {
  return buildConfig(readEnv(source));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `base` with `overrides` merged in: plain objects merge key by key, anything else (arrays too) replaces. */
function mergeDeep<T>(base: T, overrides: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(overrides))
    return (overrides === undefined ? base : overrides) as T;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    // An override naming a key with undefined leaves the default.
    if (value === undefined) continue;
    merged[key] = key in base ? mergeDeep(base[key], value) : value;
  }
  return merged as T;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

/**
 * What writing a message needs: the site's address for its links, the messages' own settings, and how
 * guests pay (the confirmation says what is due now and how to pay it).
 */
export type MessageSettings = Pick<Config, 'server' | 'messages' | 'payments'>;
