import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { TitledDialog } from '@/client/components/titled-dialog';
import { DialogFooter, type DialogContent } from '@/client/components/ui/dialog';
import { FormAlert } from '@/client/components/ui/form';
import { cn } from '@/client/lib/utils';

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
  twoColumns,
  error,
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
  /** The fields side by side from `sm` up, the refused save and the buttons across both columns. */
  twoColumns?: boolean;
  /** The refused save, if any. */
  error?: ReactNode;
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
        className={twoColumns ? 'grid gap-4 sm:grid-cols-2' : 'grid gap-4'}
        aria-busy={lockWhilePending ? pending : undefined}
      >
        {children}
        {error ? <FormAlert className={twoColumns ? 'sm:col-span-2' : undefined}>{error}</FormAlert> : null}
        <DialogFooter className={cn(twoColumns && 'sm:col-span-2', footerClassName)}>
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
