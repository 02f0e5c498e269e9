import { CheckIcon, CopyIcon, CreditCardIcon, SmartphoneIcon } from 'lucide-react';
import type { Wire } from '@/domain/wire-amount';
import { useState, type ComponentProps } from 'react';
import type { GuestPayment as GuestPaymentData } from '@/domain/message';
import { formatMajorAmount } from '@/domain/money';
import { fillText } from '@/content/fill-text';
import type { GuestRequestText } from '@/content/guest-request';
import type { Language } from '@/content/languages';
import { paymentTexts } from '@/content/payments';
import { withSiteContact } from '@/content/site-contact';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { formatLongDateIn } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';

type PaymentText = GuestRequestText['payment'];

/**
 * Whether a QR code from the server can be put into the page as markup: our own SVG (renderQrSvg), which
 * never holds scripts, foreign content, event handlers or links. Anything else is not shown.
 */
export function isSafeQrSvg(svg: string): boolean {
  return (
    svg.startsWith('<svg ') &&
    svg.trimEnd().endsWith('</svg>') &&
    !/<script|<foreignObject|<iframe|<image|<use|\son\w+\s*=|href|javascript:/i.test(svg)
  );
}

/** Only a web address is made a link (the server's answer names Razorpay's page; nothing else runs). */
function isPaymentPageUrl(url: string | undefined): url is string {
  return url !== undefined && /^https?:\/\//i.test(url);
}

function CopyVpaButton({ vpa, text }: { vpa: string; text: PaymentText }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(vpa);
      setState('copied');
    } catch {
      // No clipboard (an old browser, or a page not served over HTTPS): the ID is on screen to type.
      setState('failed');
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void copy()}
        className={cn(buttonVariants({ variant: 'outline', size: 'sm', shape: 'pill' }), 'px-4')}
      >
        {state === 'copied' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
        {text.copy}
      </button>
      <span role="status" className="text-sm text-muted-foreground">
        {state === 'copied' ? text.copied : state === 'failed' ? text.copyByHand : ''}
      </span>
    </>
  );
}

/**
 * What the guest pays now and how: by UPI (the link for a phone's UPI app, its QR code for another device,
 * the UPI ID to type) when offered, and the operator's words otherwise (or beside it).
 */
export function GuestPayment({
  payment,
  currency,
  text,
  language,
}: {
  payment: Wire<GuestPaymentData>;
  currency: string;
  text: PaymentText;
  language: Language;
}) {
  const amount = formatMajorAmount(payment.amount_due_now, currency);
  const upi = payment.upi;
  const heading = fillText(upi ? text.upiHeading : text.otherHeading, { amount });
  // The operator's own words are shown as written; the site's words for when they wrote none, translated.
  const instructions =
    payment.instructions === paymentTexts.fallbackInstructions
      ? withSiteContact(text.fallbackInstructions)
      : payment.instructions;
  return (
    <section
      aria-labelledby="payment-title"
      className="mt-8 rounded-xl border border-accent/40 bg-background p-5 sm:p-6"
    >
      <h2 id="payment-title" className="font-display text-2xl font-medium lining-nums">
        {heading}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {fillText(text.dueLine, { date: formatLongDateIn(payment.due_date, language) })}
      </p>
      {isPaymentPageUrl(payment.link) ? (
        <PayLink
          href={payment.link}
          rel="noopener noreferrer"
          variant={upi ? 'outline' : 'default'}
          className="mt-5"
        >
          <CreditCardIcon aria-hidden="true" />
          {text.onlineButton}
        </PayLink>
      ) : null}
      {upi ? (
        <div className="mt-5 grid gap-6 sm:grid-cols-[1fr_auto] sm:items-start">
          <div className="space-y-4">
            <PayLink href={upi.uri} variant="default">
              <SmartphoneIcon aria-hidden="true" />
              {text.upiButton}
            </PayLink>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="text-xs font-semibold tracking-widest text-muted-foreground uppercase">
                  {text.upiIdLabel}
                </dt>
                <dd className="mt-1 flex flex-wrap items-center gap-3">
                  <span className="font-mono text-base break-all text-foreground">{upi.vpa}</span>
                  <CopyVpaButton vpa={upi.vpa} text={text} />
                </dd>
              </div>
              <div>
                <dt className="text-xs font-semibold tracking-widest text-muted-foreground uppercase">
                  {text.payeeLabel}
                </dt>
                <dd className="mt-1 text-base text-foreground">{upi.payee_name}</dd>
              </div>
            </dl>
          </div>
          {isSafeQrSvg(upi.qr_svg) ? (
            <figure className="mx-auto w-52 sm:mx-0">
              <div
                className="rounded-lg border border-border bg-white p-1 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
                // Our own SVG, checked above: a QR code drawn on the server, nothing that runs.
                dangerouslySetInnerHTML={{ __html: upi.qr_svg }}
              />
              <figcaption className="mt-2 text-xs leading-snug text-muted-foreground">
                {text.upiScan}
              </figcaption>
            </figure>
          ) : null}
        </div>
      ) : null}
      {instructions ? (
        <p className="mt-4 leading-relaxed whitespace-pre-line text-foreground">{instructions}</p>
      ) : null}
      {upi ? <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{text.keepUtr}</p> : null}
    </section>
  );
}

/** A large pill link to pay (the payment page, a UPI app): the whole width on a phone, its own from `sm` up. */
function PayLink({ variant, className, ...props }: ComponentProps<'a'> & { variant: 'default' | 'outline' }) {
  return (
    <a
      {...props}
      className={cn(
        buttonVariants({ variant, size: 'lg', shape: 'pill' }),
        className,
        'w-full px-6 sm:w-auto',
      )}
    />
  );
}
