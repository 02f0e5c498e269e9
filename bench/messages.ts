/**
 * Messages: how many e-mails per second the outbox worker delivers to a local SMTP server, how long a
 * guest's booking request takes to be answered, and how long until its two e-mails are rendered into the
 * outbox (the server does that after answering). Each request waits for the one before to be done.
 * Runs in process on an embedded database, or on PostgreSQL: `npm run bench:messages -- postgres://…`.
 */
import { randomUUID } from 'node:crypto';
import { buildApp } from '../src/server/app';
import { upsertOperator } from '../src/server/auth/queries';
import { openPglite, openPostgres } from '../src/server/db/client';
import { buildConfig, readEnv } from '../src/server/env';
import { properties } from '../src/server/db/schema';
import { insertOutboxMessages } from '../src/server/store/outbox';
import { renderBookingMessage } from '../src/server/messages/render-message';
import { startSmtpSink } from '../src/server/messages/test/smtp-sink';
import { createMailTransport } from '../src/server/messages/transport';
import { startMessageWorker } from '../src/server/messages/worker';
import { addDaysToDate, villaToday } from '../src/domain/dates';
import { makeMoney } from '../src/domain/money';
import { recordPrintedFigures } from './record-figures';
import { PRODUCTION_PASSWORD_HASH_COST } from '../src/server/env';

recordPrintedFigures('messages');

const serverUrl = process.argv[2];
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const database = serverUrl ? await openPostgres(serverUrl) : await openPglite({});
await database.migrate();
const operator = await upsertOperator(database.db, {
  email: 'bench@example.com',
  password: 'bench-password-1',
  hashCost: PRODUCTION_PASSWORD_HASH_COST,
});
const [property] = await database.db
  .insert(properties)
  .values({
    name: 'Bench Villa',
    address: 'x',
    city: 'Pune',
    country: 'India',
    owner_id: operator.id,
    max_guests: 8,
  })
  .returning();

// 1. Booking requests with their outbox write.
// The server's defaults, with limits that never answer 429 and the bench's own villa.
const config = buildConfig(readEnv({}), {
  messages: { messageIdDomain: 'bench.test' },
  mail: { pollMs: 0 },
  requests: {
    perHour: 1_000_000,
    pending: { perNetwork: 1_000_000, perEmail: 1_000_000, nightsMax: 100_000_000 },
    siteProperty: property!.id,
  },
});
const app = await buildApp(config, { database });
await app.ready();
const today = villaToday();
const times: number[] = [];
const queuedTimes: number[] = [];
for (let index = 0; index < REQUESTS; index += 1) {
  const checkIn = addDaysToDate(today, 10 + index * 2);
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/booking-requests',
    payload: {
      check_in: checkIn,
      check_out: addDaysToDate(checkIn, 1),
      guests_count: 2,
      guest_name: `Bench ${index}`,
      guest_email: `bench-${index}@example.com`,
    },
  });
  times.push(performance.now() - started);
  await app.eventsHandled();
  queuedTimes.push(performance.now() - started);
  if (response.statusCode !== 201)
    throw new Error(`Request ${index}: ${response.statusCode} ${response.body}`);
}
times.sort((a, b) => a - b);
queuedTimes.sort((a, b) => a - b);
const pickOf = (list: number[]) => (q: number) =>
  list[Math.min(list.length - 1, Math.floor(q * list.length))]!.toFixed(1);
const pick = pickOf(times);
const pickQueued = pickOf(queuedTimes);

// 2. Delivery to a local SMTP server.
const sink = await startSmtpSink();
const transport = createMailTransport({
  smtpUrl: sink.url,
  from: 'Bench <bench@bench.test>',
  outboxDir: '/tmp',
});
const worker = startMessageWorker({ db: database.db, transport, holder: 'bench', config });
await worker.deliverDue(); // the requests' own messages
sink.received.length = 0;
const sample = await renderBookingMessage(
  'request_received',
  {
    bookingId: randomUUID(),
    propertyId: property!.id,
    propertyName: 'Bench Villa',
    guestName: 'Bench Guest',
    guestEmail: 'guest@example.com',
    checkIn: '2027-01-10',
    checkOut: '2027-01-12',
    guests: 2,
    total: makeMoney(2400_00, 'INR'),
    currency: 'INR',
  },
  { requestUrl: 'http://127.0.0.1:3000/request/x' },
);
const batch = Array.from({ length: MESSAGES }, () => {
  const id = randomUUID();
  return {
    id,
    property_id: property!.id,
    booking_id: null,
    kind: 'request_received' as const,
    to_address: 'guest@example.com',
    subject: sample.subject,
    text_body: sample.text,
    html_body: sample.html,
    message_id: `<${id}@bench.test>`,
  };
});
await insertOutboxMessages(database.db, batch);
const started = performance.now();
const delivered = await worker.deliverDue();
await sink.waitFor(MESSAGES, 120_000);
const seconds = (performance.now() - started) / 1000;

console.log(`Database: ${database.kind}`);
console.log(
  `Booking request answered: median ${pick(0.5)} ms, p95 ${pick(0.95)} ms, p99 ${pick(0.99)} ms over ${REQUESTS} requests`,
);
console.log(
  `Booking request until its 2 e-mails are in the outbox: median ${pickQueued(0.5)} ms, p95 ${pickQueued(0.95)} ms, p99 ${pickQueued(0.99)} ms`,
);
console.log(
  `Delivery to a local SMTP server: ${delivered} messages in ${seconds.toFixed(2)} s = ${(delivered / seconds).toFixed(0)} messages/s (one connection, sequential)`,
);
await worker.stop();
await sink.close();
await app.close();
await database.close();
