import { useQuery } from '@tanstack/react-query';
import { ArchiveIcon, DownloadIcon, LoaderCircleIcon, TerminalIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { formatBytes, type Backup, type BackupList } from '@/domain/backup';
import { backupRoutes, buildEndpointPath } from '@/domain/contracts/routes';
import { formatVillaClock, formatVillaTime } from '@/domain/dates';
import { QueryLoadError } from '@/client/components/query-state';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { RowList, RowListItem } from '@/client/components/ui/row-list';
import { Skeleton } from '@/client/components/ui/skeleton';
import { ViewSection } from '@/client/components/view-section';
import { getErrorMessage, readErrorCode } from '@/client/lib/api-client';
import { backupsQuery, useMakeBackup } from './backups-api';

const KIND_LABELS: Record<Backup['kind'], string> = { daily: 'Daily', manual: 'Made by you' };

/** Tells the operator when the backup they are waiting for is written, or why it was not. */
function useBackupOutcome(data: BackupList | undefined) {
  const wasRunning = useRef(false);
  useEffect(() => {
    if (!data) return;
    if (data.running) {
      wasRunning.current = true;
      return;
    }
    if (!wasRunning.current) return;
    wasRunning.current = false;
    if (data.last_failure) toast.error('The backup failed', { description: data.last_failure.message });
    else if (data.backups[0])
      toast.success('Backup made', {
        description: `${data.backups[0].name} (${formatBytes(data.backups[0].bytes)})`,
      });
  }, [data]);
}

/**
 * The backups of the whole database on the server: made daily and on request, each downloadable; restoring
 * one stays a command on the machine (it replaces everything, with the server stopped).
 */
export function BackupsView() {
  const backups = useQuery(backupsQuery());
  const make = useMakeBackup();
  useBackupOutcome(backups.data);
  const running = backups.data?.running ?? null;

  const makeNow = () =>
    make.mutate(undefined, {
      onError: (error) => {
        if (readErrorCode(error) === 'backup_running') return;
        toast.error('The backup could not be started', {
          description: getErrorMessage(error, 'Please try again.'),
        });
      },
    });

  return (
    <ViewSection
      id="backups-title"
      title="Backups"
      description="Copies of everything: properties, bookings, guests, payments, invoices and your account. One is made every day; make one yourself before a big change."
      actions={
        <Button onClick={makeNow} disabled={running !== null || make.isPending || backups.isPending}>
          {running || make.isPending ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <ArchiveIcon aria-hidden="true" />
          )}
          {running || make.isPending ? 'Making a backup…' : 'Make a backup now'}
        </Button>
      }
    >
      {running ? (
        <Card role="status" aria-live="polite" className="flex items-center gap-3 p-4">
          <LoaderCircleIcon aria-hidden="true" className="size-5 shrink-0 animate-spin text-primary" />
          <p className="text-sm">
            A backup is being made (started {formatVillaClock(running.started_at)} villa time). The site stays
            open meanwhile; this list shows it when it is written.
          </p>
        </Card>
      ) : backups.data?.last_failure ? (
        <Card role="alert" className="p-4 text-sm">
          <p className="font-medium text-destructive">
            The last backup failed ({formatVillaTime(backups.data.last_failure.at)}).
          </p>
          <p className="break-words text-muted-foreground">{backups.data.last_failure.message}</p>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <h3 className="font-display text-xl font-semibold">On the server</h3>
          <CardDescription>
            Newest first, times in villa time (IST). The newest daily backups are kept; the ones you make are
            never deleted for you.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {backups.isPending ? (
            <div className="grid gap-2" role="status" aria-label="Loading backups">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : backups.isError ? (
            <QueryLoadError what="backups" query={backups} />
          ) : backups.data.backups.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No backups yet. The first daily one is made within an hour of the server starting, or make one
              now.
            </p>
          ) : (
            <RowList aria-label="Backups">
              {backups.data.backups.map((backup) => (
                <RowListItem key={backup.name}>
                  <div className="min-w-0">
                    <p className="font-medium">
                      {formatVillaTime(backup.created_at)}{' '}
                      <Badge variant={backup.kind === 'manual' ? 'default' : 'secondary'}>
                        {KIND_LABELS[backup.kind]}
                      </Badge>
                    </p>
                    <p className="text-sm break-all text-muted-foreground">
                      {formatBytes(backup.bytes)} · {backup.name}
                    </p>
                  </div>
                  <Button asChild variant="outline" size="sm">
                    <a
                      href={buildEndpointPath(backupRoutes.downloadBackup, { name: backup.name })}
                      download={backup.name}
                      aria-label={`Download the backup of ${formatVillaTime(backup.created_at)}`}
                    >
                      <DownloadIcon aria-hidden="true" />
                      Download
                    </a>
                  </Button>
                </RowListItem>
              ))}
            </RowList>
          )}
        </CardContent>
      </Card>

      {backups.data ? <RestoreHelp list={backups.data} /> : null}
    </ViewSection>
  );
}

/** Restoring replaces the whole database, so it is done on the machine, deliberately, not from here. */
function RestoreHelp({ list }: { list: BackupList }) {
  const example = `${list.folder}/${list.backups[0]?.name ?? 'villa-backup-….pglite.tar.gz'}`;
  return (
    <Card>
      <CardHeader>
        <h3 className="flex items-center gap-2 font-display text-xl font-semibold">
          <TerminalIcon aria-hidden="true" className="size-5" />
          Restoring a backup
        </h3>
        <CardDescription>
          A restore replaces everything, so it is a command on the server&apos;s machine, never a button here.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <ol className="grid list-decimal gap-1 pl-5">
          <li>
            Backups are kept in <code className="break-all">{list.folder}</code>; a downloaded one can be
            copied back there or anywhere on the machine.
          </li>
          <li>Stop the server.</li>
          <li>
            Restore into an <strong>empty</strong> data directory or database (a restore never writes over
            data), with the file in place of <code>&lt;file&gt;</code>:
          </li>
        </ol>
        <pre className="overflow-x-auto rounded-md bg-muted p-3 text-xs">
          <code>{list.restore_command.replace('<file>', example)}</code>
        </pre>
        <p className="text-muted-foreground">
          Then start the server on the restored data. The steps for each database are in the operations guide
          (docs/operations.md, (docs/operations.md, &ldquo;Backups and
          restore&rdquo;)ldquo;Backups(docs/operations.md, &ldquo;Backups and restore&rdquo;)rdquo;).
        </p>
      </CardContent>
    </Card>
  );
}
