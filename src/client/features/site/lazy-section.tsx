import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { clsx } from 'clsx';
import { fillText } from '@/content/fill-text';
import { registerLazySection } from './section-scroll';
import { useSiteText } from './site-context';

/** Sections start loading when they come this close to the viewport. */
const LAZY_SECTION_MARGIN = '300px 0px';
/** The loading skeleton: a title bar and six blocks. */
export const SKELETON_BLOCKS = 6;

function Skeleton({ className, ...props }: { className: string; 'data-skeleton': string }) {
  return <div aria-hidden="true" className={clsx('animate-pulse bg-muted', className)} {...props} />;
}

export function SectionSkeleton({ label }: { label: string }) {
  const { chrome } = useSiteText();
  return (
    <div className="mx-auto max-w-7xl px-5 sm:px-8" data-testid="section-skeleton">
      <span className="sr-only">{fillText(chrome.loadingSection, { label })}</span>
      <Skeleton className="mx-auto h-12 w-2/3 max-w-md rounded-md" data-skeleton="title" />
      <div className="mt-12 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: SKELETON_BLOCKS }, (_, index) => (
          <Skeleton key={index} className="h-48 rounded-2xl" data-skeleton="block" />
        ))}
      </div>
    </div>
  );
}

/**
 * A landing page section whose content is a separate chunk, loaded when the section nears the viewport
 * (or when any section link is followed). The section element, with its id, is always in the page so
 * anchors work; until the content arrives it shows the skeleton.
 */
export function LazySection({
  id,
  label,
  load,
  className,
  loadingClassName,
}: {
  id: string;
  label: string;
  load: () => Promise<{ default: ComponentType }>;
  className?: string;
  /** Classes while the skeleton shows (a min-height near the content's, so little shifts on load). */
  loadingClassName?: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const [Content, setContent] = useState<ComponentType | null>(null);
  const pending = useRef<Promise<void> | null>(null);

  const start = useCallback(() => {
    // A failed download (offline, or an old chunk after a deploy) is logged and may be tried again.
    pending.current ??= load().then(
      (module) => setContent(() => module.default),
      (error: unknown) => {
        pending.current = null;
        console.error(`The ${label} section could not be loaded`, error);
      },
    );
    return pending.current;
  }, [load, label]);

  useEffect(() => registerLazySection(start), [start]);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      void start();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void start();
        }
      },
      { rootMargin: LAZY_SECTION_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [start]);

  return (
    <section
      ref={ref}
      id={id}
      aria-label={Content ? undefined : label}
      aria-labelledby={Content ? `${id}-title` : undefined}
      aria-busy={!Content}
      className={clsx('scroll-mt-16 lg:scroll-mt-20', className, !Content && loadingClassName)}
    >
      {Content ? <Content /> : <SectionSkeleton label={label} />}
    </section>
  );
}
