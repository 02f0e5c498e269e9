import { useInfiniteQuery } from '@tanstack/react-query';
import {
  AUDIT_ACTOR_LABELS,
  AUDIT_ENTITY_LABELS,
  type AuditEvent,
  type AuditEventQueryInput,
} from '@/domain/audit';
import { describeAuditEvent } from '@/domain/audit-words';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getErrorMessage } from '@/client/lib/api-client';
import { activityQuery } from './activity-api';

const ACTION_WORDS: Record<AuditEvent['action'], string> = {
  insert: 'created',
  update: 'changed',
  delete: 'removed',
  read: 'read in full',
};

const timestampFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** A list of audit events with the changed values, loading more on request. */
export function ActivityList({ query, emptyText }: { query: AuditEventQueryInput; emptyText: string }) {
  const events = useInfiniteQuery(activityQuery(query));
  if (events.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading history">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (events.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-destructive">
        {getErrorMessage(events.error, 'The history could not be loaded.')}
        <Button type="button" size="sm" variant="outline" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const list = events.data.pages.flatMap((page) => page.events);
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{emptyText}</p>;
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2">
        {list.map((event) => {
          const lines = describeAuditEvent(event);
          return (
            <li key={event.id} className="rounded-md border bg-card p-3 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium">
                  {AUDIT_ENTITY_LABELS[event.entity_type]} {ACTION_WORDS[event.action]}
                  {event.subject ? (
                    <span className="font-normal text-muted-foreground"> · {event.subject}</span>
                  ) : null}
                </span>
                <span className="text-xs text-muted-foreground">
                  <time dateTime={event.occurred_at}>
                    {timestampFormat.format(new Date(event.occurred_at))}
                  </time>
                  {' · '}
                  {AUDIT_ACTOR_LABELS[event.actor]}
                  {event.actor === 'guest' && event.actor_id ? ` (${event.actor_id})` : ''}
                </span>
              </div>
              {lines.length > 0 ? (
                <ul className="mt-1 grid gap-0.5 text-muted-foreground">
                  {lines.map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {events.hasNextPage ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={events.isFetchingNextPage}
          onClick={() => void events.fetchNextPage()}
        >
          {events.isFetchingNextPage ? 'Loading...' : 'Show older'}
        </Button>
      ) : null}
    </div>
  );
}
