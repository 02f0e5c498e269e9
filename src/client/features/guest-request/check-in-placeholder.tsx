import { Skeleton } from '@/client/components/ui/skeleton';

export const CHECK_IN_SECTION_CLASS = 'mt-8 scroll-mt-24 rounded-xl bg-background p-5 sm:p-6';

/**
 * Where online check-in comes while its form (and the validation it brings, zod included) loads: the page
 * paints without them, and a link to `#check-in` has its place from the first paint.
 */
export function CheckInPlaceholder({ title }: { title: string }) {
  return (
    <section
      id="check-in"
      aria-labelledby="check-in-title"
      aria-busy="true"
      className={CHECK_IN_SECTION_CLASS}
    >
      <h2 id="check-in-title" className="font-display text-2xl font-medium">
        {title}
      </h2>
      <Skeleton className="mt-4 h-32 w-full" />
    </section>
  );
}
