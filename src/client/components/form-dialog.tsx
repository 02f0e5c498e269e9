import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { TitledDialog } from '@/client/components/titled-dialog';
import { DialogFooter, type DialogContent } from '@/client/components/ui/dialog';
import { FormAlert } from '@/client/components/ui/form';

/**
 * A form in a dialog: its title and what it does, the fields, a refused save said inside the dialog
 * (while a modal is open, screen readers cannot reach the toasts), then Cancel and the submit button.
 * With `lockWhilePending` the dialog cannot be closed while the save runs, so its result is not lost.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  className,
  onCloseAutoFocus,
  onSubmit,
  formClassName,
  error,
  alertClassName,
  footerClassName,
  submitLabel,
  pendingLabel,
  pending,
  lockWhilePending,
  after,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  className?: string;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
  onSubmit: FormEventHandler<HTMLFormElement>;
  formClassName?: string;
  /** The refused save, if any. */
  error?: ReactNode;
  alertClassName?: string;
  footerClassName?: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  lockWhilePending?: boolean;
  /** Shown below the form. */
  after?: ReactNode;
  children: ReactNode;
}) {
  const locked = Boolean(lockWhilePending && pending);
  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => (locked ? undefined : onOpenChange(next))}
      title={title}
      description={description}
      className={className}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className={formClassName ?? 'grid gap-4'}
        aria-busy={lockWhilePending ? pending : undefined}
      >
        {children}
        {error ? <FormAlert className={alertClassName}>{error}</FormAlert> : null}
        <DialogFooter className={footerClassName}>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={locked}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </form>
      {after}
    </TitledDialog>
  );
}
