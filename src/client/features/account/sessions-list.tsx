import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LaptopIcon } from 'lucide-react';
import { toast } from 'sonner';
import { QueryLoadError } from '@/client/components/query-state';
import { Badge } from '@/client/components/ui/badge';
import { Button } from '@/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/client/components/ui/card';
import { RowList, RowListItem } from '@/client/components/ui/row-list';
import { Skeleton } from '@/client/components/ui/skeleton';
import { sessionKeys } from '@/client/features/session';
import { getErrorMessage } from '@/client/lib/api-client';
import { sessionsQuery, useRevokeSession } from './account-api';

const formatWhen = (timestamp: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(timestamp));

/** Where the operator is signed in, with a way to sign any of those devices out. */
export function SessionsList() {
  const sessions = useQuery(sessionsQuery());
  const revoke = useRevokeSession();
  const queryClient = useQueryClient();

  const signOut = (id: string, device: string) =>
    revoke.mutate(id, {
      onSuccess: ({ current }) => {
        if (current) queryClient.setQueryData(sessionKeys.current, null);
        else toast.success('Signed out', { description: `${device} is no longer signed in.` });
      },
      onError: (error) =>
        toast.error('Error', { description: getErrorMessage(error, 'That session could not be signed out') }),
    });

  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-semibold">Signed-in devices</h2>
        <CardDescription>
          Sessions end after a while without use. Sign out any device you do not recognise, then change your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="grid gap-2" aria-label="Loading sessions">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : sessions.isError ? (
          <QueryLoadError what="sessions" query={sessions} />
        ) : sessions.data.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sessions are signed in.</p>
        ) : (
          <RowList aria-label="Sessions">
            {sessions.data.sessions.map((session) => (
              <RowListItem key={session.id}>
                <div className="flex min-w-0 items-start gap-3">
                  <LaptopIcon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0">
                    <p className="font-medium">
                      {session.device}{' '}
                      {session.current ? <Badge variant="secondary">This device</Badge> : null}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {session.ip_address ?? 'Unknown address'} · signed in {formatWhen(session.created_at)} ·
                      last used {formatWhen(session.last_used_at)}
                    </p>
                  </div>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending && revoke.variables === session.id}
                  aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
                  onClick={() => signOut(session.id, session.device)}
                >
                  Sign out
                </Button>
              </RowListItem>
            ))}
          </RowList>
        )}
      </CardContent>
    </Card>
  );
}
