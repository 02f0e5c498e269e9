import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/utils';

/**
 * A row of buttons of which one is pressed: a choice shown as tabs, with `aria-pressed` saying which to
 * screen readers.
 */
export function ToggleGroup<T>({
  label,
  options,
  value,
  onChange,
  className,
  itemClassName,
  offClassName,
}: {
  label: string;
  /** `shortens`: a label that may be long (a name) is cut with an ellipsis when the row is too wide. */
  options: readonly { value: T; label: string; shortens?: boolean }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  itemClassName?: string;
  /** For the buttons not pressed. */
  offClassName?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className={cn('inline-flex max-w-full min-w-0 bg-muted p-1', className)}
    >
      {options.map((option) => (
        <Button
          key={String(option.value)}
          size="sm"
          variant="ghost"
          aria-pressed={value === option.value}
          title={option.shortens ? option.label : undefined}
          className={cn(
            option.shortens ? 'min-w-0 shrink' : 'shrink-0',
            itemClassName,
            value === option.value ? 'bg-card shadow-sm hover:bg-card' : offClassName,
          )}
          onClick={() => onChange(option.value)}
        >
          <span className="truncate">{option.label}</span>
        </Button>
      ))}
    </div>
  );
}
