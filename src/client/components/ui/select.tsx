import { ChevronDownIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * The one select: the browser's own, styled like Input. It works with `register()` as any input does,
 * opens the platform's picker on phones, and needs no script to be keyboard- and screen-reader-usable.
 */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="flex h-10 w-full appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDownIcon
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60"
        aria-hidden="true"
      />
    </div>
  );
}

/** One option per value, each worded by its label. */
export function SelectOptions<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels: Readonly<Record<Value, string>>;
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
