import { describe, expect, it } from 'vitest';
import { readEnv } from './env';

const RAZORPAY = {
  RAZORPAY_KEY_ID: 'rzp_test_AbCdEf123456',
  RAZORPAY_KEY_SECRET: 'the key secret',
  RAZORPAY_WEBHOOK_SECRET: 'the webhook secret',
};

describe('reading the environment', () => {
  it('has defaults for everything', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATA_DIR: './data', SEED_DEMO: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ OPERATOR_EMAIL: 'not-an-email', OPERATOR_PASSWORD: 'long-enough-password' }, 'OPERATOR_EMAIL'],
    [{ OPERATOR_EMAIL: 'a@example.com' }, 'OPERATOR_PASSWORD'],
    [{ OPERATOR_EMAIL: 'a@example.com', OPERATOR_PASSWORD: 'short' }, 'OPERATOR_PASSWORD'],
    [{ SITE_PROPERTY_ID: '42' }, 'SITE_PROPERTY_ID'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ BACKUP_KEEP: '-1' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: 'seven' }, 'BACKUP_KEEP'],
    [{ BACKUP_KEEP: '1.5' }, 'BACKUP_KEEP'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ OPERATOR_NOTIFY_EMAIL: 'nope' }, 'OPERATOR_NOTIFY_EMAIL'],
    [{ REQUEST_HOLD_HOURS: '0' }, 'REQUEST_HOLD_HOURS'],
    [{ PUBLIC_URL: 'ftp://x' }, 'PUBLIC_URL'],
    [{ UPI_VPA: 'shantivilla' }, 'UPI_VPA'],
    [{ UPI_VPA: 'shanti villa@okaxis' }, 'UPI_VPA'],
    [{ UPI_VPA: 'shantivilla@ok axis' }, 'UPI_VPA'],
    [{ UPI_VPA: 'a@b@okaxis' }, 'UPI_VPA'],
    [{ UPI_VPA: `${'x'.repeat(65)}@okaxis` }, 'UPI_VPA'],
    [{ UPI_VPA: 'villa@ok&am=1' }, 'UPI_VPA'],
    [{ UPI_PAYEE_NAME: 'x'.repeat(51) }, 'UPI_PAYEE_NAME'],
    [{ UPI_PAYEE_NAME: 'Shanti\nVilla' }, 'UPI_PAYEE_NAME'],
    [{ PAYMENT_REMINDER_DAYS: '31' }, 'PAYMENT_REMINDER_DAYS'],
    [{ PAYMENT_REMINDER_DAYS: '-1' }, 'PAYMENT_REMINDER_DAYS'],
    [{ PAYMENT_REMINDER_DAYS: '2.5' }, 'PAYMENT_REMINDER_DAYS'],
    [{ PAYMENT_REMINDER_DAYS: 'soon' }, 'PAYMENT_REMINDER_DAYS'],
    [{ SCHEDULED_MESSAGES_MINUTES: '0' }, 'SCHEDULED_MESSAGES_MINUTES'],
    [{ SCHEDULED_MESSAGES_MINUTES: '61' }, 'SCHEDULED_MESSAGES_MINUTES'],
    [{ SCHEDULED_MESSAGES_MINUTES: '2.5' }, 'SCHEDULED_MESSAGES_MINUTES'],
    [{ SCHEDULED_MESSAGES_MINUTES: 'often' }, 'SCHEDULED_MESSAGES_MINUTES'],
    [{ ...RAZORPAY, RAZORPAY_KEY_ID: 'key_live_AbCdEf123456' }, 'RAZORPAY_KEY_ID'],
    [{ ...RAZORPAY, RAZORPAY_KEY_ID: 'rzp_prod_AbCdEf123456' }, 'RAZORPAY_KEY_ID'],
    [{ ...RAZORPAY, RAZORPAY_API_URL: 'ftp://api.razorpay.com' }, 'RAZORPAY_API_URL'],
    [{ ...RAZORPAY, RAZORPAY_API_URL: 'not a url' }, 'RAZORPAY_API_URL'],
  ])('refuses %o, naming %s', (source, name) => {
    expect(() => readEnv(source)).toThrow(new RegExp(name));
  });

  it('reads booleans and a PostgreSQL URL', () => {
    const env = readEnv({ SEED_DEMO: 'false', DATABASE_URL: 'postgres://u@localhost:5432/db' });
    expect(env.SEED_DEMO).toBe(false);
    expect(env.DATABASE_URL).toBe('postgres://u@localhost:5432/db');
    expect([readEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY, readEnv({ TRUST_PROXY: '2' }).TRUST_PROXY]).toEqual(
      [1, 2],
    );
  });

  it('keeps seven daily backups unless told otherwise; 0 turns them off', () => {
    expect(readEnv({}).BACKUP_KEEP).toBe(7);
    expect(readEnv({ BACKUP_KEEP: '' }).BACKUP_KEEP).toBe(7);
    expect(readEnv({ BACKUP_KEEP: '0' }).BACKUP_KEEP).toBe(0);
    expect(readEnv({ BACKUP_KEEP: '30', BACKUP_DIR: '/srv/backups' })).toMatchObject({
      BACKUP_KEEP: 30,
      BACKUP_DIR: '/srv/backups',
    });
  });

  it('writes mail to an outbox folder in the data directory unless told otherwise', () => {
    const env = readEnv({ DATA_DIR: '/srv/villa' });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.mailOutboxDir).toBe('/srv/villa/outbox');
    expect(env.REQUEST_HOLD_HOURS).toBe(48);
    expect(readEnv({ MAIL_OUTBOX_DIR: '/tmp/mail' }).mailOutboxDir).toBe('/tmp/mail');
    expect(readEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.example.com:465',
    );
  });

  it('takes no UPI unless UPI_VPA names one; the payee is the brand unless named; reminders 3 days ahead', () => {
    expect(readEnv({}).UPI_VPA).toBeUndefined();
    expect(readEnv({})).toMatchObject({
      UPI_PAYEE_NAME: 'Shanti Villa Retreat',
      PAYMENT_REMINDER_DAYS: 3,
    });
    expect(readEnv({ UPI_VPA: ' ShantiVilla.Stays@OKAXIS ', UPI_PAYEE_NAME: 'Shanti Stays' })).toMatchObject({
      UPI_VPA: 'shantivilla.stays@okaxis',
      UPI_PAYEE_NAME: 'Shanti Stays',
    });
    expect(readEnv({ UPI_VPA: '9876543210@ybl' }).UPI_VPA).toBe('9876543210@ybl');
    expect(readEnv({ PAYMENT_REMINDER_DAYS: '0' }).PAYMENT_REMINDER_DAYS).toBe(0);
    expect(readEnv({ PAYMENT_REMINDER_DAYS: '' }).PAYMENT_REMINDER_DAYS).toBe(3);
    expect(readEnv({}).SCHEDULED_MESSAGES_MINUTES).toBe(5);
    expect(readEnv({ SCHEDULED_MESSAGES_MINUTES: '' }).SCHEDULED_MESSAGES_MINUTES).toBe(5);
    expect(readEnv({ SCHEDULED_MESSAGES_MINUTES: '15' }).SCHEDULED_MESSAGES_MINUTES).toBe(15);
    expect(() => readEnv({ UPI_VPA: 'nope' })).toThrow(
      'UPI_VPA must be a UPI ID (name@handle), e.g. shantivilla@okaxis',
    );
  });

  it('takes Razorpay with all three of its variables or none, naming what is missing and never a secret', () => {
    expect(readEnv({}).RAZORPAY_KEY_ID).toBeUndefined();
    expect(readEnv(RAZORPAY)).toMatchObject({ ...RAZORPAY, RAZORPAY_API_URL: 'https://api.razorpay.com' });
    const { RAZORPAY_WEBHOOK_SECRET: _left, ...partial } = RAZORPAY;
    expect(() => readEnv(partial)).toThrow(/RAZORPAY_WEBHOOK_SECRET is missing/);
    expect(() => readEnv({ RAZORPAY_KEY_SECRET: 'the key secret' })).toThrow(
      /RAZORPAY_KEY_ID is missing[\s\S]*RAZORPAY_WEBHOOK_SECRET is missing/,
    );
    try {
      readEnv({ ...RAZORPAY, RAZORPAY_KEY_ID: 'nope', RAZORPAY_API_URL: 'ftp://x' });
    } catch (error) {
      expect(String(error)).not.toMatch(/the key secret|the webhook secret/);
    }
  });
});
