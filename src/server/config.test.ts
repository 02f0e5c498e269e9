import { describe, expect, it } from 'vitest';
import { buildConfig, readConfig, readEnv } from './env';
import { createTestConfig } from './test/test-config';

describe('the configuration', () => {
  it("states every default once, from an empty environment: the server's, the requests', the messages'", () => {
    const config = readConfig({ DATA_DIR: '/srv/villa' });
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 3000, trustProxy: 0 });
    expect(config.server.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.database).toEqual({ url: undefined, dataDir: '/srv/villa' });
    expect(config.sessions).toMatchObject({
      ttlMs: 7 * 24 * 3_600_000,
      idleMs: 12 * 3_600_000,
      signInDelayMs: 800,
      passwordHashCost: 15,
    });
    expect(config.requests).toMatchObject({
      perHour: 20,
      pending: { perNetwork: 2, perEmail: 2, nightsMax: 60 },
      pageLookupsPerMinute: 30,
    });
    expect(config.messages).toEqual({
      operatorNotifyEmail: undefined,
      holdHours: 48,
      verifyMinutes: 30,
      messageIdDomain: 'shantivilla.example.com',
      scheduledEveryMinutes: 5,
    });
    expect(config.mail).toMatchObject({ outboxDir: '/srv/villa/outbox', pollMs: 5_000 });
    expect(config.channels).toMatchObject({ allowPrivateUrls: false, syncMinutes: 15, staleHours: 6 });
    expect(config.backups).toEqual({ dir: '/srv/villa/backups', keep: 7 });
    expect(config.payments).toEqual({ upi: null, reminderDays: 3, razorpay: null });
  });

  it('reads the variables into their places', () => {
    const config = readConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://villa.example.org/',
      SESSION_TTL_HOURS: '2',
      REQUEST_PENDING_PER_EMAIL: '5',
      MAIL_FROM: 'Villa <desk@mail.example.net>',
      BACKUP_DIR: '/mnt/backups',
      UPI_VPA: 'shantivilla@okaxis',
      PAYMENT_REMINDER_DAYS: '5',
      RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
      RAZORPAY_KEY_SECRET: 'key secret',
      RAZORPAY_WEBHOOK_SECRET: 'webhook secret',
    });
    expect(config.server).toMatchObject({ port: 8080, publicUrl: 'https://villa.example.org' });
    expect(config.sessions.ttlMs).toBe(2 * 3_600_000);
    expect(config.requests.pending.perEmail).toBe(5);
    expect(config.messages.messageIdDomain).toBe('mail.example.net');
    expect(config.backups.dir).toBe('/mnt/backups');
    expect(config.payments).toEqual({
      upi: { vpa: 'shantivilla@okaxis', payeeName: 'Shanti Villa Retreat' },
      reminderDays: 5,
      razorpay: {
        keyId: 'rzp_live_AbCdEf123456',
        keySecret: 'key secret',
        webhookSecret: 'webhook secret',
        apiUrl: 'https://api.razorpay.com',
        timeoutMs: 15_000,
      },
    });
  });

  it('is frozen all the way down', () => {
    const config = readConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.requests.pending)).toBe(true);
    expect(Object.isFrozen(config.channels.trustedAddresses)).toBe(true);
    expect(() => {
      (config.requests.pending as { perEmail: number }).perEmail = 99;
    }).toThrow(TypeError);
  });

  it('merges overrides into the defaults, part by part, and leaves the defaults alone', () => {
    const config = buildConfig(
      readEnv({}),
      { requests: { pending: { perNetwork: 9 } }, channels: { trustedAddresses: ['127.0.0.2'] } },
      { requests: { perHour: 1000 }, sessions: { signInDelayMs: undefined } },
    );
    expect(config.requests).toMatchObject({
      perHour: 1000,
      pending: { perNetwork: 9, perEmail: 2, nightsMax: 60 },
    });
    expect(config.channels.trustedAddresses).toEqual(['127.0.0.2']);
    expect(config.sessions.signInDelayMs).toBe(800);
    expect(readConfig({}).requests.pending.perNetwork).toBe(2);
  });

  it('is built for tests by the same function, without the sign-in brake or the mail timer, with cheap hashes', () => {
    const config = createTestConfig({ server: { publicUrl: 'http://villa.test' } });
    expect(config.sessions.signInDelayMs).toBe(0);
    expect(config.sessions.passwordHashCost).toBe(10);
    expect(config.mail.pollMs).toBe(0);
    expect(config.server).toMatchObject({ publicUrl: 'http://villa.test', port: 3000 });
    expect(config.requests).toEqual(readConfig({}).requests);
    expect(Object.isFrozen(config.server)).toBe(true);
  });

  it('refuses a bad environment as before', () => {
    expect(() => readConfig({ PORT: 'abc' })).toThrow(/PORT must be a number/);
  });
});
