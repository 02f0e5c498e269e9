import { WITHDRAW_NOTICES, type GuestRequest, type GuestRequestPageData } from '@/domain/message';
import type { Wire } from '@/domain/wire-amount';

const RENDERED_AT = '2026-03-02T09:00:00.000Z';
const PENDING: Wire<GuestRequest> = {
  reference: 'SV-SAMPLE0',
  status: 'pending',
  property_name: 'Shanti Villa Retreat',
  guest_name: 'Sample Guest',
  check_in: '2026-04-10',
  check_out: '2026-04-13',
  nights: 3,
  guests_count: 2,
  total_amount: 54_000,
  currency: 'INR',
  created_at: '2026-03-02T08:00:00.000Z',
  hold_until: '2026-03-04T08:00:00.000Z',
  closed_reason: null,
  can_withdraw: true,
  guest_confirmed: true,
  confirm_by: '2026-03-02T08:30:00.000Z',
  invoices: [],
  language: 'en',
};

/**
 * The request page in each of its looks (pending and withdrawable, confirmed, completed, cancelled): the
 * build renders them all to find the page's critical CSS, whatever a real request's state.
 */
const LOOKS: Wire<GuestRequest>[] = [
  PENDING,
  { ...PENDING, guest_confirmed: false },
  {
    ...PENDING,
    status: 'cancelled',
    closed_reason: 'unconfirmed',
    guest_confirmed: false,
    can_withdraw: false,
  },
  { ...PENDING, status: 'confirmed', can_withdraw: false },
  {
    ...PENDING,
    status: 'completed',
    can_withdraw: false,
    invoices: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Tax Invoice',
        number: 'SV/2627/0001',
        issued_on: '2026-04-13',
        total: 54_000,
        currency: 'INR',
      },
    ],
  },
  { ...PENDING, status: 'cancelled', closed_reason: 'withdrawn', can_withdraw: false },
  { ...PENDING, status: 'cancelled', guests_count: 1, nights: 1, can_withdraw: false },
];
export const requestPageSamples: GuestRequestPageData[] = [
  ...LOOKS.map((request) => ({ token: 'sample', request, rendered_at: RENDERED_AT })),
  // The steps of a withdrawal sent as a plain form.
  ...WITHDRAW_NOTICES.map((notice) => ({
    token: 'sample',
    request: notice === 'done' ? LOOKS.at(-2)! : PENDING,
    rendered_at: RENDERED_AT,
    withdraw_notice: notice,
  })),
];
