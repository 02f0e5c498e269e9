import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon, ArrowRightIcon } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { describeConnectionHealth, labelConnection } from './channel-health';
import { channelsAttentionQuery, type ConnectionNeedingAttention } from './channels-api';

/** Why a connection is listed, in a few words. */
function describeAttention(connection: ConnectionNeedingAttention, now: Date): string[] {
  const reasons: string[] = [];
  const health = describeConnectionHealth(connection, 0, now);
  if (connection.stale)
    reasons.push(
      connection.last_synced_at ? `Stale: last synced ${health.lastSuccess}` : 'Stale: never synced',
    );
  if (connection.last_error) reasons.push(`Failing: ${connection.last_error}`);
  if (connection.open_conflicts > 0)
    reasons.push(
      `${connection.open_conflicts} open ${connection.open_conflicts === 1 ? 'conflict' : 'conflicts'}`,
    );
  return reasons;
}

/**
 * The dashboard's channel warnings: connections of every property that are stale, failing or in
 * conflict, each with a way to its property's Channels view. Nothing shows while all is well.
 */
export function ChannelsAttention({ onOpenChannels }: { onOpenChannels: (propertyId: string) => void }) {
  const attention = useQuery(channelsAttentionQuery());
  if (attention.isError) {
    return (
      <p role="alert" className="flex items-center gap-2 text-sm text-destructive">
        The channels’ health could not be loaded.
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void attention.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  const connections = attention.data?.connections ?? [];
  if (connections.length === 0) return null;
  const now = new Date();
  const conflicts = attention.data?.open_conflicts ?? 0;
  return (
    <Card className="border-yellow-400" role="region" aria-labelledby="channels-attention-title">
      <CardHeader className="pb-3">
        <h2
          id="channels-attention-title"
          className="flex items-center gap-2 text-lg leading-tight font-semibold"
        >
          <AlertTriangleIcon className="size-5 text-yellow-700" aria-hidden="true" />
          Channels need attention
        </h2>
        <CardDescription>
          {conflicts > 0 ? `${conflicts} open ${conflicts === 1 ? 'conflict' : 'conflicts'} to settle. ` : ''}
          A calendar that does not sync may let nights be sold twice.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Connections needing attention">
          {connections.map((connection) => (
            <li
              key={connection.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium">
                  {labelConnection(connection)} · {connection.property_name}
                </p>
                <p className="text-muted-foreground">{describeAttention(connection, now).join(' · ')}</p>
              </div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                onClick={() => onOpenChannels(connection.property_id)}
                aria-label={`Open channels: ${connection.property_name}`}
              >
                Open channels <ArrowRightIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
