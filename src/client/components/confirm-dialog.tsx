import type { ComponentProps, ReactNode } from 'react';
import { Button } from '@/client/components/ui/button';
import { TitledDialog } from '@/client/components/titled-dialog';
import { DialogFooter, type DialogContent } from '@/client/components/ui/dialog';

/**
 * The question asked before a step that cannot be undone: what will happen, a way back, and the
 * destructive step, disabled while it runs; `error`, why the last try failed (the dialog stays open).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  keepLabel,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onCloseAutoFocus,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error?: ReactNode;
  onConfirm: () => void;
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>['onCloseAutoFocus'];
  closeLabel?: string;
  /** What the step may take besides (a message to the guest). */
  children?: ReactNode;
}) {
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onCloseAutoFocus={onCloseAutoFocus}
      closeLabel={closeLabel}
    >
      {children}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
          {keepLabel}
        </Button>
        <Button type="button" variant="destructive" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
