import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

// Colours chosen for WCAG AA contrast of the text on its tint.
export const badgeVariants = cva(
  'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        success: 'border-green-300 bg-green-100 text-green-900',
        warning: 'border-yellow-300 bg-yellow-100 text-yellow-900',
        info: 'border-blue-300 bg-blue-100 text-blue-900',
        danger: 'border-red-300 bg-red-100 text-red-900',
        neutral: 'border-gray-300 bg-gray-100 text-gray-800',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export function Badge({
  className,
  variant,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
