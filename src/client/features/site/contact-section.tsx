import { ArrowUpRightIcon, AtSignIcon, GlobeIcon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLandingText, useSiteText } from './site-context';
import { site } from '@/content/site';
import { describeContactAddress, formatTelHref, getSiteContact } from '@/content/site-contact';
import { fillText } from '@/content/fill-text';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { SectionHeading } from './section-heading';

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-border/70 bg-card p-6">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-xs font-semibold tracking-[0.18em] text-muted-foreground uppercase">{label}</p>
        <div className="mt-1 text-base break-words text-foreground">{children}</div>
      </div>
    </li>
  );
}

const linkClass =
  'underline decoration-accent/40 underline-offset-4 transition-colors hover:text-accent hover:decoration-accent';

export default function ContactSection() {
  const texts = useSiteText();
  const { contact } = useLandingText();
  const text = texts.chrome.contact;
  const address = getSiteContact();
  return (
    <div className="mx-auto max-w-7xl px-5 sm:px-8">
      <SectionHeading id="contact-title" text={contact} />
      <ul className="mt-14 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3">
        <ContactItem icon={<PhoneIcon aria-hidden="true" />} label={text.phone}>
          <a className={linkClass} href={formatTelHref(getSiteContact().phone)}>
            {getSiteContact().phone}
          </a>
        </ContactItem>
        <ContactItem icon={<MailIcon aria-hidden="true" />} label={text.email}>
          <a className={linkClass} href={`mailto:${getSiteContact().email}`}>
            {getSiteContact().email}
          </a>
        </ContactItem>
        <ContactItem icon={<MapPinIcon aria-hidden="true" />} label={text.address}>
          <address className="not-italic">
            {describeContactAddress(address, texts.chrome.postalAddress)}
          </address>
        </ContactItem>
        <ContactItem icon={<GlobeIcon aria-hidden="true" />} label={text.website}>
          <a className={linkClass} href={site.url} rel="noopener">
            {new URL(site.url).host}
          </a>
        </ContactItem>
        <ContactItem icon={<AtSignIcon aria-hidden="true" />} label={text.social}>
          <a className={linkClass} href={getSiteContact().social_url} rel="noopener noreferrer">
            {getSiteContact().social_handle}
          </a>
        </ContactItem>
        <ContactItem icon={<ArrowUpRightIcon aria-hidden="true" />} label={text.sisterBrand}>
          <a className={linkClass} href={site.sisterBrand.url} rel="noopener">
            {site.sisterBrand.name}
          </a>
          <span className="block text-sm text-muted-foreground">{text.sisterBrandDescription}</span>
        </ContactItem>
      </ul>
      <div className="mt-12 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a
          href={`mailto:${getSiteContact().email}`}
          className={buttonVariants({ shape: 'pill', size: 'lg' })}
        >
          <MailIcon aria-hidden="true" />
          {text.sendEmail}
        </a>
        <a
          href={site.url}
          rel="noopener"
          className={buttonVariants({ variant: 'outline', shape: 'pill', size: 'lg' })}
        >
          {fillText(text.visit, { name: site.brandName })}
          <ArrowUpRightIcon aria-hidden="true" />
        </a>
        <a
          href={site.sisterBrand.url}
          rel="noopener"
          className={buttonVariants({ variant: 'outline', shape: 'pill', size: 'lg' })}
        >
          {fillText(text.visit, { name: site.sisterBrand.name })}
          <ArrowUpRightIcon aria-hidden="true" />
        </a>
      </div>
    </div>
  );
}
