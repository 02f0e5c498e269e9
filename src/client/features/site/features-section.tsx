import {
  CarIcon,
  ChefHatIcon,
  ClapperboardIcon,
  SofaIcon,
  SunriseIcon,
  TreesIcon,
  UsersIcon,
  WifiIcon,
} from 'lucide-react';
import { useRef, type ComponentType, type SVGProps } from 'react';
import type { AmenityIcon } from '@/content/landing';
import { fillText } from '@/content/fill-text';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { SectionHeading } from './section-heading';
import { prefersReducedMotion } from './section-scroll';
import { SectionLink, useLandingText, useSiteText } from './site-context';
import { StepButtons } from './step-buttons';

const ICONS: Record<AmenityIcon, ComponentType<SVGProps<SVGSVGElement>>> = {
  trees: TreesIcon,
  sofa: SofaIcon,
  'chef-hat': ChefHatIcon,
  sunrise: SunriseIcon,
  users: UsersIcon,
  clapperboard: ClapperboardIcon,
  car: CarIcon,
  wifi: WifiIcon,
};

/**
 * Below the large breakpoint the amenities are a looping carousel: a native scroll-snap strip (touch
 * swipes for free) whose arrows wrap around at either end. At lg and above it is a four-column grid.
 * (Native scrolling instead of embla keeps `/` within its JS budget: embla is ~11 KB gzip.)
 */
function scrollCarousel(strip: HTMLElement | null, direction: 1 | -1) {
  if (!strip) return;
  const slide = strip.querySelector('li')?.getBoundingClientRect().width ?? strip.clientWidth;
  const atStart = strip.scrollLeft <= 2;
  const atEnd = strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 2;
  const behavior = prefersReducedMotion() ? 'instant' : 'smooth';
  if (direction === 1 && atEnd) strip.scrollTo({ left: 0, behavior });
  else if (direction === -1 && atStart) strip.scrollTo({ left: strip.scrollWidth, behavior });
  else strip.scrollBy({ left: direction * slide, behavior });
}

export function FeaturesSection() {
  const stripRef = useRef<HTMLDivElement>(null);
  const texts = useSiteText();
  const { amenities, features } = useLandingText();
  const text = texts.chrome.features;
  return (
    <section
      id="highlights"
      aria-labelledby="highlights-title"
      className="scroll-mt-16 bg-background py-24 lg:scroll-mt-20 lg:py-32"
    >
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <SectionHeading id="highlights-title" text={features} />
        <div className="mt-14">
          <div
            ref={stripRef}
            role="region"
            aria-roledescription="carousel"
            aria-label={text.carousel}
            tabIndex={0}
            className="-mx-5 snap-x snap-mandatory motion-safe:scroll-smooth scroll-px-5 overflow-x-auto px-5 pb-2 [scrollbar-width:none] sm:-mx-8 sm:scroll-px-8 sm:px-8 lg:mx-0 lg:overflow-visible lg:px-0 lg:pb-0 [&::-webkit-scrollbar]:hidden"
          >
            <ul className="flex gap-4 lg:grid lg:grid-cols-4 lg:gap-6">
              {amenities.map((amenity, index) => {
                const Icon = ICONS[amenity.icon];
                return (
                  <li
                    key={amenity.title}
                    aria-roledescription="slide"
                    aria-label={fillText(text.position, { index: index + 1, count: amenities.length })}
                    className="min-w-0 shrink-0 grow-0 basis-[86%] snap-start sm:basis-[calc(50%-0.5rem)] lg:basis-auto"
                  >
                    <article className="flex h-full flex-col rounded-2xl border border-border/70 bg-card p-7 shadow-[0_1px_2px_rgba(31,42,36,0.04)]">
                      <span className="inline-flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                        <Icon className="size-5" aria-hidden="true" />
                      </span>
                      <h3 className="mt-6 font-display text-2xl font-medium">{amenity.title}</h3>
                      <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
                        {amenity.description}
                      </p>
                    </article>
                  </li>
                );
              })}
            </ul>
          </div>
          <StepButtons
            labels={text}
            onStep={(step) => scrollCarousel(stripRef.current, step)}
            tone="light"
            className="mt-8 flex justify-center gap-3 lg:hidden"
          />
        </div>
        <div className="mt-14 flex justify-center">
          <SectionLink section="booking" className={buttonVariants({ shape: 'pill', size: 'lg' })}>
            {features.action}
          </SectionLink>
        </div>
      </div>
    </section>
  );
}
