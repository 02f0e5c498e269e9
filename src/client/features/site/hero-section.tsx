import { ChevronDownIcon } from 'lucide-react';
import { images } from '@/content/images';
import { site } from '@/content/site';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { SiteImage } from './site-image';
import { SectionLink, useLandingText, useSiteText } from './site-context';

export function HeroSection() {
  const texts = useSiteText();
  const { hero } = useLandingText();
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="relative isolate flex min-h-[100svh] flex-col overflow-hidden bg-[#1b2320] text-white"
    >
      <SiteImage
        image={images[hero.image]}
        alt={hero.imageAlt}
        sizes="100vw"
        priority
        fill
        className="-z-10"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-[#0d1411]/60 via-[#0d1411]/30 to-[#0d1411]/85"
      />
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col justify-center px-5 pt-28 pb-10 sm:px-8 lg:pt-32">
        <p className="text-xs font-semibold tracking-[0.32em] text-[#f0d3a8] uppercase">{site.brandName}</p>
        <h1
          id="home-title"
          className="mt-5 font-display text-6xl leading-[0.95] font-medium text-balance sm:text-7xl lg:text-8xl"
        >
          {hero.tagline}
        </h1>
        <p className="mt-6 font-display text-2xl text-white italic sm:text-3xl">{hero.headline}</p>
        <p className="mt-5 max-w-xl text-base leading-relaxed text-white/85 sm:text-lg">{hero.copy}</p>
        <div className="mt-9 flex flex-col gap-3 sm:flex-row">
          <SectionLink
            section="booking"
            className={buttonVariants({ variant: 'bronze', shape: 'pill', size: 'lg' })}
          >
            {hero.primaryAction}
          </SectionLink>
          <SectionLink
            section="about"
            className={buttonVariants({ variant: 'outline-light', shape: 'pill', size: 'lg' })}
          >
            {hero.secondaryAction}
          </SectionLink>
        </div>
        <dl className="mt-12 grid max-w-3xl grid-cols-2 gap-x-6 gap-y-6 border-t border-white/25 pt-8 sm:grid-cols-4">
          {hero.facts.map((fact) => (
            <div key={fact.label} className="flex flex-col-reverse gap-1">
              <dt className="text-xs font-medium tracking-[0.18em] text-white/80 uppercase">{fact.label}</dt>
              <dd className="font-display text-3xl sm:text-4xl">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="flex justify-center pb-6">
        <SectionLink
          section="highlights"
          aria-label={texts.chrome.hero.scrollToFeatures}
          className="inline-flex size-11 items-center justify-center rounded-full border border-white/40 text-white transition-colors hover:bg-white/15 motion-safe:animate-float"
        >
          <ChevronDownIcon className="size-5" aria-hidden="true" />
        </SectionLink>
      </div>
    </section>
  );
}
