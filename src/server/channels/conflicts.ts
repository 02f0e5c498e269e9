import {
  CONFLICT_STATUSES,
  type ConflictAction,
  type ConflictStatus,
  type SyncConflict,
} from '../../domain/channel';
import { DomainError } from '../../domain/domain-error';
import type { Tx } from '../db/client';
import { releaseUnconfirmedRequests } from '../store/request-links';
import { lockPropertyNights } from '../db/with-operator';
import { requireProperty } from '../store/properties';
import {
  cancelHoldingBookings,
  findConnectionStayByUid,
  insertImportedStays,
  listHoldingStays,
  moveBooking,
  restoreCancelledBooking,
} from '../store/channel-stays';
import {
  findConnection,
  listBookingSummaries,
  listConflicts,
  updateConflict,
  type ConflictWithContext,
} from './queries';
import { describeConflict } from './describe-conflict';
import { toImportedStay } from './sync';

export const CONFLICT_NOT_FOUND = 'Conflict not found';

/** Conflicts with both sides: theirs from the feed, ours as the bookings are now. */
export async function shapeConflicts(tx: Tx, rows: readonly ConflictWithContext[]): Promise<SyncConflict[]> {
  const summaries = await listBookingSummaries(tx, [...new Set(rows.flatMap((row) => row.booking_ids))]);
  const byId = new Map(summaries.map((booking) => [booking.id, booking]));
  return rows.map((row) => {
    const ours = row.booking_ids.flatMap((id) => {
      const booking = byId.get(id);
      return booking ? [{ ...booking, created_at: booking.created_at.toISOString() }] : [];
    });
    const status = row.status as ConflictStatus;
    return {
      id: row.id,
      property_id: row.property_id,
      property_name: row.property_name,
      connection_id: row.connection_id,
      channel: row.channel,
      connection_name: row.connection_name,
      kind: row.kind as SyncConflict['kind'],
      status,
      message: describeConflict(row, ours.length),
      theirs: {
        uid: row.uid,
        kind: row.item_kind as 'stay' | 'block',
        check_in: row.check_in,
        check_out: row.check_out,
        summary: row.summary,
        external_booking_id: row.external_booking_id,
      },
      ours,
      maybe_echo: row.maybe_echo,
      actions:
        status === 'open' ? ['accept_theirs', 'keep_ours'] : status === 'dismissed' ? ['accept_theirs'] : [],
      holds_nights: status === 'open' && row.item_kind === 'stay',
      note: row.resolution_note,
      created_at: row.created_at.toISOString(),
      resolved_at: row.resolved_at?.toISOString() ?? null,
    };
  });
}

/**
 * The operator's decision on a conflict, with their reason. keep_ours dismisses it (a later sync leaves it
 * dismissed unless the channel's dates change), and the channel's stay no longer holds nights here. accept_theirs: for an incoming stay, cancels the bookings here that overlap
 * it and imports (or moves) theirs; for closed nights over a pending request, declines the request; for a
 * stay cancelled here that the channel still lists, restores it.
 */
export async function resolveConflict(
  tx: Tx,
  input: { conflictId: string; action: ConflictAction; note?: string | null },
): Promise<SyncConflict> {
  const [conflict] = await listConflicts(tx, { conflictId: input.conflictId, statuses: CONFLICT_STATUSES });
  if (!conflict) throw new DomainError('conflict_not_found', CONFLICT_NOT_FOUND);
  if (conflict.status !== 'open' && conflict.status !== 'dismissed') {
    throw new DomainError('conflict_settled', `This conflict is already settled (${conflict.status})`, {
      status: conflict.status,
    });
  }
  if (input.action === 'keep_ours') {
    if (conflict.status === 'open') {
      await updateConflict(tx, conflict.id, { status: 'dismissed', resolution_note: input.note ?? null });
    }
    return reload(tx, conflict.id);
  }

  const property = await requireProperty(tx, conflict.property_id);
  await lockPropertyNights(tx, property.id);
  // A guest request never confirmed in time holds no nights a channel's stay could need.
  await releaseUnconfirmedRequests(tx, property.id);
  const stay = { check_in: conflict.check_in, check_out: conflict.check_out };
  switch (conflict.kind) {
    case 'stay_overlaps': {
      const connection = await findConnection(tx, conflict.connection_id);
      if (!connection) throw new DomainError('conflict_not_found', CONFLICT_NOT_FOUND);
      const existing = await findConnectionStayByUid(tx, { connectionId: connection.id, uid: conflict.uid });
      // Only the bookings the operator was shown are cancelled; one that overlaps since then stops it.
      await cancelHoldingBookings(tx, conflict.booking_ids);
      const others = (
        await listHoldingStays(tx, { propertyId: property.id, start: stay.check_in, end: stay.check_out })
      ).filter((booking) => booking.id !== existing?.id);
      if (others.length > 0) {
        throw new DomainError(
          'another_booking_overlaps',
          'Another booking here overlaps their stay too; sync again to see it, then decide',
        );
      }
      if (!existing) {
        await insertImportedStays(tx, [
          toImportedStay(connection, property.currency, {
            uid: conflict.uid,
            ...stay,
            external_booking_id: conflict.external_booking_id,
            guest_name: conflict.guest_name,
          }),
        ]);
      } else if (existing.status === 'cancelled') {
        await restoreCancelledBooking(tx, { bookingId: existing.id, ...stay });
      } else {
        await moveBooking(tx, { bookingId: existing.id, ...stay });
      }
      break;
    }
    case 'block_overlaps_request':
      await cancelHoldingBookings(tx, conflict.booking_ids);
      break;
    case 'cancelled_here': {
      const bookingId = conflict.booking_ids[0];
      const others = (
        await listHoldingStays(tx, { propertyId: property.id, start: stay.check_in, end: stay.check_out })
      ).filter((booking) => booking.id !== bookingId);
      if (others.length > 0) {
        throw new DomainError(
          'nights_held_by_another_booking',
          'Those nights are held by another booking now; settle that booking first',
        );
      }
      if (!bookingId || !(await restoreCancelledBooking(tx, { bookingId, ...stay }))) {
        throw new DomainError(
          'booking_no_longer_cancelled',
          'That booking is no longer cancelled here; reload the conflicts',
        );
      }
      break;
    }
  }
  await updateConflict(tx, conflict.id, { status: 'accepted', resolution_note: input.note ?? null });
  return reload(tx, conflict.id);
}

async function reload(tx: Tx, conflictId: string): Promise<SyncConflict> {
  const [row] = await listConflicts(tx, { conflictId, statuses: CONFLICT_STATUSES });
  if (!row) throw new DomainError('conflict_not_found', CONFLICT_NOT_FOUND);
  const [shaped] = await shapeConflicts(tx, [row]);
  return shaped!;
}
