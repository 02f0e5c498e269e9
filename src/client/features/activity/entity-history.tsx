import { ChevronDownIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { AuditEventQueryInput } from '@/domain/audit';
import { cn } from '@/client/lib/utils';
import { ActivityList } from './activity-list';

/**
 * A collapsed 'History' section (a booking's or a property's changes). Nothing is loaded until it is
 * opened, so a long list of booking cards costs no extra requests.
 */
export function EntityHistory({ query, label = 'History' }: { query: AuditEventQueryInput; label?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="grid gap-2">
      <button
        type="button"
        className="inline-flex items-center gap-1 justify-self-start text-xs font-medium text-muted-foreground underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDownIcon
          className={cn('size-3.5 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
        {label}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? (
          <ActivityList query={{ ...query, limit: '20' }} emptyText="No changes recorded yet." />
        ) : null}
      </div>
    </div>
  );
}
