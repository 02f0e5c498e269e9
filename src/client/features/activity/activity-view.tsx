import { useState } from 'react';
import {
  AUDIT_ACTOR_LABELS,
  AUDIT_ACTORS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  AuditEventQuerySchema,
  type AuditEventQueryInput,
} from '@/domain/audit';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { Select, SelectOptions } from '@/client/components/ui/select';
import { ViewSection } from '@/client/components/view-section';
import { ActivityList } from './activity-list';

type Filters = { entity_type: string; actor: string; from: string; to: string };
const NO_FILTERS: Filters = { entity_type: '', actor: '', from: '', to: '' };

/** The whole account's audit log: who changed what and when, filterable by kind, actor and dates. */
export function ActivityView() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const query = Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== ''),
  ) as AuditEventQueryInput;
  // The same schema as the server: a range the server would refuse is shown here, not sent.
  const checked = AuditEventQuerySchema.safeParse(query);
  const set = (key: keyof Filters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [key]: event.target.value }));

  return (
    <ViewSection
      id="activity-title"
      title="Activity"
      description="Every change to your properties, bookings, calendars, channels, prices, password and sign-ins: who made it, when, and what it was before."
    >
      <form
        className="grid grid-cols-2 gap-3 sm:grid-cols-4"
        aria-label="Filter activity"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="grid gap-1">
          <Label htmlFor="activity-entity">What</Label>
          <Select id="activity-entity" value={filters.entity_type} onChange={set('entity_type')}>
            <option value="">Everything</option>
            <SelectOptions values={AUDIT_ENTITY_TYPES} labels={AUDIT_ENTITY_LABELS} />
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="activity-actor">Who</Label>
          <Select id="activity-actor" value={filters.actor} onChange={set('actor')}>
            <option value="">Anyone</option>
            <SelectOptions values={AUDIT_ACTORS} labels={AUDIT_ACTOR_LABELS} />
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="activity-from">From</Label>
          <Input id="activity-from" type="date" value={filters.from} onChange={set('from')} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="activity-to">Until (not included)</Label>
          <Input id="activity-to" type="date" value={filters.to} onChange={set('to')} />
        </div>
      </form>
      {checked.success ? (
        <ActivityList query={query} emptyText="Nothing matches these filters." />
      ) : (
        <p role="alert" className="text-sm text-destructive">
          {checked.error.issues[0]?.message}
        </p>
      )}
    </ViewSection>
  );
}
