import { useQuery } from '@tanstack/react-query';
import { PlusIcon, RadioTowerIcon } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ChannelConnection, SyncConflict } from '@/domain/channel';
import type { Property } from '@/domain/property';
import type { Wire } from '@/domain/wire-amount';
import { LoadingLine, QueryLoadError } from '@/client/components/query-state';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { ViewSection } from '@/client/components/view-section';
import { useMinuteClock } from '@/client/lib/use-minute-clock';
import { channelsQuery, syncConflictsQuery } from './channels-api';
import { ConnectionCard } from './connection-card';
import { ConnectionFormDialog } from './connection-form-dialog';
import { ExportUrlField } from './export-url-field';

/** The key of the property's own address among the addresses made while the view is open. */
const PROPERTY_ADDRESS = 'property';

/**
 * A property's channels: the calendar address to give the channels, and the channels' calendars it
 * imports, with their health, conflicts and Sync now.
 */
export function ChannelsView({ property }: { property: Wire<Property> }) {
  const channels = useQuery(channelsQuery(property.id));
  const conflicts = useQuery(syncConflictsQuery(property.id));
  const clock = useMinuteClock();
  // Read against the later of the minute tick and the answer, so a fresh answer never looks older.
  const now = new Date(Math.max(clock.getTime(), channels.dataUpdatedAt));
  // null: closed; 'new': adding; a connection: editing it.
  const [editing, setEditing] = useState<ChannelConnection | 'new' | null>(null);
  // An export address comes in full only in the answer that made it (a new connection, the property's
  // first list, a rotation); later answers mask it. Each one made is kept here, by connection id, while
  // the view is open, so the list's next reload does not hide it before the operator has copied it.
  const [madeUrls, setMadeUrls] = useState<ReadonlyMap<string, string>>(() => new Map());
  const rememberMadeUrl = useCallback(
    (key: string, url: string) =>
      setMadeUrls((made) => (made.get(key) === url ? made : new Map(made).set(key, url))),
    [],
  );

  const conflictsByConnection = useMemo(() => {
    const grouped = new Map<string, SyncConflict[]>();
    for (const conflict of conflicts.data ?? [])
      grouped.set(conflict.connection_id, [...(grouped.get(conflict.connection_id) ?? []), conflict]);
    return grouped;
  }, [conflicts.data]);

  const list = channels.data;
  useEffect(() => {
    if (list && !list.export_url_masked) rememberMadeUrl(PROPERTY_ADDRESS, list.export_url);
  }, [list, rememberMadeUrl]);
  const propertyUrl = list
    ? (madeUrls.get(PROPERTY_ADDRESS) ?? (list.export_url_masked ? undefined : list.export_url))
    : undefined;
  return (
    <ViewSection
      id="channels-title"
      title="Channels"
      description={property.name}
      className="min-w-0"
      headerClassName="gap-2"
      actions={
        list ? (
          <Button type="button" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden="true" /> Connect a channel
          </Button>
        ) : null
      }
    >
      {channels.isError && !list ? (
        <QueryLoadError what="channels" query={channels} />
      ) : !list ? (
        <LoadingLine>Loading channels...</LoadingLine>
      ) : (
        <>
          <Card>
            <CardHeader className="pb-3">
              <h3 className="text-lg font-semibold">This property’s calendar</h3>
              <CardDescription>
                Give this address to any channel that should close the nights booked here. It holds dates
                only, no guest details. A connected channel has its own address below, which leaves out its
                own stays.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ExportUrlField
                label="Export address"
                url={propertyUrl ?? list.export_url}
                masked={propertyUrl === undefined}
                propertyId={property.id}
                channelId={null}
                onMade={(url) => rememberMadeUrl(PROPERTY_ADDRESS, url)}
                reads={list.export_reads}
                now={now}
              />
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="pb-3">
              <h3 className="text-lg font-semibold">Connected calendars</h3>
              <CardDescription>
                Each is synced every {list.sync_minutes} minutes and flagged when it has not synced for{' '}
                {list.stale_hours} hours.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {conflicts.isError ? (
                <p role="alert" className="mb-3 text-sm text-destructive">
                  The conflicts could not be loaded.{' '}
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto p-0"
                    onClick={() => void conflicts.refetch()}
                  >
                    Try again
                  </Button>
                </p>
              ) : null}
              {list.connections.length === 0 ? (
                <div className="flex flex-col items-center gap-3 py-10 text-center">
                  <RadioTowerIcon className="size-8 text-muted-foreground" aria-hidden="true" />
                  <p className="font-medium">No channels connected yet</p>
                  <p className="max-w-md text-sm text-muted-foreground">
                    Connect Airbnb, Booking.com or any iCal calendar: their stays show here and their nights
                    cannot be sold twice.
                  </p>
                  <Button type="button" variant="outline" onClick={() => setEditing('new')}>
                    <PlusIcon aria-hidden="true" /> Connect a channel
                  </Button>
                </div>
              ) : (
                <ul className="grid gap-3" aria-label="Connections">
                  {list.connections.map((connection) => (
                    <ConnectionCard
                      key={connection.id}
                      connection={connection}
                      conflicts={conflictsByConnection.get(connection.id) ?? []}
                      staleHours={list.stale_hours}
                      now={now}
                      onEdit={() => setEditing(connection)}
                      madeExportUrl={madeUrls.get(connection.id)}
                      onExportUrlMade={(url) => rememberMadeUrl(connection.id, url)}
                    />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}

      {editing ? (
        <ConnectionFormDialog
          propertyId={property.id}
          connection={editing === 'new' ? undefined : editing}
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          onSaved={(saved) => {
            if (!saved.export_url_masked) rememberMadeUrl(saved.id, saved.export_url);
          }}
        />
      ) : null}
    </ViewSection>
  );
}
