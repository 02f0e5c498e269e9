import { Badge } from '@/client/components/ui/badge';
import { formatSource, formatStatus } from './format';

type BadgeVariant = 'success' | 'warning' | 'info' | 'danger' | 'neutral';

/** Spec section 4: pending yellow, confirmed green, completed blue, cancelled red, anything else grey. */
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

/** 'Payment: paid' is green; any other payment status is yellow (spec section 4). */
export function PaymentBadge({ status }: { status: string }) {
  return (
    <Badge variant={status === 'paid' ? 'success' : 'warning'} data-payment={status}>
      Payment: {status}
    </Badge>
  );
}
