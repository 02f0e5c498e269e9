import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAY_CANCELLED_NOTE } from '../../domain/message';
import { outboxMessages } from '../db/schema';
import { insertTestBooking, TEST_NOW, UNLIMITED_REQUESTS, useSignedInContext } from '../test/test-app';
import { createTestConfig } from '../test/test-config';
import { listTestDatabaseKinds } from '../test/test-database';
import { waitUntil } from '../../test/wait-until';
import { sendDueScheduledMessages } from './scheduled-messages';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';
import { startSinkWorker } from './test/sink-worker';
import type { MessageWorker } from './worker';

/**
 * A message about a stay (before arrival, after the stay, a payment reminder or link) that waits in the
 * outbox while the mail server is down is not sent once the stay is cancelled: the guest would be welcomed
 * to, or asked to pay for, a stay that no longer exists.
 */
describe.each(listTestDatabaseKinds())('messages of a stay cancelled before they went out [%s]', (kind) => {
  const suite = useSignedInContext(
    kind,
    {
      now: () => TEST_NOW,
      requests: UNLIMITED_REQUESTS,
      server: { publicUrl: 'http://villa.test' },
      messages: { messageIdDomain: 'villa.test' },
    },
    { name: 'The Villa', base_price: 10_000, currency: 'INR', max_guests: 8 },
  );
  let sink: SmtpSink;
  let worker: MessageWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    worker = startSinkWorker(suite.context.database.db, sink, {
      config: createTestConfig({ mail: { delivery: { retryBaseMs: 1, maxRetryMs: 1, maxAttempts: 5 } } }),
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await sink?.close();
  });

  const readMessages = (bookingId: string) =>
    suite.context.database.db.select().from(outboxMessages).where(eq(outboxMessages.booking_id, bookingId));

  it('marks a waiting before-arrival message failed, unsent, once its stay is cancelled; others still go', async () => {
    const stays = await Promise.all(
      ['2027-03-10', '2027-03-20'].map((check_in, index) =>
        insertTestBooking(suite.context.database, suite.propertyId, {
          check_in,
          check_out: `2027-03-${index === 0 ? '12' : '22'}`,
          status: 'confirmed',
          guest_name: 'Asha Rao',
          guest_email: `asha-stale-${index}@example.com`,
          total_amount: 30_000,
          currency: 'INR',
        }),
      ),
    );
    const [cancelled, standing] = stays as [(typeof stays)[0], (typeof stays)[0]];
    // 09:00 at the villa, three days before each stay: each message is written.
    for (const now of ['2027-03-07T03:30:00Z', '2027-03-17T03:30:00Z']) {
      await sendDueScheduledMessages(suite.context.database.db, {
        config: suite.context.config,
        holder: 'job',
        now: () => new Date(now),
      });
    }
    // The mail server refuses: both wait for a retry.
    sink.refuse(true);
    await worker.deliverDue();
    for (const stay of stays) {
      expect((await readMessages(stay.id)).map((message) => [message.kind, message.status])).toEqual([
        ['before_arrival', 'pending'],
      ]);
    }
    const cancelling = await suite.context.app.inject({
      method: 'PATCH',
      url: `/api/bookings/${cancelled.id}/status`,
      headers: { cookie: suite.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    sink.refuse(false);
    sink.received.length = 0;
    await waitUntil(async () => {
      await worker.deliverDue();
      const [message] = await readMessages(standing.id);
      return message?.status === 'sent';
    });
    const [stale] = (await readMessages(cancelled.id)).filter((message) => message.kind === 'before_arrival');
    expect(stale).toMatchObject({ status: 'failed', last_error: STAY_CANCELLED_NOTE });
    expect(sink.received.map((mail) => mail.to)).not.toContain(cancelled.guest_email);
    expect(sink.received.map((mail) => mail.to)).toContain(standing.guest_email);
  });
});
