import type { DashboardStay } from '../domain/dashboard';
import { countDaysBetween } from '../domain/dates';

/** A stay as the dashboard lists it: confirmed and unpaid, two nights from 2026-12-10 unless values say. */
export function makeDashboardStay(id: string, values: Partial<DashboardStay> = {}): DashboardStay {
  const stay = {
    id: `00000000-0000-4000-8000-00000000000${id}`,
    property_id: '00000000-0000-4000-8000-000000000100',
    property_name: 'Shanti Villa',
    guest_name: `Guest ${id}`,
    check_in: '2026-12-10',
    check_out: '2026-12-12',
    guests_count: 2,
    booking_source: 'direct',
    status: 'confirmed',
    payment_status: 'unpaid',
    total_amount: 9000,
    amount_known: true,
    currency: 'INR',
    created_at: '2026-12-01T00:00:00.000Z',
    lapses_at: null,
    guest_confirmed: null,
    ...values,
  } satisfies Omit<DashboardStay, 'nights'>;
  return { nights: countDaysBetween(stay.check_in, stay.check_out), ...stay };
}
