import type { ComponentProps } from 'react';
import { cn } from '@/client/lib/utils';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

/** An amount of money: never negative, to the cent. */
export function MoneyInput(props: ComponentProps<'input'>) {
  return <Input type="number" min={0} step="0.01" {...props} />;
}

/** A count of things (rooms, guests): a whole number from 1, with the phone's number pad. */
export function CountInput(props: ComponentProps<'input'>) {
  return <Input type="number" inputMode="numeric" min={1} step={1} {...props} />;
}
