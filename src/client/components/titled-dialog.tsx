import type { ComponentProps, ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/client/components/ui/dialog';

/**
 * A modal dialog headed by its title and what it is about, then its content; the other props are
 * DialogContent's.
 */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  ...content
}: Omit<ComponentProps<typeof DialogContent>, 'title'> & {
  open?: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent {...content}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
