import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

/** A list of bordered rows: a device, a backup, each with what it is and, at the end, what can be done to it. */
export function RowList({ className, ...props }: ComponentProps<'ul'>) {
  return <ul className={cn('grid gap-2', className)} {...props} />;
}

export function RowListItem({ className, ...props }: ComponentProps<'li'>) {
  return (
    <li
      className={cn('flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3', className)}
      {...props}
    />
  );
}
