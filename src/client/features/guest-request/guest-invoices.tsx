import { DownloadIcon } from 'lucide-react';
import { buildEndpointPath, messageRoutes } from '@/domain/contracts/routes';
import type { GuestInvoice } from '@/domain/message';
import { formatMajorAmount } from '@/domain/money';
import { buttonVariants } from '@/client/components/ui/button-variants';
import { formatDayMonthYear } from '@/client/lib/format';
import { cn } from '@/client/lib/utils';

/** The stay's invoices, bills of supply, receipts and credit notes, each with its PDF. */
export function GuestInvoices({ token, invoices }: { token: string; invoices: GuestInvoice[] }) {
  return (
    <section aria-labelledby="invoices-title" className="mt-8 rounded-xl bg-background p-5 sm:p-6">
      <h2 id="invoices-title" className="font-display text-2xl font-medium">
        Your invoices
      </h2>
      <ul className="mt-4 divide-y divide-border">
        {invoices.map((invoice) => (
          <li
            key={invoice.id}
            className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
          >
            <div>
              <p className="font-semibold text-foreground">
                {invoice.title} <span className="break-all lining-nums">{invoice.number}</span>
              </p>
              <p className="mt-0.5 text-sm text-muted-foreground lining-nums">
                {formatDayMonthYear(invoice.issued_on)} · {formatMajorAmount(invoice.total, invoice.currency)}
              </p>
            </div>
            <a
              href={buildEndpointPath(messageRoutes.getGuestInvoicePdf, { token, invoiceId: invoice.id })}
              download
              aria-label={`Download PDF: ${invoice.title} ${invoice.number}`}
              className={cn(
                buttonVariants({ variant: 'outline', size: 'sm', shape: 'pill' }),
                'self-start px-4 sm:self-auto',
              )}
            >
              <DownloadIcon aria-hidden="true" />
              Download PDF
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
