/**
 * What encoding an answer's amounts costs the server: a listBookings page (100 and 500 bookings, each
 * with its payment summary) serialised as production does it (encode, then JSON.stringify) against the
 * JSON.stringify alone of the same objects, median of many runs on this machine.
 *
 *   npm run bench:answer-encoding
 */
import { bookingEndpoints } from '../src/domain/contracts/bookings';
import { summarizePayments, PAYMENT_SETTINGS_DEFAULTS, type BookingWithPayment } from '../src/domain/payment';
import { toMinorUnits } from '../src/domain/money';
import { compileAnswerEncoder } from '../src/server/http/encode-answer';
import { recordPrintedFigures } from './record-figures';

recordPrintedFigures('answer-encoding');

function makePage(size: number): BookingWithPayment[] {
  return Array.from({ length: size }, (_, index) => {
    const booking = {
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      property_id: '00000000-0000-4000-8000-000000000001',
      guest_name: `Guest ${index}`,
      guest_email: `guest${index}@example.com`,
      guest_phone: '+91 98765 43210',
      check_in: '2027-01-10',
      check_out: '2027-01-13',
      guests_count: 4,
      total_amount: 28_000.5,
      currency: 'INR',
      status: 'confirmed' as const,
      booking_source: 'direct' as const,
      payment_status: 'partial' as const,
      special_requests: null,
      external_booking_id: null,
      created_at: '2026-11-20T05:00:00.000Z',
      amount_known: true,
      channel_connection_id: null,
      request_network: null,
      channel_price_changed: null,
      is_sample: false,
      lapses_at: '2026-11-23T05:00:00.000Z',
      guest_confirmed: true,
      guest_language: 'en',
      operator_note: null,
    };
    const entries = [{ id: 'e1', kind: 'payment' as const, amount: toMinorUnits(8400), corrects_id: null }];
    const payment = summarizePayments(booking, entries, PAYMENT_SETTINGS_DEFAULTS, '2026-11-22');
    return { ...booking, payment } as unknown as BookingWithPayment;
  });
}

function measure(run: () => string, rounds: number): number {
  for (let index = 0; index < 50; index += 1) run();
  const times: number[] = [];
  for (let index = 0; index < rounds; index += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const encode = compileAnswerEncoder(bookingEndpoints.listBookings.responses[200]);
console.log('Serialising a listBookings answer (median of 400 runs)');
console.log('bookings   JSON.stringify ms   encode + JSON.stringify ms   added ms');
for (const size of [100, 500]) {
  const page = makePage(size);
  const plain = measure(() => JSON.stringify(page), 400);
  const encoded = measure(() => JSON.stringify(encode(page)), 400);
  console.log(
    `${String(size).padStart(8)}   ${plain.toFixed(2).padStart(17)}   ${encoded.toFixed(2).padStart(26)}   ${(encoded - plain).toFixed(2).padStart(8)}`,
  );
}
