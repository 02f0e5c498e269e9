import { ChevronDownIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cn } from '@/client/lib/utils';

/** A small button that shows and hides a panel below it; the panel mounts only while shown, so it loads then. */
export function Disclosure({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className={cn('grid gap-2', className)}>
      <button
        type="button"
        className="inline-flex items-center gap-1 justify-self-start text-xs font-medium text-muted-foreground underline-offset-2 hover:underline"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <ChevronDownIcon
          className={cn('size-3.5 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
        {label}
      </button>
      <div id={panelId} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
