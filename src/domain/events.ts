/**
 * What happened, as an operation writes it in its own transaction; the subscribers (the guest's messages)
 * act on it after the commit, at least once, so a crash between the two loses nothing.
 */
export const DOMAIN_EVENT_KINDS = ['payment_recorded', 'invoice_issued', 'payment_link_made'] as const;
export type DomainEventKind = (typeof DOMAIN_EVENT_KINDS)[number];

export type DomainEvent =
  | {
      /** Money received or paid back on a stay's ledger, by hand, by Mark paid or by Razorpay's report. */
      kind: 'payment_recorded';
      booking_id: string;
      payload: {
        entry_id: string;
        /**
         * A payment that arrived through the gateway, which the operator hears of, with the part of it
         * nothing is owed for (in the booking's currency) and why.
         */
        gateway?: { to_return: { minor: number; why: string } | null };
      };
    }
  | {
      /** A stay's invoice (bill of supply, receipt) or a credit note against it, numbered and kept. */
      kind: 'invoice_issued';
      booking_id: string;
      payload: { invoice_id: string };
    }
  | {
      /** A payment link made for a confirmed stay, asking what is due by `due_date`: its guest is sent it. */
      kind: 'payment_link_made';
      booking_id: string;
      payload: { link_id: string; due_date: string };
    };
