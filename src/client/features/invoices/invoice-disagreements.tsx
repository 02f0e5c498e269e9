import { useQuery } from '@tanstack/react-query';
import { AlertTriangleIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/client/components/ui/button';
import type { InvoiceDisagreement, InvoiceSummary } from '@/domain/invoice';
import { CreditNoteDialog } from './credit-note-dialog';
import { formatInvoiceAmount } from './invoice-labels';
import { bookingInvoicesQuery } from './invoices-api';
import type { Wire } from '@/domain/wire-amount';

/** What the invoice states that the booking no longer does: "states ₹10,000 and is made out to Asha Rao". */
function describeDisagreement(disagreement: Wire<InvoiceDisagreement>, currency: string): string {
  const parts: string[] = [];
  if (disagreement.fields.includes('total'))
    parts.push(`states ${formatInvoiceAmount({ currency }, disagreement.invoice_total)}`);
  if (disagreement.fields.includes('recipient'))
    parts.push(`is made out to ${disagreement.invoice_recipient}`);
  return parts.join(' and ');
}

const REASONS: Record<InvoiceDisagreement['fields'][number], string> = {
  total: "The stay's total changed",
  recipient: "The guest's name changed",
};

/**
 * After a booking's change: each of its invoices that no longer agrees with it (an invoice stays as
 * issued), with the credit note that takes it back, opened prefilled in one click. Render it outside a
 * form: the credit note is a form of its own.
 */
export function InvoiceDisagreements({
  bookingId,
  currency,
  disagreements,
}: {
  bookingId: string;
  currency: string;
  disagreements: readonly Wire<InvoiceDisagreement>[];
}) {
  const invoices = useQuery(bookingInvoicesQuery(bookingId));
  const [crediting, setCrediting] = useState<Wire<InvoiceSummary> | null>(null);
  const [credited, setCredited] = useState<ReadonlySet<string>>(new Set());
  const open = disagreements.filter((entry) => !credited.has(entry.invoice_id));
  if (open.length === 0) return null;
  return (
    <div className="grid gap-2" data-invoice-disagrees="">
      {open.map((disagreement) => {
        const invoice = invoices.data?.find((entry) => entry.id === disagreement.invoice_id);
        return (
          <div
            key={disagreement.invoice_id}
            role="status"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950"
          >
            <p className="flex min-w-0 gap-2">
              <AlertTriangleIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Saved. {disagreement.title} {disagreement.number}{' '}
                {describeDisagreement(disagreement, currency)}: it no longer agrees with the booking. A credit
                note takes it back; then issue a new invoice under Payments.
              </span>
            </p>
            <Button
              type="button"
              size="sm"
              disabled={!invoice}
              aria-haspopup="dialog"
              onClick={() => invoice && setCrediting(invoice)}
            >
              Issue a credit note against {disagreement.number}
            </Button>
          </div>
        );
      })}
      {crediting ? (
        <CreditNoteDialog
          invoice={crediting}
          reason={disagreements
            .find((entry) => entry.invoice_id === crediting.id)!
            .fields.map((field) => REASONS[field])
            .join('; ')}
          open
          onOpenChange={(next) => (next ? undefined : setCrediting(null))}
          onIssued={() => setCredited((done) => new Set([...done, crediting.id]))}
        />
      ) : null}
    </div>
  );
}
