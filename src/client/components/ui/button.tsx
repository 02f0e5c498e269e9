import type { VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';
import { buttonVariants } from './button-variants';

/** A button in the shared styles (`buttonVariants`), or its one child styled so with `asChild`. */
export function Button({
  className,
  variant,
  size,
  shape,
  asChild = false,
  ...props
}: ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Component = asChild ? Slot.Root : 'button';
  return <Component className={cn(buttonVariants({ variant, size, shape }), className)} {...props} />;
}
