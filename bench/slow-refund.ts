/**
 * While Razorpay is slow, nothing else waits: the built server's `/api/health` and `/api/availability` p99
 * at rest, and again while a refund is being asked of a Razorpay stand-in that makes the refund and answers
 * only after the server has given up (15 s, its production timeout). Goal: p99 during ≤ 2 × p99 at rest.
 *
 *   npm run bench:slow-refund                     # embedded PGlite
 *   npm run bench:slow-refund -- postgres://postgres@127.0.0.1:5432/test
 */
import autocannon from 'autocannon';
import { bookings, payments } from '../src/server/db/schema';
import { toMinorUnits } from '../src/domain/money';
import { startRazorpayStandIn, STAND_IN_KEYS } from '../src/server/payments/test/razorpay-stand-in';
import { createScratchDatabase, openBenchVilla, startBenchServer } from './support';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('slow-refund');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const scratch = await createScratchDatabase(process.argv[2]);
const standIn = await startRazorpayStandIn();
standIn.state.refundMode = 'answer-late';

const { database, villa } = await openBenchVilla(scratch, { currency: 'INR', max_guests: 10 });
const [stay] = await database.db
  .insert(bookings)
  .values({
    property_id: villa.id,
    guest_name: 'Slow Refund',
    guest_email: 'slow@example.com',
    check_in: '2027-05-01',
    check_out: '2027-05-04',
    guests_count: 2,
    total_amount: toMinorUnits(30_000),
    currency: 'INR',
    status: 'confirmed',
  })
  .returning();
const paymentId = 'pay_BenchSlow0001';
await database.db.insert(payments).values({
  booking_id: stay!.id,
  kind: 'payment',
  amount: toMinorUnits(30_000),
  currency: 'INR',
  method: 'razorpay',
  received_on: '2026-11-20',
  reference: paymentId,
  gateway_payment_id: paymentId,
});
standIn.capture(paymentId, 30_000_00);
await database.close();

const server = await startBenchServer(scratch, {
  RAZORPAY_KEY_ID: STAND_IN_KEYS.keyId,
  RAZORPAY_KEY_SECRET: STAND_IN_KEYS.keySecret,
  RAZORPAY_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
  RAZORPAY_API_URL: standIn.url,
});

/** Both endpoints at once for `seconds`, as a guest's page and a health check would call them. */
async function measure(seconds: number) {
  const run = (path: string) =>
    autocannon({ url: `${server.base}${path}`, connections: 4, duration: seconds }).then((result) => ({
      p99: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
    }));
  const [health, availability] = await Promise.all([run('/api/health'), run('/api/availability')]);
  return { health, availability };
}

try {
  await measure(2); // warm-up, unmeasured
  const rest = await measure(SECONDS);
  const startedAt = performance.now();
  const refund = fetch(`${server.base}/api/bookings/${stay!.id}/refunds`, {
    method: 'POST',
    headers: { cookie: server.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ amount: 1000, method: 'razorpay', received_on: '2026-11-20' }),
  });
  const during = await measure(SECONDS);
  const answer = await refund;
  const refundSeconds = (performance.now() - startedAt) / 1000;
  console.log(
    `${scratch.label}: the refund was answered ${answer.status} after ${refundSeconds.toFixed(1)} s ` +
      `(Razorpay made it: ${standIn.refunds.length} refund); measured ${SECONDS} s at rest and ${SECONDS} s during it`,
  );
  for (const name of ['health', 'availability'] as const) {
    const ratio = during[name].p99 / Math.max(1, rest[name].p99);
    console.log(
      `  /api/${name}: p99 ${rest[name].p99} ms at rest, ${during[name].p99} ms during the slow refund ` +
        `(× ${ratio.toFixed(2)}, goal ≤ 2); ${rest[name].requests} and ${during[name].requests} requests, ` +
        `${rest[name].non2xx + during[name].non2xx} not 2xx`,
    );
    if (ratio > 2 || during[name].non2xx > 0) process.exitCode = 1;
  }
  if (answer.status !== 202) process.exitCode = 1;
} finally {
  await server.stop();
  await standIn.close();
  await scratch.remove();
}
