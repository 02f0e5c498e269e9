import { TimerIcon } from 'lucide-react';
import { useMinuteClock } from '@/client/lib/use-minute-clock';
import { cn } from '@/client/lib/utils';
import { describeLapse } from './lapse-time';

/**
 * When a pending guest request lapses unanswered (it is then cancelled and the guest told): "Lapses in
 * 5 hours", in the destructive colour once little time is left. `showWhen` adds the villa's clock time.
 */
export function LapseCountdown({
  lapsesAt,
  now,
  showWhen = false,
  className,
}: {
  lapsesAt: string;
  /** A fixed "now" (tests); otherwise the clock, moved on every minute. */
  now?: Date;
  showWhen?: boolean;
  className?: string;
}) {
  const clock = useMinuteClock();
  const lapse = describeLapse(lapsesAt, now ?? clock);
  return (
    <span
      className={cn(
        'inline-flex flex-wrap items-center gap-x-1 [&_svg]:size-3.5',
        lapse.urgent ? 'font-semibold text-destructive' : 'text-accent',
        className,
      )}
      data-lapse={lapse.urgent ? 'urgent' : 'later'}
      title={`Unanswered, it is cancelled and the guest told at ${lapse.when} (villa time)`}
    >
      <TimerIcon aria-hidden="true" />
      <time dateTime={lapsesAt}>{lapse.text}</time>
      {showWhen ? (
        // On a phone the time wraps to its own line, where a leading dot would dangle.
        <span className="font-normal text-muted-foreground">
          <span className="hidden sm:inline">· </span>
          {lapse.when} villa time
        </span>
      ) : null}
    </span>
  );
}
