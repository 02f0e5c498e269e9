/**
 * API benchmark: the built server on a large data set (10,000 bookings on one property), measured with
 * autocannon per endpoint (requests/s and p99 latency), beside the same query run directly on the
 * database. Also times guest booking requests under load.
 *
 *   npm run bench:api                     # embedded PGlite
 *   npm run bench:api -- postgres://postgres@127.0.0.1:5432/test   # a PostgreSQL server (a scratch database is created)
 */
import { asc, desc, eq } from 'drizzle-orm';
import { bookings, properties } from '../src/server/db/schema';
import { addDaysToDate } from '../src/domain/dates';
import {
  createScratchDatabase,
  DURATION_S,
  measureEndpoint,
  openBenchVilla,
  printRows,
  startBenchServer,
  timeDirect,
  type BenchRow,
} from './support';
import { toMinorUnits } from '../src/domain/money';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('api');

const BOOKINGS = 10_000;
const scratch = await createScratchDatabase(process.argv[2]);

// 1. The data set, and the direct query timings (before the server holds the embedded database).
const { database, villa } = await openBenchVilla(scratch, { max_guests: 10, base_price: toMinorUnits(1000) });
const rows = Array.from({ length: BOOKINGS }, (_, index) => ({
  property_id: villa.id,
  guest_name: `Guest ${index}`,
  guest_email: `guest${index}@example.com`,
  check_in: addDaysToDate('2020-01-01', index * 2),
  check_out: addDaysToDate('2020-01-01', index * 2 + 1),
  guests_count: 2,
  total_amount: toMinorUnits(1000),
  status: index % 7 === 0 ? ('cancelled' as const) : ('confirmed' as const),
  booking_source: (['direct', 'airbnb', 'booking_com'] as const)[index % 3],
}));
for (let start = 0; start < rows.length; start += 1000) {
  await database.db.insert(bookings).values(rows.slice(start, start + 1000));
}
const directTimes = {
  listBookings: await timeDirect(() =>
    database.db
      .select()
      .from(bookings)
      .where(eq(bookings.property_id, villa.id))
      .orderBy(desc(bookings.created_at))
      .limit(100),
  ),
  listProperties: await timeDirect(() =>
    database.db
      .select()
      .from(properties)
      .where(eq(properties.is_active, true))
      .orderBy(asc(properties.created_at)),
  ),
};
await database.close();

// 2. The server, as `npm start` runs it.
const server = await startBenchServer(scratch, {
  BOOKING_REQUESTS_PER_HOUR: '1000000',
  REQUEST_PENDING_PER_NETWORK: '1000000',
  REQUEST_PENDING_PER_EMAIL: '1000000',
  REQUEST_PENDING_NIGHTS_MAX: '100000000',
});
const results: BenchRow[] = [];
const measure = async (
  endpoint: string,
  options: Parameters<typeof measureEndpoint>[2],
  directP50?: number,
) => {
  results.push(await measureEndpoint(server, endpoint, options, directP50));
};

await measure('GET /api/health', { requests: [{ method: 'GET', path: '/api/health' }] });
await measure(
  'GET /api/properties',
  { requests: [{ method: 'GET', path: '/api/properties' }] },
  directTimes.listProperties.p50,
);
await measure(
  `GET /api/properties/:id/bookings (a page of ${BOOKINGS} rows)`,
  { requests: [{ method: 'GET', path: `/api/properties/${villa.id}/bookings` }] },
  directTimes.listBookings.p50,
);
await measure('GET /api/properties/:id/calendar', {
  requests: [{ method: 'GET', path: `/api/properties/${villa.id}/calendar?month=2030-06` }],
});
await measure('GET /api/stats', { requests: [{ method: 'GET', path: '/api/stats' }] });
await measure('GET /api/availability (public)', { requests: [{ method: 'GET', path: '/api/availability' }] });
await measure('GET /api/quote (public)', {
  requests: [{ method: 'GET', path: '/api/quote?check_in=2027-03-01&check_out=2027-03-08' }],
});
// Booking requests under load: each asks for random nights in the coming year; most are refused (409)
// once the calendar fills, which is the expensive path too (it reads, then the database refuses).
let counter = 0;
await measure('POST /api/booking-requests (201 or 409)', {
  requests: [
    {
      method: 'POST',
      path: '/api/booking-requests',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        counter += 1;
        const checkIn = addDaysToDate(
          new Date().toISOString().slice(0, 10),
          2 + Math.floor(Math.random() * 360),
        );
        return {
          ...request,
          body: JSON.stringify({
            check_in: checkIn,
            check_out: addDaysToDate(checkIn, 1 + (counter % 4)),
            guests_count: 2,
            guest_name: `Load ${counter}`,
            guest_email: `load${counter}@example.com`,
          }),
        };
      },
    },
  ],
});

await server.stop();
await scratch.remove();
printRows(`API benchmark on ${scratch.label}: 10 connections, ${DURATION_S} s per endpoint`, results);
