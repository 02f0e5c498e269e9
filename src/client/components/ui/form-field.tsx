import { useId, type ReactNode } from 'react';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/utils';

/** A labelled control with its error message wired for screen readers. */
export function FormField({
  label,
  error,
  hint,
  required,
  className,
  children,
}: {
  label: string;
  error?: { message?: string };
  hint?: string;
  required?: boolean;
  className?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>
        {label}
        {required ? (
          <span aria-hidden="true" className="text-destructive">
            {' '}
            *
          </span>
        ) : null}
        {hint ? <span className="ml-1 font-normal text-muted-foreground">({hint})</span> : null}
      </Label>
      {children({
        id,
        'aria-invalid': Boolean(error?.message),
        'aria-describedby': error?.message ? messageId : undefined,
      })}
      {error?.message ? (
        <p id={messageId} className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/** The classes of a native <select>, matching Input. */
export const nativeSelectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring md:text-sm';

/** A form-level error, announced at once (inside a dialog too, where toasts cannot be reached). */
export function FormAlert({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <p
      role="alert"
      className={cn(
        'rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm text-destructive',
        className,
      )}
    >
      {children}
    </p>
  );
}
