import type { AnchorHTMLAttributes } from 'react';
import { clsx } from 'clsx';
import { buttonVariants } from '@/client/components/ui/button-variants';

/**
 * A large pill link of a call to action on a dark panel (write, call, visit): the whole width on a
 * phone, its own width from `sm` up.
 */
export function CtaLink({
  variant,
  className,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant: 'ivory' | 'outline-light' }) {
  return (
    <a
      {...props}
      className={clsx(buttonVariants({ variant, shape: 'pill', size: 'lg' }), 'w-full sm:w-auto', className)}
    />
  );
}
