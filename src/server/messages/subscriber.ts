import type { FastifyBaseLogger } from 'fastify';
import { villaToday } from '../../domain/dates';
import type { Db, Tx } from '../db/client';
import { withOperator } from '../db/with-operator';
import { makeMoney } from '../../domain/money';
import { findBookingForMessages } from '../store/bookings';
import { findInvoiceRow } from '../store/invoices';
import { findPaymentLink } from '../store/payment-links';
import { listLedgerEntries } from '../store/payments';
import {
  claimPendingEvents,
  markEventFailed,
  markEventHandled,
  type ClaimedEvent,
  type StoredEvent,
} from '../store/events';
import { describeBookingFacts } from './booking-facts';
import { findRequestLink } from '../store/request-links';
import {
  recordChannelNotice,
  recordBookingRequested,
  recordBookingChanged,
  recordBookingStatusChanged,
  recordInvoiceIssued,
  recordPaymentLinkMade,
  recordPaymentReceipt,
  recordPaymentReceived,
} from './record-messages';
import type { MessageSettings } from '../env';

const BATCH = 50;
/** How long a pass holds the events it claimed, and how long a failed one waits for the next. */
const LEASE_MS = 60_000;

/** The stored booking an event is of, and the facts its messages start from; none once it is gone. */
async function readStay(tx: Tx, bookingId: string) {
  const found = await findBookingForMessages(tx, bookingId);
  return found && { ...found, facts: describeBookingFacts(found.booking, found.propertyName) };
}

/** The messages an event calls for, written in the subscriber's transaction; true when one was. */
async function writeMessagesOf(
  tx: Tx,
  settings: MessageSettings,
  event: StoredEvent,
  now: Date,
): Promise<boolean> {
  const today = villaToday(now);
  switch (event.kind) {
    case 'payment_recorded': {
      const entry = (await listLedgerEntries(tx, event.booking_id)).find(
        (item) => item.id === event.payload.entry_id,
      );
      if (!entry) return false;
      // The operator hears first of a payment the gateway reported; the guest's receipt follows.
      const { gateway } = event.payload;
      if (gateway && entry.gateway_payment_id) {
        const stay = await readStay(tx, event.booking_id);
        if (stay) {
          const { booking } = stay;
          const toReturn = gateway.to_return && {
            amount: makeMoney(gateway.to_return.minor, booking.currency),
            why: gateway.to_return.why,
          };
          await recordPaymentReceived(tx, settings, {
            facts: {
              ...stay.facts,
              received: {
                amount: makeMoney(entry.amount, booking.currency),
                reference: entry.gateway_payment_id,
                toReturn,
              },
            },
          });
        }
      }
      return recordPaymentReceipt(tx, settings, { bookingId: event.booking_id, entry, today });
    }
    case 'channel_notice':
      return recordChannelNotice(tx, settings, {
        kind: event.payload.notice,
        propertyId: event.property_id,
        facts: event.payload.facts,
      });
    case 'booking_requested': {
      const stay = await readStay(tx, event.booking_id);
      const link = await findRequestLink(tx, event.booking_id);
      if (!stay || !link) return false;
      const { booking } = stay;
      return recordBookingRequested(tx, settings, {
        ...stay.facts,
        guestPhone: booking.guest_phone,
        specialRequests: booking.special_requests,
        quote: stay.quote,
        holdUntil: link.hold_until,
        confirmBy: link.confirm_by,
      });
    }
    case 'booking_added':
      // The operator entered the stay themselves: no one is told (turnovers will act on it).
      return false;
    case 'booking_status_changed': {
      const stay = await readStay(tx, event.booking_id);
      if (!stay) return false;
      return recordBookingStatusChanged(tx, settings, {
        from: event.payload.from,
        to: event.payload.to,
        now,
        facts: {
          ...stay.facts,
          quote: stay.quote,
          hostMessage: event.payload.host_message,
        },
      });
    }
    case 'booking_changed': {
      const stay = await readStay(tx, event.booking_id);
      if (!stay) return false;
      const { changes, quote_taken, previous_total } = event.payload;
      return recordBookingChanged(tx, settings, {
        facts: {
          ...stay.facts,
          // A quote taken is the new breakdown; otherwise the kept lines were for the stay as it was.
          quote: quote_taken ? stay.quote : null,
          changes,
          previousTotal: previous_total,
        },
      });
    }
    case 'payment_link_made': {
      const stay = await readStay(tx, event.booking_id);
      const link = await findPaymentLink(tx, event.payload.link_id);
      if (!stay || !link) return false;
      return recordPaymentLinkMade(tx, settings, {
        facts: stay.facts,
        plan: {
          due: { amount: makeMoney(link.amount, link.currency), due_date: event.payload.due_date },
          upi: null,
          instructions: null,
          link: { url: link.short_url },
        },
      });
    }
    case 'invoice_issued': {
      const stay = await findBookingForMessages(tx, event.booking_id);
      const invoice = await findInvoiceRow(tx, event.payload.invoice_id);
      return stay && invoice ? recordInvoiceIssued(tx, settings, { booking: stay.booking, invoice }) : false;
    }
  }
}

type PassOptions = { now?: () => Date; logger?: FastifyBaseLogger };

/**
 * Handles one claimed event: marks it handled and writes the messages it calls for in one transaction, as
 * the booking's operator (row-level security applies). Marking comes first and takes only an event no other
 * pass has handled, so an event whose hold ran out under a slow pass is still written once; a crash writes
 * neither. True when it wrote a message.
 */
export async function handleEvent(
  db: Db,
  settings: MessageSettings,
  event: ClaimedEvent,
  options: PassOptions = {},
): Promise<boolean> {
  if (!event.owner_id) {
    // Its booking or property is gone: nothing is left to tell anyone.
    options.logger?.warn({ event: event.id, kind: event.kind }, 'an event of nothing that exists; dropped');
    await markEventHandled(db, event.id);
    return false;
  }
  return withOperator(
    db,
    event.owner_id,
    async (tx) =>
      (await markEventHandled(tx, event.id)) &&
      writeMessagesOf(tx, settings, event, options.now?.() ?? new Date()),
    'system',
  );
}

/**
 * The messages' subscriber to what operations did: claims the events not yet handled, a batch at a time,
 * and handles each; one that fails waits for a later pass. Returns how many events wrote a message.
 */
export async function handlePendingEvents(
  db: Db,
  settings: MessageSettings,
  options: PassOptions = {},
): Promise<number> {
  let written = 0;
  for (;;) {
    const events = await claimPendingEvents(db, { leaseMs: LEASE_MS, limit: BATCH });
    for (const event of events) {
      try {
        if (await handleEvent(db, settings, event, options)) written += 1;
      } catch (error) {
        options.logger?.error({ err: error, event: event.id }, 'an event was not handled; retrying later');
        await markEventFailed(db, {
          id: event.id,
          error: error instanceof Error ? error.message : String(error),
          retryInMs: LEASE_MS,
        });
      }
    }
    if (events.length < BATCH) return written;
  }
}
