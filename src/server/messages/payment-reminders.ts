import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { VILLA_TIME_ZONE, villaToday } from '../../domain/dates';
import { makeMoney } from '../../domain/money';
import { PAYMENT_SETTINGS_DEFAULTS } from '../../domain/payment';
import { findReminderDue } from '../../domain/payment-reminder';
import type { Db, Executor } from '../db/client';
import { bookings, outboxMessages, paymentSettings, properties, requestLinks } from '../db/schema';
import type { Config } from '../env';
import { runWithLease } from '../jobs/lease';
import { startPeriodicJob } from '../jobs/periodic';
import { recordPaymentReminder } from './record-messages';
import { describeBookingFacts } from './booking-facts';
import { planGuestPayment } from './guest-payment';
import { findConfirmedOn, findPaymentSettings, lockBooking, readLedger } from '../store/payments';

type ReminderConfig = Pick<Config, 'server' | 'messages' | 'payments'>;

const BATCH = 200;
const HOUR_MS = 60 * 60 * 1000;
/** Reminders go out from this hour at the villa (the job runs hourly): none in the guest's night. */
export const REMINDER_FROM_HOUR = 9;

/** The hour of the day at the villa, 0 to 23. */
function readVillaHour(now: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', {
    hour: 'numeric',
    hourCycle: 'h23',
    timeZone: VILLA_TIME_ZONE,
  }).format(now);
  return Number(hour);
}

/** When the balance of a booking falls due, by its property's settings (the defaults when none saved). */
const balanceDueOn = sql<string>`(${bookings.check_in} - coalesce(${paymentSettings.balance_due_days}, ${PAYMENT_SETTINGS_DEFAULTS.balance_due_days}))`;

/**
 * Confirmed stays from the public form (only those have a guest we write to: the operator's own entries and
 * the channels' stays have their own way to the guest) with money owing whose balance falls due within
 * `reminderDays` of today, and no reminder of that day written yet. The ledger has the last word: each is
 * checked again (findReminderDue) before anything is written.
 */
export async function listReminderCandidates(
  db: Executor,
  input: { today: string; reminderDays: number; messageIdDomain: string; limit: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(requestLinks, eq(requestLinks.booking_id, bookings.id))
    .leftJoin(paymentSettings, eq(paymentSettings.property_id, bookings.property_id))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        inArray(bookings.payment_status, ['unpaid', 'partial']),
        eq(bookings.amount_known, true),
        sql`${balanceDueOn} between ${input.today}::date and ${input.today}::date + ${input.reminderDays}::int`,
        sql`not exists (select 1 from ${outboxMessages} where ${outboxMessages.message_id} = '<payment-reminder.' || ${bookings.id}::text || '.' || ${balanceDueOn}::text || '@' || ${input.messageIdDomain} || '>')`,
      ),
    )
    .orderBy(bookings.check_in)
    .limit(input.limit);
  return rows.map((row) => row.id);
}

/**
 * Writes the reminder of one booking if one is due today, in one transaction: the booking locked (against a
 * payment recorded meanwhile), its ledger read, the message written unless it is there already.
 */
export async function remindBooking(
  db: Db,
  config: ReminderConfig,
  input: { bookingId: string; today: string },
): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockBooking(tx, input.bookingId);
      if (!booking || booking.status !== 'confirmed') return false;
      const [property] = await tx
        .select({ id: properties.id, currency: properties.currency, name: properties.name })
        .from(properties)
        .where(eq(properties.id, booking.property_id))
        .limit(1);
      if (!property) return false;
      const { summary } = await readLedger(tx, { booking, property, today: input.today });
      const confirmedOn = (await findConfirmedOn(tx, booking.id)) ?? villaToday(new Date(booking.created_at));
      const reminder = findReminderDue(
        summary,
        { confirmedOn, today: input.today },
        config.payments.reminderDays,
      );
      if (!reminder) return false;
      const settings = await findPaymentSettings(tx, property);
      const payment = planGuestPayment(
        {
          bookingId: booking.id,
          payment: {
            due: { amount: makeMoney(reminder.amount, booking.currency), due_date: reminder.due_on },
            instructions: settings.payment_instructions,
          },
        },
        config,
      );
      if (!payment) return false;
      const written = await recordPaymentReminder(tx, config, {
        facts: { ...describeBookingFacts(booking, property.name), payment },
      });
      // Written meanwhile by another pass: nothing of this one is kept (not even its page's link).
      if (!written) throw new AlreadyReminded();
      return true;
    });
  } catch (error) {
    if (error instanceof AlreadyReminded) return false;
    throw error;
  }
}

class AlreadyReminded extends Error {}

/**
 * One pass of the reminders, under the job's lease (one process at a time; the outbox's unique Message-ID
 * keeps each reminder single even if two passes overlap). The number of reminders written.
 */
export async function sendDuePaymentReminders(
  db: Db,
  options: { config: ReminderConfig; holder: string; now?: () => Date; logger?: FastifyBaseLogger },
): Promise<number> {
  const run = await runWithLease(
    db,
    { key: 'payments:reminders', holder: options.holder, ttlMs: 60_000 },
    async () => {
      const now = options.now?.() ?? new Date();
      if (readVillaHour(now) < REMINDER_FROM_HOUR) return 0;
      const today = villaToday(now);
      const candidates = await listReminderCandidates(db, {
        today,
        reminderDays: options.config.payments.reminderDays,
        messageIdDomain: options.config.messages.messageIdDomain,
        limit: BATCH,
      });
      let written = 0;
      for (const bookingId of candidates) {
        if (await remindBooking(db, options.config, { bookingId, today })) {
          written += 1;
          options.logger?.info({ booking: bookingId }, 'payment reminder written');
        }
      }
      return written;
    },
  );
  return run.acquired ? run.value : 0;
}

/** The reminders' periodic job: hourly, and soon after the start (a day missed while down is caught up). */
export function startPaymentReminders(options: {
  db: Db;
  config: ReminderConfig;
  holder: string;
  logger?: FastifyBaseLogger;
  onMessagesWritten?: () => void;
  everyMs?: number;
}) {
  return startPeriodicJob({
    pass: async () => {
      const written = await sendDuePaymentReminders(options.db, options);
      if (written > 0) options.onMessagesWritten?.();
      return written;
    },
    everyMs: options.everyMs ?? HOUR_MS,
    firstMs: 5_000,
    logger: options.logger,
    failure: 'payment reminders pass failed',
  });
}
