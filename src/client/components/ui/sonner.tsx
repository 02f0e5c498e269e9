import { Toaster as Sonner, type ToasterProps } from 'sonner';

/**
 * Toasts in the brand palette. Sonner renders them in a labelled live region, so screen readers
 * announce each one; error toasts use the destructive colours.
 */
export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      position="top-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: '!bg-card !text-card-foreground !border-border !font-sans',
          title: '!font-semibold',
          description: '!text-muted-foreground',
          error:
            '!bg-destructive !text-destructive-foreground !border-destructive [&_[data-description]]:!text-destructive-foreground',
          success: '[&_[data-icon]]:!text-success',
        },
      }}
      {...props}
    />
  );
}
