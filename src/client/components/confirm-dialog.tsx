import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { TitledDialog } from '@/client/components/titled-dialog';
import { DialogFooter } from '@/client/components/ui/dialog';

/**
 * The question asked before a step that cannot be undone: what will happen, a way back, and the
 * destructive step, disabled while it runs; `error`, why the last try failed (the dialog stays open).
 * The dialog's own props (title, description, focus on close, the close button's name) are TitledDialog's.
 */
export function ConfirmDialog({
  keepLabel,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  children,
  ...dialog
}: Pick<
  ComponentProps<typeof TitledDialog>,
  'onOpenChange' | 'title' | 'description' | 'onCloseAutoFocus' | 'closeLabel'
> & {
  open: boolean;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: ReactNode;
  onConfirm: () => void;
  /** What the step may take besides (a message to the guest). */
  children?: ReactNode;
}) {
  return (
    <TitledDialog {...dialog}>
      {children}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => dialog.onOpenChange(false)}>
          {keepLabel}
        </Button>
        <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
