import { AlertTriangleIcon, PencilIcon, RefreshCwIcon, Trash2Icon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import {
  CALENDAR_READER_LABELS,
  CHANNEL_LABELS,
  type ChannelConnection,
  type SyncConflict,
} from '@/domain/channel';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { getErrorMessage } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';
import {
  describeConnectionHealth,
  describeEmptyCalendar,
  describeSyncCounts,
  formatTimeAgo,
  formatTimeUntil,
  labelConnection,
  type HealthTone,
} from './channel-health';
import { useDeleteChannel, useSyncChannel } from './channels-api';
import { ConflictItem } from './conflict-item';
import { ExportUrlField } from './export-url-field';
import { LeftOutItems } from './left-out-items';

const TONE_VARIANTS: Record<HealthTone, 'success' | 'neutral' | 'warning' | 'danger'> = {
  ok: 'success',
  pending: 'neutral',
  stale: 'warning',
  failing: 'danger',
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One connection: its health, what it brought, its conflicts, and Sync now / Edit / Remove. */
export function ConnectionCard({
  connection,
  conflicts,
  staleHours,
  now,
  onEdit,
  madeExportUrl,
  onExportUrlMade,
}: {
  connection: ChannelConnection;
  conflicts: SyncConflict[];
  staleHours: number;
  now: Date;
  onEdit: () => void;
  /** This connection's export address in full, when it was made while the view is open. */
  madeExportUrl: string | undefined;
  onExportUrlMade: (url: string) => void;
}) {
  const sync = useSyncChannel();
  const remove = useDeleteChannel();
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const label = labelConnection(connection);
  const health = describeConnectionHealth(connection, staleHours, now);
  const emptyCalendar = describeEmptyCalendar(connection, now);
  const headingId = `connection-${connection.id}`;
  const stays = plural(connection.stays_count, 'stay');
  const lastRead = connection.export_reads.reads[0];

  const syncNow = () =>
    sync.mutate(connection.id, {
      onSuccess: (result) => {
        const emptyCalendar = describeEmptyCalendar(result.connection, new Date());
        if (result.outcome === 'failed')
          toast.error(`${label}: sync failed`, { description: result.error?.message });
        else if (emptyCalendar) toast.warning(`${label}: empty calendar`, { description: emptyCalendar });
        else
          toast.success(`${label} synced`, {
            description:
              result.outcome === 'not_modified'
                ? `Unchanged since the last sync. ${describeSyncCounts(result.counts)}`
                : describeSyncCounts(result.counts),
          });
      },
      onError: (error) =>
        toast.error(`${label}: sync failed`, {
          description: getErrorMessage(error, 'The sync could not be started'),
        }),
    });

  const confirmRemove = () =>
    remove.mutate(connection.id, {
      onSuccess: (result) =>
        toast.success(`${label} removed`, {
          description:
            result.kept_stays > 0
              ? `${plural(result.kept_stays, 'imported stay')} kept as bookings: cancel them yourself if they are gone.`
              : 'Its closed nights are open again.',
        }),
    });

  // The last sync's counts: this run's answer when the operator just pressed Sync now, else the stored one.
  const lastResult = sync.data?.counts ?? connection.last_result;

  return (
    <li
      aria-labelledby={headingId}
      data-connection-id={connection.id}
      className={cn(
        // min-w-0: a long feed address is truncated instead of widening the list past a phone's screen.
        'grid min-w-0 grid-cols-1 gap-4 rounded-lg border bg-card p-4 shadow-sm',
        health.tone === 'stale' && 'border-yellow-400',
        health.tone === 'failing' && 'border-red-300',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold">
            {label}
            {connection.name ? (
              <Badge variant="outline" data-source={connection.channel}>
                {CHANNEL_LABELS[connection.channel]}
              </Badge>
            ) : null}
            <Badge variant={TONE_VARIANTS[health.tone]} data-health={health.tone}>
              {health.label}
            </Badge>
          </h3>
          <p className="mt-1 truncate font-mono text-xs text-muted-foreground" title={connection.import_url}>
            {connection.import_url}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            onClick={syncNow}
            disabled={sync.isPending}
            // The name starts with what the button says, so "click Sync now" by voice finds it.
            aria-label={`${sync.isPending ? 'Syncing...' : 'Sync now'}: ${label}`}
          >
            <RefreshCwIcon aria-hidden="true" className={sync.isPending ? 'animate-spin' : undefined} />
            {sync.isPending ? 'Syncing...' : 'Sync now'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${label}`}>
            <PencilIcon aria-hidden="true" /> Edit
          </Button>
          <Button
            type="button"
            size="sm"
            variant="destructive-outline"
            onClick={() => setConfirmingRemove(true)}
            disabled={confirmingRemove}
            aria-label={`Remove ${label}`}
          >
            <Trash2Icon aria-hidden="true" /> Remove
          </Button>
        </div>
      </div>

      {confirmingRemove ? (
        <div
          role="alertdialog"
          aria-labelledby={`${headingId}-remove`}
          className="flex flex-wrap items-center gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <p id={`${headingId}-remove`} className="basis-full">
            Remove {label}? Nothing is cancelled:{' '}
            {connection.stays_count > 0
              ? `its ${stays} to come stay as bookings here until you decide about them`
              : 'it has no stays to come'}
            . The nights it closed open again, and it is no longer synced.
          </p>
          <Button
            type="button"
            size="sm"
            variant="destructive"
            onClick={confirmRemove}
            disabled={remove.isPending}
          >
            {remove.isPending ? 'Removing...' : 'Yes, remove'}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => (setConfirmingRemove(false), remove.reset())}
            autoFocus
            disabled={remove.isPending}
          >
            Keep it
          </Button>
          {remove.isError ? (
            <p role="alert" className="basis-full text-destructive">
              {getErrorMessage(remove.error, 'The connection could not be removed')}
            </p>
          ) : null}
        </div>
      ) : null}

      {health.warning ? (
        <p
          role="alert"
          className="flex gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {health.warning}
        </p>
      ) : null}
      {emptyCalendar ? (
        <p
          role="status"
          data-testid="empty-calendar"
          className="flex gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
        >
          <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {emptyCalendar}
        </p>
      ) : null}
      {connection.last_error ? (
        <p className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-950">
          <span className="font-semibold">Last attempt failed: </span>
          {connection.last_error}
        </p>
      ) : null}

      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
        <Fact label="Last successful sync">
          {connection.last_synced_at ? (
            <time
              dateTime={connection.last_synced_at}
              title={new Date(connection.last_synced_at).toLocaleString()}
            >
              {health.lastSuccess}
            </time>
          ) : (
            'Never'
          )}
        </Fact>
        <Fact label="Next sync">
          {connection.next_sync_at ? formatTimeUntil(connection.next_sync_at, now) : 'Within a minute'}
        </Fact>
        <Fact label="Brought">
          <span data-testid="brought">
            {stays}, {plural(connection.blocks_count, 'closed range')}
          </span>
        </Fact>
        <Fact label="Open conflicts">{connection.open_conflicts}</Fact>
      </dl>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="last-result">
        {lastResult
          ? `Last sync: ${describeSyncCounts(lastResult)}.`
          : connection.last_error
            ? 'No sync has succeeded yet.'
            : 'Not synced yet.'}
      </p>

      <LeftOutItems leftOut={sync.data?.connection.left_out ?? connection.left_out} channel={label} />

      {conflicts.length > 0 ? (
        <section aria-label={`Conflicts of ${label}`} className="grid gap-2">
          <h4 className="text-sm font-semibold">{plural(conflicts.length, 'conflict')} to settle</h4>
          <ul className="grid gap-2">
            {conflicts.map((conflict) => (
              <ConflictItem key={conflict.id} conflict={conflict} />
            ))}
          </ul>
        </section>
      ) : null}

      {/* Open while the address just made shows (the one chance to copy it), and while a channel still
          reads a replaced address, which stops working at the end of its grace. */}
      <details
        className="text-sm"
        open={
          madeExportUrl !== undefined ||
          connection.export_reads.previous.some((previous) => previous.reads.length > 0)
            ? true
            : undefined
        }
      >
        <summary className="cursor-pointer text-muted-foreground">
          Address to give {CHANNEL_LABELS[connection.channel]} (leaves out its own stays)
          {lastRead
            ? ` · read by ${CALENDAR_READER_LABELS[lastRead.reader]} ${formatTimeAgo(lastRead.last_read_at, now)}`
            : ' · not read yet'}
        </summary>
        <div className="mt-3">
          <ExportUrlField
            label={`Export address for ${label}`}
            url={madeExportUrl ?? connection.export_url}
            masked={madeExportUrl === undefined && connection.export_url_masked}
            propertyId={connection.property_id}
            channelId={connection.id}
            onMade={onExportUrlMade}
            reads={connection.export_reads}
            now={now}
          />
        </div>
      </details>
    </li>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}
