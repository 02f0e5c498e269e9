import { useId, type ComponentProps, type ReactNode } from 'react';
import { Input } from '@/client/components/ui/input';
import { Label } from '@/client/components/ui/label';
import { cn } from '@/client/lib/utils';

/**
 * A labelled control with its error message: the one field of every form. The control gets its id,
 * `aria-invalid` and `aria-describedby` through the render prop; the message is announced when it
 * appears.
 */
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
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

/** A FormField whose control is an Input: the rest of the props are the input's, a `register(...)` among them. */
export function InputField({
  label,
  error,
  hint,
  required,
  className,
  ...input
}: Omit<ComponentProps<'input'>, 'className'> & {
  label: string;
  error?: { message?: string };
  hint?: string;
  className?: string;
}) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} className={className}>
      {(props) => <Input {...props} {...input} />}
    </FormField>
  );
}

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
