import { cx } from '@/client/lib/class-names';

/**
 * Button styles for links on the public pages: the same look as the shared Button, as plain class
 * strings (no tailwind-merge), so every variant here is written without conflicting classes.
 */
const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold tracking-wide transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&_svg]:size-4 [&_svg]:shrink-0';

const VARIANTS = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary/90',
  bronze: 'bg-[#9a6532] text-white hover:bg-[#855628]',
  ivory: 'bg-[#f7f3ec] text-primary hover:bg-white',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  'outline-light': 'border border-white/60 bg-white/5 text-white hover:bg-white/15',
} as const;

const SIZES = {
  sm: 'h-9 px-5 text-sm',
  lg: 'h-12 px-8 text-base',
} as const;

export function siteButton({
  variant = 'primary',
  size = 'lg',
}: { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES } = {}) {
  return cx(BASE, VARIANTS[variant], SIZES[size]);
}
