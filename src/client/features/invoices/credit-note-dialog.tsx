import { useForm } from 'react-hook-form';
import { FormDialog } from '@/client/components/form-dialog';
import { FormField } from '@/client/components/ui/form';
import { MoneyInput } from '@/client/components/ui/input';
import { Textarea } from '@/client/components/ui/textarea';
import { nullableNumber } from '@/client/lib/form-values';
import { wireResolver } from '@/client/lib/wire-resolver';
import {
  CREDIT_NOTE_REASON_MAX,
  IssueCreditNoteSchema,
  type InvoiceSummary,
  type IssueCreditNoteInput,
} from '@/domain/invoice';
import { formatInvoiceAmount } from './invoice-labels';
import { useIssueCreditNote } from './invoices-api';
import { useIssueDocument } from './use-issue-document';
import type { Wire } from '@/domain/wire-amount';

const FIELDS = ['amount', 'reason'] as const;
const isField = (name: string | undefined): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name ?? '');

/**
 * A credit note against an invoice: all that is left of it unless the operator takes back less, and why.
 * A refusal by the server is said in the dialog (at its field when it names one) and what was typed stays.
 * Render it while open: it starts from the amount and reason it is given.
 */
export function CreditNoteDialog({
  invoice,
  open,
  onOpenChange,
  amount,
  reason = '',
  onIssued,
}: {
  invoice: Wire<InvoiceSummary>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The amount to start from (a refund just recorded); all that is left when not given. */
  amount?: number;
  reason?: string;
  onIssued?: () => void;
}) {
  const left = invoice.left_to_credit ?? 0;
  // The amount is sent as typed (rupees): the server decodes it.
  const form = useForm<IssueCreditNoteInput, unknown, IssueCreditNoteInput>({
    resolver: wireResolver(IssueCreditNoteSchema),
    defaultValues: { amount: Math.min(amount ?? left, left), reason },
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const issue = useIssueCreditNote(invoice.id);
  const money = (value: number) => formatInvoiceAmount(invoice, value);
  const issuing = useIssueDocument({
    form,
    issue: issue.mutateAsync,
    pending: issue.isPending,
    describe: (note) => `${money(note.total)} against ${invoice.number} · ${note.recipient_name}`,
    onIssued: () => {
      onOpenChange(false);
      onIssued?.();
    },
    fieldOf: (field) => (isField(field) ? field : undefined),
    failure: 'The credit note could not be issued',
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Credit note against ${invoice.number}`}
      description={
        <>
          It reduces {invoice.title.toLowerCase()} {invoice.number} ({money(invoice.total)}) by the amount,
          tax included. An issued credit note cannot be changed.
        </>
      }
      submitLabel="Issue credit note"
      {...issuing}
    >
      <FormField
        label={`Amount (${invoice.currency})`}
        hint={`at most ${money(left)}; blank credits all of it`}
        error={errors.amount}
      >
        {(props) => (
          <MoneyInput {...props} inputMode="decimal" max={left} {...register('amount', nullableNumber)} />
        )}
      </FormField>
      <FormField label="Reason" error={errors.reason} required>
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            maxLength={CREDIT_NOTE_REASON_MAX}
            aria-required="true"
            placeholder="e.g. Refund of the deposit, Stay cancelled"
            {...register('reason')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
