import type { AuditEventQueryInput } from '@/domain/audit';
import { Disclosure } from '@/client/components/disclosure';
import { ActivityList } from './activity-list';

/**
 * A collapsed 'History' section (a booking's or a property's changes). Nothing is loaded until it is
 * opened, so a long list of booking cards costs no extra requests.
 */
export function EntityHistory({ query, label = 'History' }: { query: AuditEventQueryInput; label?: string }) {
  return (
    <Disclosure label={label}>
      <ActivityList query={{ ...query, limit: '20' }} emptyText="No changes recorded yet." />
    </Disclosure>
  );
}
