import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/**
 * One view of the management area: a section named by its heading, with a line under the heading. Given
 * `actions` (null too, for controls that come later), the heading and the view's controls share a row.
 */
export function ViewSection({
  id,
  title,
  description,
  actions,
  className,
  headerClassName,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  className?: string;
  headerClassName?: string;
  children: ReactNode;
}) {
  const heading = (
    <div className="min-w-0">
      <h2 id={id} className="font-display text-2xl font-semibold break-words">
        {title}
      </h2>
      <p className="text-sm break-words text-muted-foreground">{description}</p>
    </div>
  );
  return (
    <section aria-labelledby={id} className={cn('grid grid-cols-1 gap-4', className)}>
      {actions === undefined ? (
        heading
      ) : (
        <div className={cn('flex flex-wrap items-end justify-between gap-3', headerClassName)}>
          {heading}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
