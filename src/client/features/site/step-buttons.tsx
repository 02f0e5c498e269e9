import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { clsx } from 'clsx';

const TONES = {
  light: 'border-input bg-card text-foreground transition-colors hover:bg-muted',
  dark: 'border-white/30 hover:bg-white/10',
};

/** The round arrow buttons that step through slides, back one and on one: the amenities', the lightbox's. */
export function StepButtons({
  labels,
  onStep,
  tone,
  className,
}: {
  labels: { previous: string; next: string };
  onStep: (step: -1 | 1) => void;
  tone: keyof typeof TONES;
  className: string;
}) {
  const button = clsx('inline-flex size-11 items-center justify-center rounded-full border', TONES[tone]);
  return (
    <div className={className}>
      <button type="button" aria-label={labels.previous} onClick={() => onStep(-1)} className={button}>
        <ChevronLeftIcon className="size-5" aria-hidden="true" />
      </button>
      <button type="button" aria-label={labels.next} onClick={() => onStep(1)} className={button}>
        <ChevronRightIcon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
