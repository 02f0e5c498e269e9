/**
 * Quote benchmark: a 30-night stay across two seasons, priced by the pure domain function (quotes per
 * second in one process) and through GET /api/quote on the built server (autocannon: requests/s, p50,
 * p99), which also reads the rules, the calendar and the held stays.
 *
 *   npm run bench:quotes                     # embedded PGlite
 *   npm run bench:quotes -- postgres://postgres@127.0.0.1:5432/test   # a PostgreSQL server (scratch database)
 */
import { addDaysToDate } from '../src/domain/dates';
import { INDIAN_GST, priceStay, PricingRulesSchema } from '../src/domain/pricing';
import { pricingRules, propertyCalendar } from '../src/server/db/schema';
import {
  createScratchDatabase,
  DURATION_S,
  measureEndpoint,
  openBenchVilla,
  printRows,
  startBenchServer,
} from './support';
import { toMinorUnits } from '../src/domain/money';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('quotes');

const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
// Two seasons meeting inside the stay, weekend prices, extra guests, a cleaning fee and banded GST.
const checkIn = addDaysToDate(today, 60);
const checkOut = addDaysToDate(checkIn, 30);
const rules = PricingRulesSchema.parse({
  weekday_prices: [null, null, null, null, 32_000, 32_000, null],
  seasons: [
    {
      name: 'Early season',
      start: addDaysToDate(checkIn, -10),
      end: addDaysToDate(checkIn, 12),
      percent: 10,
    },
    {
      name: 'Festive season',
      start: addDaysToDate(checkIn, 13),
      end: addDaysToDate(checkIn, 40),
      price: 38_000,
    },
  ],
  guests_included: 8,
  extra_guest_fee: 1_500,
  cleaning_fee: 2_500,
  fees: [{ name: 'Linen', amount: 300, per: 'night' }],
  taxes: [INDIAN_GST],
});
const dayPrices = new Map([[addDaysToDate(checkIn, 5), 27_000]]);

// 1. The pure function, as the browser's preview and the server both run it.
const quoteOnce = () =>
  priceStay({ checkIn, checkOut, guests: 10, basePrice: 25_000, currency: 'INR', rules, dayPrices });
const sample = quoteOnce();
for (let warm = 0; warm < 2_000; warm += 1) quoteOnce();
let count = 0;
const startedAt = performance.now();
while (performance.now() - startedAt < 2_000) {
  quoteOnce();
  count += 1;
}
const perSecond = Math.round(count / ((performance.now() - startedAt) / 1000));
console.log(
  `priceStay, 30 nights across two seasons: ${perSecond.toLocaleString('en-US')} quotes/s in one process`,
);
console.log(
  `  sample: ${sample.lines.length} lines, ${sample.taxes.map((tax) => `${tax.name} ${tax.rate}%`).join(', ')}, total INR ${sample.total.toLocaleString('en-US')}`,
);

// 2. The endpoint on the built server.
const scratch = await createScratchDatabase(process.argv[2]);
const { database, villa } = await openBenchVilla(scratch, {
  max_guests: 12,
  base_price: toMinorUnits(25_000),
  currency: 'INR',
});
await database.db.insert(pricingRules).values({ property_id: villa.id, rules });
await database.db.insert(propertyCalendar).values({
  property_id: villa.id,
  date: addDaysToDate(checkIn, 5),
  is_available: true,
  price: toMinorUnits(27_000),
});
await database.close();

const server = await startBenchServer(scratch);
try {
  const url = `/api/quote?check_in=${checkIn}&check_out=${checkOut}&guests=10`;
  const check = (await (await fetch(`${server.base}${url}`)).json()) as { total: number };
  if (check.total !== sample.total)
    throw new Error(`server total ${check.total} ≠ domain total ${sample.total}`);
  const row = await measureEndpoint(server, url, { connections: 10, duration: DURATION_S });
  printRows(`GET /api/quote, 30 nights across two seasons (${scratch.label})`, [row]);
} finally {
  await server.stop();
  await scratch.remove();
}
