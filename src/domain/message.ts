import { z } from 'zod';
import { AmountSchema, type Wire } from './wire-amount';
import { BOOKING_STATUSES, StaySummarySchema } from './booking';
import { queryWholeNumber } from './fields';
import { LanguageSchema } from './language';

/** What a message is about; each kind has its template and its recipient. */
export const MESSAGE_KINDS = [
  'request_received',
  'request_received_operator',
  'request_confirmed',
  'request_declined',
  'booking_cancelled',
  'booking_changed',
  'request_lapsed',
  'request_withdrawn',
  'request_withdrawn_operator',
  'channel_conflicts_operator',
  'channel_unhealthy_operator',
  'channel_recovered_operator',
  'payment_reminder',
  'payment_received_operator',
  'payment_link',
  'invoice_issued',
  'payment_receipt',
  'before_arrival',
  'after_stay',
  'template_test_operator',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Messages about a stay that still stands: one whose stay is cancelled before it goes out (a mail server
 * down for an hour) is not sent, and is marked failed with STAY_CANCELLED_NOTE.
 */
export const STAY_MESSAGE_KINDS: readonly MessageKind[] = [
  'before_arrival',
  'after_stay',
  'payment_reminder',
  'payment_link',
];
export const STAY_CANCELLED_NOTE = 'Not sent: the stay was cancelled before this message went out.';

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  request_received: 'Request received (guest)',
  request_received_operator: 'New request (you)',
  request_confirmed: 'Confirmed (guest)',
  request_declined: 'Declined (guest)',
  booking_cancelled: 'Cancelled (guest)',
  booking_changed: 'Booking changed (guest)',
  request_lapsed: 'Lapsed (guest)',
  request_withdrawn: 'Withdrawn (guest)',
  request_withdrawn_operator: 'Guest withdrew (you)',
  channel_conflicts_operator: 'Calendar conflict (you)',
  channel_unhealthy_operator: 'Calendar stopped syncing (you)',
  channel_recovered_operator: 'Calendar syncing again (you)',
  payment_reminder: 'Payment reminder (guest)',
  payment_received_operator: 'Payment received (you)',
  payment_link: 'Payment link (guest)',
  invoice_issued: 'Invoice (guest)',
  payment_receipt: 'Payment receipt (guest)',
  before_arrival: 'Before arrival (guest)',
  after_stay: 'After the stay (guest)',
  template_test_operator: 'Template test (you)',
};

/** pending: waiting to be sent (or retried); sent: the mail server accepted it; failed: gave up. */
export const MESSAGE_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MessageSummarySchema = z.object({
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  property_id: z.uuid().nullable(),
  booking_id: z.uuid().nullable(),
  to_address: z.string(),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type MessageSummary = z.infer<typeof MessageSummarySchema>;

export const MessageSchema = MessageSummarySchema.extend({
  message_id: z.string(),
  text_body: z.string(),
  html_body: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

export const MessageListQuerySchema = z.object({
  status: z.enum(MESSAGE_STATUSES).optional(),
  // Whole numbers as written: "0x10", " 5 " or "1e1" are refused, not coerced.
  limit: queryWholeNumber('limit', { min: 1, max: 200 }).default(50),
  offset: queryWholeNumber('offset', { min: 0, max: 10_000_000 }).default(0),
});
export type MessageListQuery = z.infer<typeof MessageListQuerySchema>;

/**
 * Why a guest's request ended without the operator deciding: the guest withdrew it, nobody answered it in
 * time, or the guest never confirmed it from their e-mail.
 */
export const REQUEST_CLOSED_REASONS = ['withdrawn', 'lapsed', 'unconfirmed'] as const;
export type RequestClosedReason = (typeof REQUEST_CLOSED_REASONS)[number];

/**
 * How the guest pays what is due now: by UPI (a `upi://pay` link and its QR code as an SVG the server drew)
 * when the operator takes UPI and the stay is in rupees, and always in the operator's own words otherwise.
 */
export const GuestPaymentSchema = z.object({
  amount_due_now: AmountSchema.describe('In major units, in the currency of the request'),
  due_date: z.string().describe('A calendar date (yyyy-MM-dd)'),
  upi: z
    .object({
      uri: z.string().describe('upi://pay?pa=…&pn=…&am=…&cu=INR&tn=<reference>'),
      qr_svg: z.string().describe('The link as a QR code: an SVG document drawn by the server'),
      vpa: z.string(),
      payee_name: z.string(),
    })
    .nullable(),
  instructions: z.string().nullable().describe("How to pay, in the operator's words; null: UPI only"),
  link: z
    .string()
    .optional()
    .describe(
      "Razorpay's page to pay what is due now online (UPI, card, netbanking), when the operator made one",
    ),
});
export type GuestPayment = z.infer<typeof GuestPaymentSchema>;

/** An invoice, bill of supply, receipt or credit note of the guest's stay, as their page lists it. */
export const GuestInvoiceSchema = z.object({
  id: z.uuid(),
  title: z.string().describe('"Tax Invoice", "Bill of Supply", "Receipt" or "Credit Note"'),
  number: z.string(),
  issued_on: z.string().describe('A calendar date (yyyy-MM-dd)'),
  total: AmountSchema.describe('In major units, tax included'),
  currency: z.string(),
});
export type GuestInvoice = z.infer<typeof GuestInvoiceSchema>;

/** What the guest's own request page shows: no e-mail, no phone, nothing of anyone else's. */
export const GuestRequestSchema = StaySummarySchema.extend({
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  total_amount: z.number(),
  currency: z.string(),
  created_at: z.string(),
  hold_until: z.string(),
  closed_reason: z.enum(REQUEST_CLOSED_REASONS).nullable(),
  can_withdraw: z.boolean(),
  guest_confirmed: z
    .boolean()
    .describe('Whether the guest confirmed the request from the link in their first e-mail'),
  confirm_by: z
    .string()
    .describe('Until then an unconfirmed request holds its nights; after it, it lapses quietly'),
  payment: GuestPaymentSchema.optional().describe('What to pay now and how; only once the stay is confirmed'),
  invoices: z
    .array(GuestInvoiceSchema)
    .describe("The stay's issued documents, newest first; each one's PDF is at getGuestInvoicePdf"),
  language: LanguageSchema.describe('The language the guest asked in: the page and e-mails follow it'),
});
export type GuestRequest = z.infer<typeof GuestRequestSchema>;

/**
 * What the server renders the guest's request page with, and the page's script hydrates with: the request
 * as the API answers it, and the moment it was rendered (the time left is worded from it, so the browser's
 * first render matches the server's).
 */
export type GuestRequestPageData = {
  token: string;
  /** As the API sends it (amounts encoded), so the page reads it as the browser's fetch does. */
  request: Wire<GuestRequest>;
  rendered_at: string;
  /** What a withdrawal sent as a plain form (before or without the page's script) has to say. */
  withdraw_notice?: WithdrawNotice;
};

/**
 * The steps of a withdrawal sent as a plain HTML form, named in the page's address after each: asked to
 * confirm, done, or refused (the request is no longer pending).
 */
export const WITHDRAW_NOTICES = ['confirm', 'done', 'refused'] as const;
export type WithdrawNotice = (typeof WITHDRAW_NOTICES)[number];

// The same answer for every token that does not name a request: it reveals nothing about others.
export const REQUEST_NOT_FOUND =
  'This request link is not valid. Check the link in your e-mail, or contact us.';

export const RequestTokenParamsSchema = z.object({
  // Tokens are 32 URL-safe characters; anything else cannot be one, and is answered like an unknown one.
  token: z.string().max(100),
});
