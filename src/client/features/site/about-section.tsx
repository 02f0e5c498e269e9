import { images } from '@/content/images';
import { useLandingText } from './site-context';
import { SiteImage } from './site-image';
import { SectionHeading } from './section-heading';

export default function AboutSection() {
  const { about } = useLandingText();
  return (
    <div className="mx-auto grid max-w-7xl items-center gap-14 px-5 sm:px-8 lg:grid-cols-2 lg:gap-20">
      <div>
        <SectionHeading id="about-title" text={about} align="left" />
        {about.paragraphs.map((paragraph) => (
          <p
            key={paragraph.slice(0, 24)}
            className="mt-6 text-base leading-relaxed text-muted-foreground sm:text-lg"
          >
            {paragraph}
          </p>
        ))}
        <dl className="mt-10 grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-border bg-border">
          {about.facts.map((fact) => (
            <div key={fact.label} className="flex flex-col-reverse gap-1 bg-card p-5">
              <dt className="text-xs font-medium tracking-[0.16em] text-muted-foreground uppercase">
                {fact.label}
              </dt>
              <dd className="font-display text-3xl text-primary">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <SiteImage
        image={images[about.image]}
        alt={about.imageAlt}
        sizes="(min-width: 1024px) 40vw, 100vw"
        className="aspect-[4/5] w-full rounded-[2rem]"
      />
    </div>
  );
}
