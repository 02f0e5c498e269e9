import { MailIcon, PhoneIcon } from 'lucide-react';
import { booking } from '@/content/landing';
import { site } from '@/content/site';
import { siteButton } from '@/client/features/site/site-button';
import { cx } from '@/client/lib/class-names';
import { SectionHeading } from './section-heading';

/** Until the booking request form exists, an honest call to action: write or call. */
export default function BookingSection() {
  const mailto = `mailto:${site.email}?subject=${encodeURIComponent(booking.emailSubject)}`;
  return (
    <div className="mx-auto max-w-7xl px-5 sm:px-8">
      <div className="rounded-[2rem] bg-primary px-6 py-16 text-primary-foreground sm:px-12 lg:py-20">
        <SectionHeading
          id="booking-title"
          eyebrow={booking.eyebrow}
          title={booking.title}
          intro={booking.intro}
          tone="dark"
        />
        <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <a href={mailto} className={cx(siteButton({ variant: 'ivory' }), 'w-full sm:w-auto')}>
            <MailIcon aria-hidden="true" />
            {booking.emailLabel}
          </a>
          <a
            href={`tel:${site.phone.replace(/\s/g, '')}`}
            className={cx(siteButton({ variant: 'outline-light' }), 'w-full sm:w-auto')}
          >
            <PhoneIcon aria-hidden="true" />
            {booking.phoneLabel}: {site.phone}
          </a>
        </div>
        <p className="mx-auto mt-8 max-w-xl text-center text-sm text-white/75">{booking.note}</p>
      </div>
    </div>
  );
}
