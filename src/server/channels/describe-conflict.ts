import { CHANNEL_LABELS, type ChannelKind } from '../../domain/channel';
import type { ConflictRow } from './queries';

/** The label a channel's stays and messages use: the channel, or for 'other' the connection's name. */
export function labelConnection(connection: { channel: string; name: string | null }): string {
  const channel = connection.channel as ChannelKind;
  return channel === 'other' && connection.name ? connection.name : CHANNEL_LABELS[channel];
}

const formatRange = (checkIn: string, checkOut: string) => `${checkIn} to ${checkOut}`;

/** A conflict in plain words, with what the operator can do: for the Channels view and the e-mail. */
export function describeConflict(
  conflict: Pick<ConflictRow, 'kind' | 'check_in' | 'check_out' | 'external_booking_id'> & {
    channel: string;
    connection_name: string | null;
  },
  oursCount: number,
): string {
  const label = labelConnection({ channel: conflict.channel, name: conflict.connection_name });
  const dates = formatRange(conflict.check_in, conflict.check_out);
  const code = conflict.external_booking_id ? ` (${conflict.external_booking_id})` : '';
  switch (conflict.kind) {
    case 'stay_overlaps':
      return `${label} has a stay from ${dates}${code} that overlaps ${oursCount === 1 ? 'a booking' : `${oursCount} bookings`} here, so it was not imported. Cancel ours to take theirs, or keep ours and settle it with ${label}.`;
    case 'block_overlaps_request':
      return `${label} reports ${dates} closed, which overlaps a pending request here. Decline the request, or keep it if those nights are free on ${label}.`;
    case 'cancelled_here':
      return `${label} still lists a stay from ${dates}${code} that is cancelled here. Cancel it on ${label}, or restore it here.`;
    default:
      return `${label}: ${dates}`;
  }
}
