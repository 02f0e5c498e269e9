import type { BookingChange, BookingStatus } from './booking';
import type { Money } from './money';

/**
 * What happened, as an operation writes it in its own transaction; the subscribers (the guest's messages)
 * act on it after the commit, at least once, so a crash between the two loses nothing.
 */
export const DOMAIN_EVENT_KINDS = [
  'payment_recorded',
  'invoice_issued',
  'payment_link_made',
  'booking_status_changed',
  'booking_changed',
  'booking_requested',
  'booking_added',
  'channel_notice',
] as const;
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
    }
  | {
      /** The operator confirmed, cancelled or completed a stay, with their words to the guest, if any. */
      kind: 'booking_status_changed';
      booking_id: string;
      payload: { from: BookingStatus; to: BookingStatus; host_message: string | null };
    }
  | {
      /**
       * The operator changed a stay's dates, guests or total as its guest is told: what changed, whether a
       * new quote was taken (its breakdown is the booking's now), and the total before, when it changed.
       */
      kind: 'booking_changed';
      booking_id: string;
      payload: { changes: BookingChange[]; quote_taken: boolean; previous_total: Money | null };
    }
  | {
      /** A guest asked for a stay from the public form: it holds its nights, awaiting their confirmation. */
      kind: 'booking_requested';
      booking_id: string;
      payload: Record<string, never>;
    }
  | {
      /**
       * The operator added a stay by hand (a phone booking, a walk-in, one copied from a channel). No message
       * follows from it; it is there for subscribers to come (turnovers).
       */
      kind: 'booking_added';
      booking_id: string;
      payload: Record<string, never>;
    }
  | {
      /**
       * What a channel sync tells the operator of a property (conflicts it found, a calendar gone stale or
       * back): of no one booking, so it names the property.
       */
      kind: 'channel_notice';
      property_id: string;
      booking_id?: undefined;
      payload: { notice: ChannelNoticeKind; facts: ChannelNoticeFacts };
    };

export type ChannelNoticeKind =
  'channel_conflicts_operator' | 'channel_unhealthy_operator' | 'channel_recovered_operator';

/** What a channel notice is written from. */
export type ChannelNoticeFacts = {
  propertyName: string;
  /** The connection as people know it: "Airbnb", or an 'other' calendar's own name. */
  channelLabel: string;
  /** The conflicts a sync found, each as the Channels view words it. */
  conflicts?: { checkIn: string; checkOut: string; description: string }[];
  lastSyncedAt?: Date | string | null;
  lastError?: string | null;
  staleHours?: number;
};
