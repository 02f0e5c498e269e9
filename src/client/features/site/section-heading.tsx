import type { ReactNode } from 'react';
import { clsx } from 'clsx';

/**
 * A section's eyebrow, title and intro, in the site's type scale; `text` is the section's content (the
 * landing page's sections have theirs under those names).
 */
export function SectionHeading({
  text: { eyebrow, title, intro },
  align = 'center',
  tone = 'light',
  id,
}: {
  text: { eyebrow: string; title: string; intro?: ReactNode };
  align?: 'center' | 'left';
  tone?: 'light' | 'dark';
  id?: string;
}) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={clsx(
          'text-xs font-semibold tracking-[0.28em] uppercase',
          tone === 'light' ? 'text-accent' : 'text-[#e8c79c]',
        )}
      >
        {eyebrow}
      </p>
      <h2 id={id} className="mt-4 font-display text-4xl leading-[1.1] font-medium text-balance sm:text-5xl">
        {title}
      </h2>
      <div
        aria-hidden="true"
        className={clsx('mt-6 h-px w-16 bg-accent/60', align === 'center' && 'mx-auto')}
      />
      {intro ? (
        <p
          className={clsx(
            'mt-6 text-base leading-relaxed sm:text-lg',
            tone === 'light' ? 'text-muted-foreground' : 'text-white/80',
          )}
        >
          {intro}
        </p>
      ) : null}
    </div>
  );
}
