import { DownloadIcon } from 'lucide-react';
import { buildEndpointPath, messageRoutes } from '@/domain/contracts/routes';
import type { GuestInvoice } from '@/domain/message';
import { formatMajorAmount } from '@/domain/money';
import { fillText } from '@/content/fill-text';
import type { GuestRequestText } from '@/content/guest-request';
import type { Language } from '@/content/languages';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { formatDayMonthYearIn } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';
import type { Wire } from '@/domain/wire-amount';

/** The stay's invoices, bills of supply, receipts and credit notes, each with its PDF. */
export function GuestInvoices({
  token,
  invoices,
  text,
  language,
}: {
  token: string;
  invoices: Wire<GuestInvoice>[];
  text: GuestRequestText['invoices'];
  language: Language;
}) {
  // The documents are titled in English (as GST has them); the page names them in its language.
  const titleOf = (invoice: Wire<GuestInvoice>) =>
    text.titles[invoice.title as keyof typeof text.titles] ?? invoice.title;
  return (
    <section aria-labelledby="invoices-title" className="mt-8 rounded-xl bg-background p-5 sm:p-6">
      <h2 id="invoices-title" className="font-display text-2xl font-medium">
        {text.heading}
      </h2>
      <ul className="mt-4 divide-y divide-border">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-foreground">
                {titleOf(invoice)} <span className="break-all lining-nums">{invoice.number}</span>
              </p>
              <p className="mt-0.5 text-sm text-muted-foreground lining-nums">
                {formatDayMonthYearIn(invoice.issued_on, language)} ·{' '}
                {formatMajorAmount(invoice.total, invoice.currency)}
              </p>
            </div>
            <a
              href={buildEndpointPath(messageRoutes.getGuestInvoicePdf, { token, invoiceId: invoice.id })}
              download
              aria-label={fillText(text.downloadLabel, { document: `${titleOf(invoice)} ${invoice.number}` })}
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm', shape: 'pill' }),
                'self-start px-4 sm:self-auto',
              )}
            >
              <DownloadIcon aria-hidden="true" />
              {text.download}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
