import { cva } from 'class-variance-authority';

/**
 * The one set of button styles: management buttons (`Button`) and the public pages' links that look
 * like buttons (`buttonVariants({ shape: 'pill' })` on an `<a>`). Variants never set the same property
 * twice (padding and text size live only in the size/shape pairs), so the class string is correct
 * without merging: the public pages join classes with clsx and do not load tailwind-merge.
 *
 * A module of its own, apart from `Button` (which merges with `cn()` and may render radix's Slot), so
 * that the public pages' chunks hold neither tailwind-merge nor radix.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold tracking-wide transition-colors disabled:pointer-events-none disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        accent: 'bg-accent text-accent-foreground hover:bg-accent/90',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        outline: 'border border-input bg-card text-foreground hover:bg-muted',
        // A quiet first step towards removing something (the confirmation asks with `destructive`).
        'destructive-outline': 'border border-input bg-card text-destructive hover:bg-muted',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-muted',
        link: 'text-primary underline-offset-4 hover:underline',
        // The public pages' own colours.
        bronze: 'bg-[#9a6532] text-white hover:bg-[#855628]',
        ivory: 'bg-[#f7f3ec] text-primary hover:bg-white',
        'outline-light': 'border border-white/60 bg-white/5 text-white hover:bg-white/15',
      },
      size: {
        default: 'h-10 py-2 text-sm',
        sm: 'h-9 text-sm',
        lg: 'h-12 text-base',
        icon: 'size-10 text-sm',
      },
      shape: {
        rounded: 'rounded-md',
        pill: 'rounded-full',
      },
    },
    compoundVariants: [
      { shape: 'rounded', size: 'default', class: 'px-4' },
      { shape: 'rounded', size: 'sm', class: 'px-3' },
      { shape: 'rounded', size: 'lg', class: 'px-7' },
      { shape: 'pill', size: 'default', class: 'px-6' },
      { shape: 'pill', size: 'sm', class: 'px-5' },
      { shape: 'pill', size: 'lg', class: 'px-8' },
    ],
    defaultVariants: { variant: 'default', size: 'default', shape: 'rounded' },
  },
);
