import { Badge } from '@/client/components/ui/badge';
import { BOOKING_SOURCE_LABELS, type BookingSource } from '@/domain/booking';

type BadgeVariant = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

/** Status colours: pending yellow, confirmed green, completed blue, cancelled red, anything else grey. */
export function getStatusVariant(status: string): BadgeVariant {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'confirmed':
      return 'success';
    case 'completed':
      return 'info';
    case 'cancelled':
      return 'danger';
    default:
      return 'neutral';
  }
}

export function formatStatus(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1);
}

export function formatSource(source: string): string {
  return BOOKING_SOURCE_LABELS[source as BookingSource] ?? source;
}

export function StatusBadge({ status, variant }: { status: string; variant?: BadgeVariant }) {
  return (
    <Badge variant={variant ?? getStatusVariant(status)} data-status={status}>
      {formatStatus(status)}
    </Badge>
  );
}

export function SourceBadge({ source }: { source: string }) {
  return (
    <Badge variant="outline" data-source={source}>
      {formatSource(source)}
    </Badge>
  );
}

/** 'Payment: paid' is green; any other payment status is yellow. */
export function PaymentBadge({ status }: { status: string }) {
  return (
    <Badge variant={status === 'paid' ? 'success' : 'warning'} data-payment={status}>
      Payment: {status}
    </Badge>
  );
}
