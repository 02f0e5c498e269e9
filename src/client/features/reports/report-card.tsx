import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '@/client/components/query-state';
import { Card, CardContent, CardHeader } from '@/client/components/ui/card';
import { Skeleton } from '@/client/components/ui/skeleton';

/**
 * A card below the report's figures, loaded on its own: its heading and what it shows, then its query's
 * table; a grey block while it loads, a retry when it failed.
 */
export function ReportCard<T>({
  id,
  title,
  description,
  query,
  what,
  loadingLabel,
  children,
}: {
  id: string;
  title: string;
  description: string;
  query: UseQueryResult<T>;
  what: string;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          what={what}
          loading={<Skeleton className="h-32 w-full" role="status" aria-label={loadingLabel} />}
        >
          {children}
        </QueryState>
      </CardContent>
    </Card>
  );
}
