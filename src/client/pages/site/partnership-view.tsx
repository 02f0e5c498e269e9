import { ArrowUpRightIcon, CheckIcon, MailIcon } from 'lucide-react';
import { getImageSrcSet, images } from '@/content/images';
import type { PartnershipText } from '@/content/partnership';
import type { SiteText } from '@/content/site-text';
import { localizePath } from '@/content/languages';
import { site } from '@/content/site';
import { getSiteContact } from '@/content/site-contact';
import { fillText } from '@/content/fill-text';
import { SiteImage } from '@/client/features/site/site-image';
import { CtaLink } from '@/client/features/site/cta-link';
import { SectionHeading } from '@/client/features/site/section-heading';
import { SitePageProvider } from '@/client/features/site/site-context';
import { SiteFooter } from '@/client/features/site/site-footer';
import { SiteHeader } from '@/client/features/site/site-header';
import type { PageMeta } from '@/client/lib/seo';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const heroImage = images['villa-dusk'];

/** The partnership page's head tags in the language of `texts`, at its path in that language. */
export function buildPartnershipMeta(texts: SiteText, partnership: PartnershipText): PageMeta {
  return {
    path: localizePath('/partnership', texts.language),
    title: partnership.title,
    description: texts.chrome.meta.partnershipDescription,
    image: `/assets/images/${heroImage.name}-1280.${heroImage.hash}.webp`,
    preloadImage: { srcSet: getImageSrcSet(heroImage, 'avif'), sizes: '100vw', type: 'image/avif' },
  };
}

/** A section of the page under its eyebrow, title and intro. */
function HeadedSection({
  id,
  eyebrow,
  heading,
  tone,
  width,
  className,
  children,
}: {
  id: string;
  eyebrow: string;
  heading: { title: string; intro: string };
  tone?: 'dark';
  width: 'max-w-6xl' | 'max-w-7xl';
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={clsx('py-20 lg:py-28', className)}>
      <div className={clsx('mx-auto px-5 sm:px-8', width)}>
        <SectionHeading id={id} text={{ eyebrow, title: heading.title, intro: heading.intro }} tone={tone} />
        {children}
      </div>
    </section>
  );
}

/** The partnership page in the language of `texts`; each language's page module gives its own. */
export function PartnershipView({ texts, partnership }: { texts: SiteText; partnership: PartnershipText }) {
  const { chrome } = texts;
  const { blocks, comparison, roadmap, cta } = partnership;
  return (
    <SitePageProvider texts={texts}>
      <SiteHeader currentPath="/partnership" />
      <main>
        <section
          aria-labelledby="partnership-title"
          className="relative isolate overflow-hidden bg-[#1b2320] text-white"
        >
          <SiteImage image={heroImage} alt="" sizes="100vw" priority fill className="-z-10" />
          <div
            aria-hidden="true"
            className="absolute inset-0 -z-10 bg-gradient-to-b from-[#0d1411]/80 via-[#0d1411]/65 to-[#0d1411]/90"
          />
          <div className="mx-auto max-w-5xl px-5 pt-36 pb-24 text-center sm:px-8 lg:pt-44 lg:pb-32">
            <p className="text-xs font-semibold tracking-[0.32em] text-[#f0d3a8] uppercase">
              {partnership.eyebrow}
            </p>
            <h1
              id="partnership-title"
              className="mt-6 font-display text-4xl leading-[1.08] font-medium text-balance sm:text-6xl lg:text-7xl"
            >
              {partnership.title}
            </h1>
          </div>
        </section>

        <section
          aria-label={chrome.partnership.introduction}
          className="mx-auto max-w-3xl px-5 py-20 sm:px-8 lg:py-28"
        >
          {partnership.intro.map((paragraph, index) => (
            <p
              key={paragraph.slice(0, 24)}
              className={clsx(
                'leading-relaxed',
                index === 0
                  ? 'font-display text-2xl text-foreground sm:text-3xl'
                  : 'mt-6 text-lg text-muted-foreground',
              )}
            >
              {paragraph}
            </p>
          ))}
        </section>

        {blocks.map((block, index) => (
          <section
            key={block.name}
            aria-labelledby={`block-${index}`}
            className={clsx('py-16 lg:py-24', index === 0 ? 'bg-card' : 'bg-background')}
          >
            <div className="mx-auto grid max-w-7xl items-center gap-12 px-5 sm:px-8 lg:grid-cols-2 lg:gap-20">
              <div className={clsx('grid grid-cols-2 gap-4', index === 1 && 'lg:order-2')}>
                {block.images.map((item, k) => (
                  <SiteImage
                    key={item.image}
                    image={images[item.image]}
                    alt={item.alt}
                    sizes="(min-width: 1024px) 25vw, 50vw"
                    className={clsx('aspect-[3/4] w-full rounded-2xl', k === 1 && 'mt-10')}
                  />
                ))}
              </div>
              <div>
                <p className="text-xs font-semibold tracking-[0.28em] text-accent uppercase">
                  {block.kicker}
                </p>
                <h2 id={`block-${index}`} className="mt-4 font-display text-4xl font-medium sm:text-5xl">
                  {block.name}
                </h2>
                <p className="mt-5 text-lg leading-relaxed text-muted-foreground">{block.description}</p>
                <ul className="mt-8 space-y-4">
                  {block.bullets.map((bullet) => (
                    <li key={bullet} className="flex gap-3">
                      <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">
                        <CheckIcon className="size-3.5" aria-hidden="true" />
                      </span>
                      <span className="leading-relaxed">{bullet}</span>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          </section>
        ))}

        <HeadedSection
          id="comparison-title"
          eyebrow={chrome.partnership.comparison}
          heading={comparison}
          tone="dark"
          className="bg-[#17221d] text-white"
          width="max-w-6xl"
        >
          <div className="mt-14 grid gap-6 md:grid-cols-2">
            {comparison.columns.map((column, index) => (
              <article
                key={column.name}
                className={clsx(
                  'rounded-2xl border p-8 lg:p-10',
                  index === 0 ? 'border-[#e8c79c]/40 bg-white/[0.06]' : 'border-white/15 bg-white/[0.03]',
                )}
              >
                <h3 className="font-display text-3xl">{column.name}</h3>
                <ul className="mt-6 divide-y divide-white/15">
                  {column.rows.map((row) => (
                    <li key={row} className="py-4 text-white/85">
                      {row}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </HeadedSection>

        <HeadedSection
          id="roadmap-title"
          eyebrow={chrome.partnership.roadmap}
          heading={roadmap}
          width="max-w-7xl"
        >
          <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {roadmap.regions.map((region, index) => (
              <li key={region.name} className="relative rounded-2xl border border-border/70 bg-card p-6">
                <span className="font-display text-lg text-accent">{String(index + 1).padStart(2, '0')}</span>
                <h3 className="mt-3 font-display text-3xl">{region.name}</h3>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{region.detail}</p>
              </li>
            ))}
          </ol>
        </HeadedSection>

        <section aria-labelledby="cta-title" className="px-5 pb-24 sm:px-8 lg:pb-32">
          <div className="mx-auto max-w-5xl rounded-[2rem] bg-primary px-6 py-16 text-center text-primary-foreground sm:px-12">
            <h2 id="cta-title" className="font-display text-4xl font-medium sm:text-5xl">
              {cta.title}
            </h2>
            <p className="mx-auto mt-5 max-w-xl text-lg text-white/80">{cta.text}</p>
            <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row sm:flex-wrap">
              <CtaLink
                variant="ivory"
                href={`mailto:${getSiteContact().email}?subject=${encodeURIComponent(cta.emailSubject)}`}
              >
                <MailIcon aria-hidden="true" />
                {cta.emailLabel}
              </CtaLink>
              {[{ name: site.brandName, url: site.url }, site.sisterBrand].map((brand) => (
                <CtaLink key={brand.url} variant="outline-light" href={brand.url} rel="noopener">
                  {fillText(chrome.contact.visit, { name: brand.name })}
                  <ArrowUpRightIcon aria-hidden="true" />
                </CtaLink>
              ))}
            </div>
          </div>
        </section>
      </main>
      <SiteFooter currentPath="/partnership" />
    </SitePageProvider>
  );
}
