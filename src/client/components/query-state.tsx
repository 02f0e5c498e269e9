import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ComponentProps, type ReactNode } from 'react';
import { RotateCwIcon } from 'lucide-react';
import { LoadError } from '@/client/components/load-error';
import { Button } from '@/client/components/ui/button';
import { Skeleton } from '@/client/components/ui/skeleton';
import { getErrorMessage } from '@/client/lib/api-client';
import { cn } from '@/client/lib/utils';

type RetryableQuery = Pick<UseQueryResult, 'error' | 'refetch' | 'isFetching'>;

/** A failed query as a LoadError: its error, and a retry that refetches it. */
export function QueryLoadError({ what, query }: { what: string; query: RetryableQuery }) {
  return (
    <LoadError
      what={what}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}

/** A failed query said in a line, with a small retry: for a panel inside a dialog, where a LoadError is too big. */
export function InlineLoadError({ query, fallback }: { query: RetryableQuery; fallback: string }) {
  return (
    <div role="alert" className="grid justify-items-start gap-2 text-sm">
      <p className="text-destructive">{getErrorMessage(query.error, fallback)}</p>
      <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
        <RotateCwIcon aria-hidden="true" className={query.isFetching ? 'animate-spin' : undefined} />
        Try again
      </Button>
    </div>
  );
}

/** Grey rows in the shape of what is loading; screen readers hear `label` instead. */
export function LoadingSkeletons({
  label,
  rows,
  className,
  ...props
}: ComponentProps<'div'> & { label: string; rows: readonly string[] }) {
  return (
    <div role="status" className={cn('grid gap-3', className)} {...props}>
      <span className="sr-only">{label}</span>
      {rows.map((row, index) => (
        <Skeleton key={index} className={row} />
      ))}
    </div>
  );
}

/** A line saying what is loading, where a view's content will stand. */
export function LoadingLine({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('py-12 text-center text-muted-foreground', className)} role="status" {...props} />;
}

/**
 * What a query has to show: `loading` while it is pending, a LoadError with a retry when it failed, else
 * `children` with its data.
 */
export function QueryState<T>({
  query,
  what,
  loading,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  loading: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError) return <QueryLoadError what={what} query={query} />;
  return children(query.data);
}

/** A form of saved settings, once its query has loaded them: grey rows meanwhile, a LoadError on failure. */
export function QueryForm<T>({
  query,
  what,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  loadingLabel: string;
  children: (saved: T) => ReactNode;
}) {
  return (
    <QueryState
      query={query}
      what={what}
      loading={<LoadingSkeletons label={loadingLabel} rows={FORM_ROWS} />}
    >
      {(saved) => (
        // Keyed by what was saved, so a save or another tab's change starts the form afresh.
        <Fragment key={JSON.stringify(saved)}>{children(saved)}</Fragment>
      )}
    </QueryState>
  );
}

const FORM_ROWS = ['h-10 w-full', 'h-20 w-full'];
