import { MailIcon, PhoneIcon } from 'lucide-react';
import { useLandingText } from './site-context';
import { formatTelHref, getSiteContact } from '@/content/site-contact';
import { BookingRequestForm } from '@/client/features/booking-request';
import { CtaLink } from './cta-link';
import { SectionHeading } from './section-heading';

/** The booking request form, with writing or calling as the alternative. */
export default function BookingSection() {
  const { booking } = useLandingText();
  const mailto = `mailto:${getSiteContact().email}?subject=${encodeURIComponent(booking.emailSubject)}`;
  return (
    <div className="mx-auto max-w-7xl px-5 sm:px-8">
      <div className="rounded-[2rem] bg-primary px-3 py-16 text-primary-foreground sm:px-12 lg:py-20">
        <SectionHeading id="booking-title" text={booking} tone="dark" />
        <div className="mt-10 text-left">
          <BookingRequestForm />
        </div>
        <p className="mt-10 text-center text-sm text-white/80">{booking.alternative}</p>
        <div className="mt-4 flex flex-col items-center justify-center gap-3 sm:flex-row">
          <CtaLink variant="ivory" href={mailto}>
            <MailIcon aria-hidden="true" />
            {booking.emailLabel}
          </CtaLink>
          <CtaLink variant="outline-light" href={formatTelHref(getSiteContact().phone)}>
            <PhoneIcon aria-hidden="true" />
            {booking.phoneLabel}: {getSiteContact().phone}
          </CtaLink>
        </div>
        <p className="mx-auto mt-8 max-w-xl text-center text-sm text-white/75">{booking.note}</p>
      </div>
    </div>
  );
}
